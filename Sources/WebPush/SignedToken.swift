import Crypto
import Foundation

/// Capabilities the server hands out and later checks without storing them: the claims as JSON and an
/// HMAC-SHA-256 over them, both base64url, after a prefix that says what the token is for
/// (`wpr_…`: a response to one delivery; `wpa_…`: one attachment's file). Whoever holds one may do that
/// one thing until it expires, and nothing else.
package enum SignedToken {
    /// The token for `claims`, signed by `keyed` (an HMAC keyed once with the signing key).
    package static func make(_ claims: some Encodable, prefix: String, keyed: HMAC<SHA256>) throws -> String {
        make(json: Array(try encoder.encode(claims)), prefix: prefix, keyed: keyed)
    }

    /// The token for claims already written as JSON (by a hot path that writes its own), signed from a copy
    /// of `keyed`: an HMAC keyed once with the signing key (its key schedule is two hash blocks, which a
    /// token made for every push need not work out again).
    package static func make(json: [UInt8], prefix: String, keyed: HMAC<SHA256>) -> String {
        var signed = prefix + Base64URL.encode(json)
        var mac = keyed
        signed.withUTF8 { mac.update(data: UnsafeRawBufferPointer($0)) }
        return signed + "." + Base64URL.encode(mac.finalize())
    }

    private static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        return encoder
    }()

    /// A token's claims, not yet checked: what names the key to check it with. Nil if it is not a token
    /// with `prefix`.
    package static func claims<Claims: Decodable>(of token: String, as type: Claims.Type, prefix: String) -> Claims? {
        guard token.hasPrefix(prefix), token.utf8.count < 4096 else { return nil }
        let parts = token.dropFirst(prefix.count).split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 2, let json = Base64URL.decode(String(parts[0])) else { return nil }
        return try? JSONDecoder().decode(Claims.self, from: Data(json))
    }

    /// Whether `key` signed the token (with `prefix`).
    package static func isSigned(_ token: String, prefix: String, by key: SymmetricKey) -> Bool {
        guard token.hasPrefix(prefix) else { return false }
        let parts = token.dropFirst(prefix.count).split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 2, let mac = Base64URL.decode(String(parts[1])) else { return false }
        return HMAC<SHA256>.isValidAuthenticationCode(mac, authenticating: Data((prefix + parts[0]).utf8), using: key)
    }
}
