import Foundation
import HTTPTypes

/// Standard Webhooks signing: `webhook-id`, `webhook-timestamp` (Unix seconds of this attempt) and
/// `webhook-signature`, a space-separated list with one `v1,<base64 HMAC-SHA256>` per secret, over the
/// exact bytes `"{id}.{timestamp}.{body}"`. Several secrets sign at once while one is being rotated.
/// (`WebhookSigner` keys the secrets once, for a sender that signs with them again and again.)
package enum WebhookSignature {
    package static func headers(id: String, timestamp: Int, body: [UInt8], secrets: [WebhookSecret]) -> HTTPFields {
        WebhookSigner(secrets).headers(id: id, timestamp: timestamp, body: body)
    }

    package static func signature(id: String, timestamp: Int, body: [UInt8], secret: WebhookSecret) -> String {
        WebhookSigner([secret]).signatures(id: id, timestamp: timestamp, body: body)[0]
    }
}

extension HTTPField.Name {
    package static let webhookID = HTTPField.Name("webhook-id")!
    package static let webhookTimestamp = HTTPField.Name("webhook-timestamp")!
    package static let webhookSignature = HTTPField.Name("webhook-signature")!
}
