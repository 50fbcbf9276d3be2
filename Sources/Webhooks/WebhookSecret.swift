import Crypto
import ErrorCodes
import Foundation

/// A Standard Webhooks signing secret: `whsec_` followed by the base64 of 24 to 64 random bytes.
package struct WebhookSecret: Sendable, Hashable {
    package static let prefix = "whsec_"
    package let key: [UInt8]

    /// Parses `whsec_<base64>`; the message says what is wrong.
    package init(_ text: String) throws(WebhookConfigurationError) {
        guard text.hasPrefix(Self.prefix), let key = Data(base64Encoded: String(text.dropFirst(Self.prefix.count))) else {
            throw WebhookConfigurationError(
                .invalidWebhookSecret, "A secret must be 'whsec_' followed by base64; got '\(Self.redacted(text))'.")
        }
        guard (24...64).contains(key.count) else {
            throw WebhookConfigurationError(
                .invalidWebhookSecret, "A secret must hold 24 to 64 random bytes (base64 after 'whsec_'); this one holds \(key.count).")
        }
        self.key = Array(key)
    }

    package init(key: [UInt8]) { self.key = key }

    /// A new random 32-byte secret.
    package static func generate() -> WebhookSecret {
        var generator = SystemRandomNumberGenerator()
        return WebhookSecret(key: (0..<32).map { _ in UInt8.random(in: 0...255, using: &generator) })
    }

    package var text: String { Self.prefix + Data(key).base64EncodedString() }

    /// What names the secret once it is set (secrets are write-only): `whsk_` and the first 12 hex digits
    /// of the SHA-256 of its key. Settings refer to a secret already set by its id to keep it.
    package var id: String { Self.idPrefix + SHA256.hash(data: key).prefix(6).map { String(format: "%02x", $0) }.joined() }

    package static let idPrefix = "whsk_"

    /// Enough of the secret to tell it apart in a list: `whsec_` and its first four characters.
    package static func shownPrefix(_ text: String) -> String { String(text.prefix(prefix.count + 4)) }

    private static func redacted(_ text: String) -> String { text.count <= 10 ? text : text.prefix(10) + "…" }
}
