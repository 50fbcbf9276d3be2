import Foundation
import Storage
import Webhooks

/// One way out of the outbox: it sends a message to its destination and says what came of it. The
/// dispatcher claims, queues, caps, records and retries; a channel knows its transport and its
/// destination's rules (how a browser's push is made, what APNs' answers mean). The next channel (say
/// e-mail) is a conformance and a `WebhookDeliveryRecord.Destination` case.
package protocol DeliveryChannel: Sendable {
    /// Sends the message once (a channel may call again within the attempt: a smaller push, a renewed token).
    func send(_ message: WebhookDeliveryRecord, context: AttemptContext) async -> ChannelAnswer

    /// When the message goes again after a failed attempt, and until when it may go at all. By default
    /// the app's webhook schedule (`retryDelays`).
    func retryPolicy(for message: WebhookDeliveryRecord, configuration: WebhookConfiguration?) -> RetryPolicy

    /// Reads, once for a claimed batch of its messages, what their attempts need (their subscriptions or
    /// registrations, the app's credentials; see `Prefetched`). By default nothing; a failure is the
    /// channel's to swallow (each attempt then reads its own).
    func prepare(_ messages: [WebhookDeliveryRecord]) async

    /// Whom the message's receipt is about (a notification's delivery to a browser or phone), for a
    /// message that ends without being sent (expired before its attempt). By default nobody (webhooks).
    func receiptTarget(of message: WebhookDeliveryRecord) async -> ReceiptTarget?
}

extension DeliveryChannel {
    package func prepare(_ messages: [WebhookDeliveryRecord]) async {}

    package func receiptTarget(of message: WebhookDeliveryRecord) async -> ReceiptTarget? { nil }

    package func retryPolicy(for message: WebhookDeliveryRecord, configuration: WebhookConfiguration?) -> RetryPolicy {
        .schedule(configuration?.retrySchedule ?? RetrySchedule())
    }
}
