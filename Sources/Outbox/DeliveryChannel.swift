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
}

extension DeliveryChannel {
    package func prepare(_ messages: [WebhookDeliveryRecord]) async {}

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

/// What a channel's attempt came to: the call's outcome, what it means for the message, and the
/// provider's id for a message it accepted (`apns-id`, FCM's message name).
package struct ChannelAnswer: Sendable {
    package var outcome: AttemptOutcome
    package var verdict: DeliveryVerdict
    package var providerMessageID: String?

    package init(_ outcome: AttemptOutcome, _ verdict: DeliveryVerdict, providerMessageID: String? = nil) {
        self.outcome = outcome
        self.verdict = verdict
        self.providerMessageID = providerMessageID
    }

    /// Nothing was sent, and nothing will be: `reason` says why.
    package static func refused(_ reason: String, since start: ContinuousClock.Instant) -> ChannelAnswer {
        ChannelAnswer(.noAnswer(reason, since: start), .reject)
    }
}
