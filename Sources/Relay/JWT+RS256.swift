import CryptoExtras
import Foundation
import WebPush

extension JWT {
    /// RS256: RSASSA-PKCS1-v1_5 with SHA-256 (RFC 7518 §3.3).
    package static func rs256(header: some Encodable, claims: some Encodable, key: _RSA.Signing.PrivateKey) throws -> String {
        let input = try signingInput(header: header, claims: claims)
        return input + "." + Base64URL.encode(try key.signature(for: Data(input.utf8), padding: .insecurePKCS1v1_5).rawRepresentation)
    }
}
