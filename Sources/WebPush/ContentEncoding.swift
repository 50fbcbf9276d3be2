import Crypto

/// RFC 8188's `aes128gcm` content coding, one record: what a Web Push message body is.
///
/// The body is a header (salt, record size, key id) and one AES-128-GCM record of the plaintext, its
/// delimiter (0x02, "last record") and zero padding. The content-encryption key and nonce come from the
/// input keying material and the salt through HKDF-SHA-256.
package enum ContentEncoding {
    /// The record size the header announces: RFC 8291 §4 uses 4096, the size every push service takes.
    package static let recordSize: UInt32 = 4096
    /// AES-GCM's tag.
    package static let tagSize = 16

    /// The body for `plaintext`, its record padded with `padding` zeros.
    package static func encrypt(
        _ plaintext: [UInt8], keyMaterial: SymmetricKey, salt: [UInt8], keyID: [UInt8], padding: Int = 0
    ) throws -> [UInt8] {
        precondition(salt.count == 16 && keyID.count < 256 && padding >= 0)
        let (key, nonce) = derive(keyMaterial: keyMaterial, salt: salt)
        let record = plaintext + [2] + [UInt8](repeating: 0, count: padding)
        precondition(record.count + tagSize <= Int(recordSize), "one record holds at most \(Int(recordSize) - tagSize - 1) bytes")
        let sealed = try AES.GCM.seal(record, using: key, nonce: try AES.GCM.Nonce(data: nonce))
        let size = recordSize
        let header =
            salt + [UInt8(size >> 24), UInt8((size >> 16) & 0xFF), UInt8((size >> 8) & 0xFF), UInt8(size & 0xFF)]
            + [UInt8(keyID.count)] + keyID
        return header + Array(sealed.ciphertext) + Array(sealed.tag)
    }

    /// The content-encryption key and the record's nonce (RFC 8188 §2.2 and §2.3; one record, sequence 0).
    package static func derive(keyMaterial: SymmetricKey, salt: [UInt8]) -> (key: SymmetricKey, nonce: [UInt8]) {
        let key = HKDF<SHA256>.deriveKey(
            inputKeyMaterial: keyMaterial, salt: salt, info: Array("Content-Encoding: aes128gcm\0".utf8), outputByteCount: 16)
        let nonce = HKDF<SHA256>.deriveKey(
            inputKeyMaterial: keyMaterial, salt: salt, info: Array("Content-Encoding: nonce\0".utf8), outputByteCount: 12)
        return (key, nonce.withUnsafeBytes { Array($0) })
    }
}
