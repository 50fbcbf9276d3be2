import Clocks
import Foundation
import HTTPTypes
import Metrics
import NotificationCore
import OutboundHTTP
import Outbox
import Scheduling
import Storage
import WebPush
import Webhooks

/// Browsers' push subscriptions as an outbox channel.
package struct WebPushChannel: DeliveryChannel {
    private let webPush: WebPushService
    private let client: OutboundHTTPClient
    /// The subscriptions of the claimed messages, read once per claim.
    private let prefetched: Prefetched<PushSubscriptionRecord>
    /// What each subscription's keys parse to (the point checked on the curve), by their text: a
    /// subscription gets many pushes, and a renewal changes the keys.
    private let parsed = SharedForms<Keys, PushSubscriptionKeys>(limit: 4096)
    /// The claimed messages, decoded once per claim.
    private let decoded = DecodedMessages()
    /// The attempts' counters by outcome, made once (a handle made per attempt goes through the metrics
    /// backend's registry, as `OutboxDispatcher` notes).
    private let counters = SharedForms<String, Counter>(limit: 16)

    /// A subscription's keys as it stores them.
    private struct Keys: Hashable, Sendable {
        var p256dh: String
        var auth: String
    }

    /// Pushes with `webPush`'s subscriptions and clocks: the scheduler's, when a subscription found gone
    /// is removed and what is left of a push's lifetime; the wall clock, the tokens in the payload and the
    /// VAPID signature.
    package init(webPush: WebPushService, client: OutboundHTTPClient) {
        self.webPush = webPush
        self.client = client
        prefetched = Prefetched { [subscriptions = webPush.subscriptions] in try await subscriptions.pushSubscriptions(ids: $0) }
    }

    /// How long a push service keeps a message for a browser that is offline: a notification (4 weeks,
    /// what the vendors' services keep at most), a close (a day: after that, nothing is left to close).
    /// A message lives as long from when it was written: retried until then, its `TTL` what is left.
    static let notificationTTL: TimeInterval = 28 * 86_400
    static let closeTTL: TimeInterval = 86_400

    /// Retried on its own (not on the app's webhook schedule) while the push service would still keep it.
    package func retryPolicy(for message: WebhookDeliveryRecord, configuration: WebhookConfiguration?) -> RetryPolicy {
        .backoff(until: Self.expiry(of: message))
    }

    /// When the push service would no longer keep the message: its lifetime from when it was written.
    private static func expiry(of message: WebhookDeliveryRecord) -> Date {
        message.createdAt.addingTimeInterval(message.type == .notificationRemoved ? closeTTL : notificationTTL)
    }

    /// Reads the batch's subscriptions in one go, and decodes its messages.
    package func prepare(_ messages: [WebhookDeliveryRecord]) async {
        await prefetched.prefetch(messages)
        decoded.prepare(messages)
    }

    /// A Web Push: the payload made now from the message, encrypted for the subscription's browser
    /// (RFC 8291), signed with the key it subscribed with (VAPID), posted to its push service. A
    /// subscription that is gone is removed (and the app told); a body too large for the service goes
    /// again at once as a small one; a refusal fails the message without retries; 429 and 5xx retry.
    package func send(_ message: WebhookDeliveryRecord, context: AttemptContext) async -> ChannelAnswer {
        let start = ContinuousClock.now
        guard let id = message.subscriptionID else { return .refused("the message names no subscription", since: start) }
        let subscription: PushSubscriptionRecord
        let key: VAPIDKey
        let keys: PushSubscriptionKeys
        let audience: String
        let payload: WebPushPayload
        let receipt: ReceiptTarget?
        do {
            guard let found = try await prefetched.value(id) else {
                return .refused("the subscription was removed", since: start)
            }
            guard let found = try await webPush.keyring.key(id: found.vapidKeyID).map({ (found, $0) }) else {
                return .refused("the subscription's VAPID key \(found.vapidKeyID) is gone", since: start)
            }
            (subscription, key) = found
            guard let vapidAudience = subscription.vapidAudience else { throw PushFailure("the endpoint is not a URL") }
            audience = vapidAudience
            keys = try parsed.value(for: Keys(p256dh: subscription.p256dh, auth: subscription.auth)) {
                do {
                    return try PushSubscriptionKeys(p256dh: subscription.p256dh, auth: subscription.auth)
                } catch {
                    throw PushFailure("the subscription's keys are not valid: \(error)")
                }
            }
            (payload, receipt) = try await webPush.payload(of: decoded.message(message), for: subscription, now: webPush.wallClock.now)
        } catch {
            // The store could not be read (or a subscription it holds not parsed): try again later.
            return ChannelAnswer(.noAnswer("could not make the push: \(error)", since: start), .retry(retryAfter: nil))
        }
        // What is left of its lifetime (the scheduler's clock: the one it was written and is retried on).
        let ttl = max(0, Int(Self.expiry(of: message).timeIntervalSince(webPush.clock.now)))
        var outcome = await send(
            payload, to: subscription, keys, audience: audience, key: key, pad: true, ttl: ttl, timeout: context.timeout)
        var answer = outcome.status.map(PushServiceAnswer.init(status:))
        if answer == .tooLarge {
            count(answer)
            // Smaller than any service refuses: the notification without image, actions and most of its body.
            outcome = await send(
                payload, to: subscription, keys, audience: audience, key: key, pad: false, limit: 1024, ttl: ttl, timeout: context.timeout)
            answer = outcome.status.map(PushServiceAnswer.init(status:))
        }
        count(answer)
        switch answer {
        case .sent:
            // The push service's id for the message: its `Location` (RFC 8030).
            return ChannelAnswer(outcome, .delivered, providerMessageID: outcome.header("location"), receipt: receipt)
        case .gone:
            // The browser unsubscribed or the user revoked the permission: the subscription goes, the app hears.
            _ = try? await webPush.subscriptions.removeGonePushSubscription(id: subscription.id, at: webPush.clock.now)
            return ChannelAnswer(outcome, .reject, receipt: receipt, gone: true)
        case .tooLarge, .rejected: return ChannelAnswer(outcome, .reject, receipt: receipt)
        case .retry, nil:
            return ChannelAnswer(
                outcome, .retry(retryAfter: outcome.header("retry-after").flatMap(DeliveryVerdict.retryAfterSeconds)), receipt: receipt)
        }
    }

    /// A notification's push: whom its receipt is about (a close has none).
    package func receiptTarget(of message: WebhookDeliveryRecord) async -> ReceiptTarget? {
        guard let id = message.subscriptionID, let subscription = try? await prefetched.value(id) else { return nil }
        return try? StoredDelegateMessage(message).receiptTarget(center: subscription.center, destination: id, channel: .browser)
    }

    /// One POST of the payload to the subscription's push service.
    private func send(
        _ payload: WebPushPayload, to subscription: PushSubscriptionRecord, _ keys: PushSubscriptionKeys, audience: String, key: VAPIDKey,
        pad: Bool,
        limit: Int = PushMessageEncryption.maxPlaintext, ttl: Int, timeout: Duration
    ) async -> AttemptOutcome {
        let start = ContinuousClock.now
        do {
            let body = try PushMessageEncryption.encrypt(payload.bytes(limit: limit), for: keys, pad: pad)
            let authorization = try webPush.authorizations.header(audience: audience, key: key, now: webPush.wallClock.now)
            return await client.post(
                subscription.endpoint, body: body, headers: Self.headers(for: payload, ttl: ttl).request(authorization: authorization),
                contentType: "application/octet-stream", timeout: timeout)
        } catch {
            return .noAnswer("\(error)", since: start)
        }
    }

    /// TTL, Urgency and Topic of a payload: how long the push service keeps it (`ttl` seconds, what is
    /// left of its lifetime), how urgent the notification's interruption level makes it, and its
    /// identifier's topic, so that an update still queued for an offline browser replaces the older one.
    static func headers(for payload: WebPushPayload, ttl: Int) -> PushHeaders {
        switch payload.kind {
        case .close:
            return PushHeaders(ttl: ttl, urgency: .normal)
        case .notification:
            let urgency: PushHeaders.Urgency =
                payload.requireInteraction == true ? .high : payload.silent == true ? .low : .normal
            return PushHeaders(ttl: ttl, urgency: urgency, topic: payload.tag.map(PushHeaders.topic(for:)))
        }
    }

    private func count(_ answer: PushServiceAnswer?) {
        let outcome = Self.name(answer)
        counters.value(for: outcome) { Counter(label: "usernotifyd_web_push_attempts_total", dimensions: [("outcome", outcome)]) }
            .increment()
    }

    private static func name(_ answer: PushServiceAnswer?) -> String {
        switch answer {
        case .sent: "sent"
        case .gone: "gone"
        case .tooLarge: "too_large"
        case .retry: "retried"
        case .rejected: "rejected"
        case nil: "no_answer"
        }
    }

    private struct PushFailure: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }
}
