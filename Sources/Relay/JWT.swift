import Crypto
import CryptoExtras
import Foundation
import WebPush

/// Compact JWS tokens (RFC 7515) as the push providers take them: APNs' provider token (ES256) and the
/// assertion a Google service account trades for an access token (RS256).
package enum JWT {
    /// `header.claims`, each base64url JSON with sorted keys: what is signed.
    static func signingInput(header: some Encodable, claims: some Encodable) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return Base64URL.encode(try encoder.encode(header)) + "." + Base64URL.encode(try encoder.encode(claims))
    }

    /// ES256: ECDSA P-256 with SHA-256, the signature as r‖s (RFC 7518 §3.4).
    package static func es256(header: some Encodable, claims: some Encodable, key: P256.Signing.PrivateKey) throws -> String {
        let input = try signingInput(header: header, claims: claims)
        return input + "." + Base64URL.encode(try key.signature(for: Data(input.utf8)).rawRepresentation)
    }

    /// RS256: RSASSA-PKCS1-v1_5 with SHA-256 (RFC 7518 §3.3).
    package static func rs256(header: some Encodable, claims: some Encodable, key: _RSA.Signing.PrivateKey) throws -> String {
        let input = try signingInput(header: header, claims: claims)
        return input + "." + Base64URL.encode(try key.signature(for: Data(input.utf8), padding: .insecurePKCS1v1_5).rawRepresentation)
    }
}
