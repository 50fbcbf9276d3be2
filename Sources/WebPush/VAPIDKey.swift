import Crypto
import Foundation

/// An application server's VAPID key pair (RFC 8292): what signs every push request, and what a browser
/// subscribes with (`applicationServerKey`). A subscription stays tied to the key it was made with.
package struct VAPIDKey: Sendable {
    package let privateKey: P256.Signing.PrivateKey

    package init(privateKey: P256.Signing.PrivateKey = .init()) {
        self.privateKey = privateKey
    }

    /// A key from its stored form (the 32-byte scalar).
    package init(rawPrivateKey: [UInt8]) throws {
        self.init(privateKey: try P256.Signing.PrivateKey(rawRepresentation: rawPrivateKey))
    }

    package var rawPrivateKey: [UInt8] { Array(privateKey.rawRepresentation) }

    /// The uncompressed public point, base64url: `applicationServerKey`, and `k` in the header.
    package var publicKey: String { Base64URL.encode(privateKey.publicKey.x963Representation) }

    /// A short stable name for the key: `vapid_` and 12 hex digits of the public point's SHA-256.
    package var id: String {
        "vapid_" + SHA256.hash(data: privateKey.publicKey.x963Representation).prefix(6).map { String(format: "%02x", $0) }.joined()
    }
}
