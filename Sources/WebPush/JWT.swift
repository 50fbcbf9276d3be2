import Crypto
import Foundation

/// Compact JWS tokens (RFC 7515) with sorted-key JSON: VAPID's (ES256), APNs' provider token (ES256),
/// and, in the Relay target, the assertion a Google service account trades for an access token (RS256).
package enum JWT {
    /// `header.claims`, each base64url JSON with sorted keys: what is signed.
    package static func signingInput(header: some Encodable, claims: some Encodable) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return Base64URL.encode(try encoder.encode(header)) + "." + Base64URL.encode(try encoder.encode(claims))
    }

    /// ES256: ECDSA P-256 with SHA-256, the signature as r‖s (RFC 7518 §3.4).
    package static func es256(header: some Encodable, claims: some Encodable, key: P256.Signing.PrivateKey) throws -> String {
        let input = try signingInput(header: header, claims: claims)
        return input + "." + Base64URL.encode(try key.signature(for: Data(input.utf8)).rawRepresentation)
    }
}
