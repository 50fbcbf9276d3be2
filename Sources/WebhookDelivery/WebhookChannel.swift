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
    private let signers = SignerCache()

    package init(client: OutboundHTTPClient, wallClock: any WallClock = SystemClock()) {
        self.client = client
        self.wallClock = wallClock
    }

    package func send(_ message: WebhookDeliveryRecord, context: AttemptContext) async -> ChannelAnswer {
        let body = Array(message.payload)
        var headers = signers.signer(for: context.configuration).headers(
            id: message.id, timestamp: Int(wallClock.now.timeIntervalSince1970), body: body)
        if let traceparent = context.traceparent { headers[.traceparent] = traceparent }
        let outcome = await client.post(message.url, body: body, headers: headers, timeout: context.timeout)
        return ChannelAnswer(outcome, DeliveryVerdict.classify(status: outcome.status, header: outcome.header))
    }
}
