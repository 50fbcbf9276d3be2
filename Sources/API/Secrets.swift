import Crypto
import Foundation
import NotificationCore

/// Credentials: `<prefix>_<id>_<secret>`. The id finds the stored record; only SHA-256 of the secret is
/// stored, and it is compared in constant time.
enum Secrets {
    struct Issued {
        var id: String
        var token: String
        var hash: Data
    }

    /// A new credential with `prefix` (`unk` app key, `unc` center token).
    static func issue(prefix: String) -> Issued {
        let id = RandomID.hex(bytes: 8)
        let secret = randomBase64URL(bytes: 32)
        return Issued(id: id, token: "\(prefix)_\(id)_\(secret)", hash: hash(secret))
    }

    /// Splits a presented token into its id and secret, if it has the prefix.
    static func parse(_ token: String, prefix: String) -> (id: String, secret: String)? {
        let bytes = token.utf8
        let underscore = UInt8(ascii: "_")
        guard let first = bytes.firstIndex(of: underscore), bytes[..<first].elementsEqual(prefix.utf8) else { return nil }
        let rest = bytes[bytes.index(after: first)...]
        guard let second = rest.firstIndex(of: underscore) else { return nil }
        let id = rest[..<second]
        let secret = rest[rest.index(after: second)...]
        guard !id.isEmpty, !secret.isEmpty else { return nil }
        return (String(Substring(id)), String(Substring(secret)))
    }

    static func hash(_ secret: String) -> Data {
        var secret = secret
        return secret.withUTF8 { Data(SHA256.hash(data: $0)) }
    }

    /// Compares two byte strings in time that depends only on their length.
    static func constantTimeEqual(_ a: some ContiguousBytes, _ b: some ContiguousBytes) -> Bool {
        a.withUnsafeBytes { (a: UnsafeRawBufferPointer) in
            b.withUnsafeBytes { (b: UnsafeRawBufferPointer) in
                guard a.count == b.count else { return false }
                var difference: UInt8 = 0
                for index in 0..<a.count { difference |= a[index] ^ b[index] }
                return difference == 0
            }
        }
    }

    static func randomBase64URL(bytes: Int) -> String {
        var generator = SystemRandomNumberGenerator()
        let data = Data((0..<bytes).map { _ in UInt8.random(in: 0...255, using: &generator) })
        // base64url (RFC 4648 §5): 64 symbols, so 32 bytes keep their 256 bits (`_` may follow the token's
        // own separators: the secret is everything after the second one).
        return data.base64EncodedString().replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }
}
