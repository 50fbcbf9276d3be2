import Crypto
import Foundation
import HTTPTypes

/// Signs with a set of secrets (`WebhookSignature`), each keyed once: an HMAC's key schedule (two hash
/// blocks) is worked out here, and each signature starts from a copy of it. The outbox keeps one per
/// set of secrets rather than parsing and keying them for every attempt.
package struct WebhookSigner: Sendable {
    private let keyed: [HMAC<SHA256>]

    package init(_ secrets: [WebhookSecret]) {
        keyed = secrets.map { HMAC<SHA256>(key: SymmetricKey(data: $0.key)) }
    }

    /// `webhook-id`, `webhook-timestamp` and `webhook-signature` (one `v1,…` per secret) for `body`.
    package func headers(id: String, timestamp: Int, body: [UInt8]) -> HTTPFields {
        [
            .webhookID: id,
            .webhookTimestamp: String(timestamp),
            .webhookSignature: signatures(id: id, timestamp: timestamp, body: body).joined(separator: " "),
        ]
    }

    /// One `v1,<base64 HMAC-SHA256>` per secret over `"{id}.{timestamp}.{body}"`.
    package func signatures(id: String, timestamp: Int, body: [UInt8]) -> [String] {
        let prefix = Array("\(id).\(timestamp).".utf8)
        return keyed.map { keyed in
            var mac = keyed
            mac.update(data: prefix)
            mac.update(data: body)
            return "v1," + Data(mac.finalize()).base64EncodedString()
        }
    }
}
