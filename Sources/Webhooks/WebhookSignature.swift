import Crypto
import Foundation
import HTTPTypes

/// Standard Webhooks signing: `webhook-id`, `webhook-timestamp` (Unix seconds of this attempt) and
/// `webhook-signature`, a space-separated list with one `v1,<base64 HMAC-SHA256>` per secret, over the
/// exact bytes `"{id}.{timestamp}.{body}"`. Several secrets sign at once while one is being rotated.
package enum WebhookSignature {
    package static func headers(id: String, timestamp: Int, body: [UInt8], secrets: [WebhookSecret]) -> HTTPFields {
        [
            .webhookID: id,
            .webhookTimestamp: String(timestamp),
            .webhookSignature: secrets.map { signature(id: id, timestamp: timestamp, body: body, secret: $0) }.joined(separator: " "),
        ]
    }

    package static func signature(id: String, timestamp: Int, body: [UInt8], secret: WebhookSecret) -> String {
        var signed = Array("\(id).\(timestamp).".utf8)
        signed += body
        let code = HMAC<SHA256>.authenticationCode(for: signed, using: SymmetricKey(data: secret.key))
        return "v1," + Data(code).base64EncodedString()
    }
}

extension HTTPField.Name {
    package static let webhookID = HTTPField.Name("webhook-id")!
    package static let webhookTimestamp = HTTPField.Name("webhook-timestamp")!
    package static let webhookSignature = HTTPField.Name("webhook-signature")!
}
