import Crypto

/// RFC 8291: a Web Push message encrypted for one subscription.
///
/// A fresh P-256 key pair and salt per message; ECDH with the subscription's key, HKDF with its
/// authentication secret ("WebPush: info"), then RFC 8188's `aes128gcm` with the sender's public key as
/// the key id. Every body is padded to the same length (`paddedLength`), so that what the push service and
/// anyone watching see says nothing about the content's length.
package enum PushMessageEncryption {
    /// The length of every body: the 4096 bytes every push service must accept (RFC 8030 §7.2).
    package static let paddedLength = 4096
    /// The header: salt 16, record size 4, key id length 1, the sender's public key 65.
    package static let headerLength = 86
    /// The most plaintext one padded body holds.
    package static let maxPlaintext = paddedLength - headerLength - ContentEncoding.tagSize - 1

    package struct TooLarge: Error, Equatable {
        package let bytes: Int

        package init(bytes: Int) { self.bytes = bytes }
    }

    /// The body for `plaintext`, padded to `paddedLength` unless `pad` is false. The ephemeral key and the
    /// salt are random unless given (the RFC's example gives them).
    package static func encrypt(
        _ plaintext: [UInt8], for subscription: PushSubscriptionKeys, pad: Bool = true,
        ephemeralKey: P256.KeyAgreement.PrivateKey = ephemeralKey(), salt: [UInt8]? = nil
    ) throws -> [UInt8] {
        guard plaintext.count <= maxPlaintext else { throw TooLarge(bytes: plaintext.count) }
        let senderPoint = Array(ephemeralKey.publicKey.x963Representation)
        let shared = try ephemeralKey.sharedSecretFromKeyAgreement(with: subscription.publicKey)
        let info = Array("WebPush: info\0".utf8) + subscription.uncompressedPoint + senderPoint
        let keyMaterial = shared.hkdfDerivedSymmetricKey(
            using: SHA256.self, salt: subscription.authSecret, sharedInfo: info, outputByteCount: 32)
        let salt = salt ?? Array(SymmetricKey(size: .bits128).withUnsafeBytes { Array($0) })
        return try ContentEncoding.encrypt(
            plaintext, keyMaterial: keyMaterial, salt: salt, keyID: senderPoint,
            padding: pad ? maxPlaintext - plaintext.count : 0)
    }

    /// A fresh P-256 key for one message: a scalar of 32 random bytes (BoringSSL's generator, as the salt's),
    /// drawn again in the rare case it is not below the curve's order (FIPS 186-5's rejection sampling).
    /// `P256.KeyAgreement.PrivateKey()` makes such a key and then checks it as a FIPS module must (an ECDSA
    /// signature made and verified): a quarter of a push's encryption, for a key that does one ECDH and
    /// is dropped.
    package static func ephemeralKey() -> P256.KeyAgreement.PrivateKey {
        while true {
            // Refused only when zero or not below the order: about one draw in four billion.
            if let key = SymmetricKey(size: .bits256).withUnsafeBytes({ try? P256.KeyAgreement.PrivateKey(rawRepresentation: $0) }) {
                return key
            }
        }
    }
}
