import Crypto
import Foundation

/// An application server's VAPID key pair (RFC 8292): what signs every push request, and what a browser
/// subscribes with (`applicationServerKey`). A subscription stays tied to the key it was made with.
package struct VAPIDKey: Sendable {
    package let privateKey: P256.Signing.PrivateKey
    /// The uncompressed public point, base64url: `applicationServerKey`, and `k` in the header.
    package let publicKey: String
    /// A short stable name for the key: `vapid_` and 12 hex digits of the public point's SHA-256.
    /// (Both are derived once: the public point is a scalar multiplication, and every push names its key.)
    package let id: String

    package init(privateKey: P256.Signing.PrivateKey = .init()) {
        self.privateKey = privateKey
        let point = privateKey.publicKey.x963Representation
        publicKey = Base64URL.encode(point)
        id = "vapid_" + SHA256.hash(data: point).prefix(6).map { String(format: "%02x", $0) }.joined()
    }

    /// A key from its stored form (the 32-byte scalar).
    package init(rawPrivateKey: [UInt8]) throws {
        self.init(privateKey: try P256.Signing.PrivateKey(rawRepresentation: rawPrivateKey))
    }

    package var rawPrivateKey: [UInt8] { Array(privateKey.rawRepresentation) }
}
