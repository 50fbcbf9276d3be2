import Clocks
import Foundation
import HTTPTypes
import OutboundHTTP
import Outbox
import Storage
import Webhooks

/// The app's webhooks as an outbox channel: the message's body signed with the app's secrets (a fresh
/// `webhook-timestamp` and signatures on every attempt, the same `webhook-id`), posted to its URL.
package struct WebhookChannel: DeliveryChannel {
    private let client: OutboundHTTPClient
    /// The signature's timestamp: receivers check it against their own clocks, whatever the schedule's.
    private let wallClock: any WallClock
    /// Each set of the apps' secrets keyed once (`WebhookSigner`), by the secrets' text (a rotation makes
    /// a new one): parsing a secret and keying its HMAC on every attempt was ~2 % of a webhook's CPU.
    private let signers = SharedForms<[String], WebhookSigner>()

    package init(client: OutboundHTTPClient, wallClock: any WallClock = SystemClock()) {
        self.client = client
        self.wallClock = wallClock
    }

    package func send(_ message: WebhookDeliveryRecord, context: AttemptContext) async -> ChannelAnswer {
        let body = Array(message.payload)
        let signer = signers.value(for: context.configuration?.secrets ?? []) {
            WebhookSigner(context.configuration?.signingSecrets ?? [])
        }
        var headers = signer.headers(
            id: message.id, timestamp: Int(wallClock.now.timeIntervalSince1970), body: body)
        if let traceparent = context.traceparent { headers[.traceparent] = traceparent }
        let outcome = await client.post(message.url, body: body, headers: headers, timeout: context.timeout)
        return ChannelAnswer(outcome, DeliveryVerdict.classify(status: outcome.status, header: outcome.header))
    }
}
