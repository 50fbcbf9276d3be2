import Foundation
import Metrics
import NotificationCore
import Scheduling
import Storage
import WebPush
import WebPushService
import Webhooks

extension WebhookDispatcher {
    /// How long a push service keeps a message for a browser that is offline: a notification (4 weeks,
    /// what the vendors' services keep at most), a close (a day: after that, nothing is left to close).
    static let notificationTTL = 28 * 86_400
    static let closeTTL = 86_400

    /// A Web Push: the payload made now from the message, encrypted for the subscription's browser
    /// (RFC 8291), signed with the key it subscribed with (VAPID), posted to its push service. A
    /// subscription that is gone is removed (and the app told); a body too large for the service goes
    /// again at once as a small one; a refusal fails the message without retries; 429 and 5xx retry.
    func push(_ delivery: WebhookDeliveryRecord) async -> (WebhookSender.Outcome, DeliveryVerdict) {
        let start = ContinuousClock.now
        func refused(_ reason: String) -> (WebhookSender.Outcome, DeliveryVerdict) { (.noAnswer(reason, since: start), .reject) }
        guard let webPush, let subscriptions, let id = delivery.subscriptionID else { return refused("Web Push is not configured") }
        let subscription: PushSubscriptionRecord
        let key: VAPIDKey
        let keys: PushSubscriptionKeys
        let payload: WebPushPayload
        do {
            guard let found = try await subscriptions.pushSubscription(id: id) else { return refused("the subscription was removed") }
            guard let found = try await webPush.keyring.key(id: found.vapidKeyID).map({ (found, $0) }) else {
                return refused("the subscription's VAPID key \(found.vapidKeyID) is gone")
            }
            (subscription, key) = found
            keys = try PushSubscriptionKeys(p256dh: subscription.p256dh, auth: subscription.auth)
            payload = try await webPush.payload(of: delivery, for: subscription, now: Date())
        } catch {
            // The store could not be read: try again on the schedule.
            return (.noAnswer("could not make the push: \(error)", since: start), .retry(retryAfter: nil))
        }
        var outcome = await send(payload, to: subscription, keys: keys, key: key, pad: true)
        var answer = outcome.status.map(PushServiceAnswer.init(status:))
        if answer == .tooLarge {
            Counter(label: "usernotifyd_web_push_attempts_total", dimensions: [("outcome", Self.name(answer))]).increment()
            // Smaller than any service refuses: the notification without image, actions and most of its body.
            outcome = await send(payload, to: subscription, keys: keys, key: key, pad: false, limit: 1024)
            answer = outcome.status.map(PushServiceAnswer.init(status:))
        }
        Counter(label: "usernotifyd_web_push_attempts_total", dimensions: [("outcome", Self.name(answer))]).increment()
        switch answer {
        case .sent: return (outcome, .delivered)
        case .gone:
            // The browser unsubscribed or the user revoked the permission: the subscription goes, the app hears.
            _ = try? await subscriptions.removeGonePushSubscription(id: subscription.id, at: clock.now)
            return (outcome, .reject)
        case .tooLarge, .rejected: return (outcome, .reject)
        case .retry, nil:
            return (outcome, .retry(retryAfter: outcome.header("retry-after").flatMap(DeliveryVerdict.retryAfterSeconds)))
        }
    }

    /// One POST of the payload to the subscription's push service.
    private func send(
        _ payload: WebPushPayload, to subscription: PushSubscriptionRecord, keys: PushSubscriptionKeys, key: VAPIDKey, pad: Bool,
        limit: Int = PushMessageEncryption.maxPlaintext
    ) async -> WebhookSender.Outcome {
        let start = ContinuousClock.now
        do {
            guard let webPush, let endpoint = URL(string: subscription.endpoint), let audience = VAPID.audience(of: endpoint) else {
                throw PushFailure("the endpoint is not a URL")
            }
            let body = try PushMessageEncryption.encrypt(try payload.bytes(limit: limit), for: keys, pad: pad)
            let authorization = try webPush.authorizations.header(audience: audience, key: key, now: Date())
            let headers = Self.headers(for: payload)
            return await sender.post(
                subscription.endpoint, body: body,
                headers: [("Authorization", authorization)] + headers.fields.filter { $0.name != "Content-Type" },
                contentType: "application/octet-stream", timeout: configuration.attemptTimeout)
        } catch {
            return .noAnswer("\(error)", since: start)
        }
    }

    /// TTL, Urgency and Topic of a payload: how long the push service keeps it, how urgent the
    /// notification's interruption level makes it, and its identifier's topic, so that an update still
    /// queued for an offline browser replaces the older one.
    static func headers(for payload: WebPushPayload) -> PushHeaders {
        switch payload.kind {
        case .close:
            return PushHeaders(ttl: closeTTL, urgency: .normal)
        case .notification:
            let urgency: PushHeaders.Urgency =
                payload.requireInteraction == true ? .high : payload.silent == true ? .low : .normal
            return PushHeaders(ttl: notificationTTL, urgency: urgency, topic: payload.tag.map(PushHeaders.topic(for:)))
        }
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
