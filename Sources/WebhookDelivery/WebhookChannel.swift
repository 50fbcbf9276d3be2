import Foundation
import OutboundHTTP
import Outbox
import Storage
import Webhooks

/// The app's webhooks as an outbox channel: the message's body signed with the app's secrets (a fresh
/// `webhook-timestamp` and signatures on every attempt, the same `webhook-id`), posted to its URL.
package struct WebhookChannel: DeliveryChannel {
    private let client: OutboundHTTPClient

    package init(client: OutboundHTTPClient) { self.client = client }

    package func send(_ message: WebhookDeliveryRecord, context: AttemptContext) async -> ChannelAnswer {
        // The signature's timestamp is the wall clock's, whatever the scheduler's clock: receivers check it.
        var headers = WebhookSignature.headers(
            id: message.id, timestamp: Int(Date().timeIntervalSince1970), body: Array(message.payload),
            secrets: context.configuration?.signingSecrets ?? [])
        if let traceparent = context.traceparent { headers.append(("traceparent", traceparent)) }
        let outcome = await client.post(message.url, body: Array(message.payload), headers: headers, timeout: context.timeout)
        return ChannelAnswer(outcome, DeliveryVerdict.classify(status: outcome.status, header: outcome.header))
    }
}
