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

/// What an attempt carries beside its message.
package struct AttemptContext: Sendable {
    /// The app's webhook settings as the claim read them (nil: it has none).
    package var configuration: WebhookConfiguration?
    /// The W3C `traceparent` to send: the attempt's span, or the call's that led to the message.
    package var traceparent: String?
    /// How long the call may take.
    package var timeout: Duration

    package init(configuration: WebhookConfiguration?, traceparent: String?, timeout: Duration) {
        self.configuration = configuration
        self.traceparent = traceparent
        self.timeout = timeout
    }
}

/// What a channel's attempt came to: the call's outcome, what it means for the message, the provider's
/// id for a message it accepted (`apns-id`, FCM's message name), and, for a notification to a browser or
/// phone, whom its receipt is about and whether the device was found gone (unsubscribed, uninstalled).
package struct ChannelAnswer: Sendable {
    package var outcome: AttemptOutcome
    package var verdict: DeliveryVerdict
    package var providerMessageID: String?
    package var receipt: ReceiptTarget?
    package var gone: Bool

    package init(
        _ outcome: AttemptOutcome, _ verdict: DeliveryVerdict, providerMessageID: String? = nil, receipt: ReceiptTarget? = nil,
        gone: Bool = false
    ) {
        self.outcome = outcome
        self.verdict = verdict
        self.providerMessageID = providerMessageID
        self.receipt = receipt
        self.gone = gone
    }

    /// The receipt's step once the message is `status` after this answer at `date`: nil while it waits
    /// for another attempt, or when it is no notification to a device.
    package func receiptEvent(status: WebhookDeliveryRecord.Status, at date: Date) -> ReceiptEvent? {
        guard let receipt else { return nil }
        let error = outcome.error ?? outcome.status.map { "HTTP \($0)" }
        switch status {
        case .pending: return nil
        case .delivered: return receipt.event(.sent, at: date, detail: providerMessageID)
        case .expired: return receipt.event(.expired, at: date, detail: error)
        case .failed, .aborted: return receipt.event(gone ? .unregistered : .failed, at: date, detail: error)
        }
    }

    /// Nothing was sent, and nothing will be: `reason` says why.
    package static func refused(_ reason: String, since start: ContinuousClock.Instant) -> ChannelAnswer {
        ChannelAnswer(.noAnswer(reason, since: start), .reject)
    }
}
