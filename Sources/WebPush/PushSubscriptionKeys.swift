import Crypto

/// What a browser's push subscription gives the sender: its P-256 public key (`keys.p256dh`) and its
/// 16-byte authentication secret (`keys.auth`), both base64url as `PushSubscription.toJSON()` writes them.
package struct PushSubscriptionKeys: Sendable {
    package let publicKey: P256.KeyAgreement.PublicKey
    package let authSecret: [UInt8]
    /// The uncompressed point, as RFC 8291's key_info carries it (`keys.p256dh` decoded).
    package let uncompressedPoint: [UInt8]

    package enum Invalid: Error, Equatable {
        /// `keys.p256dh` is not base64url of an uncompressed point on P-256 (65 bytes, 0x04 first).
        case p256dh
        /// `keys.auth` is not base64url of 16 bytes.
        case auth
    }

    package init(p256dh: String, auth: String) throws(Invalid) {
        guard let point = Base64URL.decode(p256dh), point.count == 65, point.first == 4,
            let key = try? P256.KeyAgreement.PublicKey(x963Representation: point)
        else { throw .p256dh }
        guard let secret = Base64URL.decode(auth), secret.count == 16 else { throw .auth }
        publicKey = key
        authSecret = secret
        uncompressedPoint = point
    }
}
