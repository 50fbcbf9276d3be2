import Clocks
import Foundation
import Metrics
import Outbox
import Relay
import Scheduling
import Storage
import WebPushService
import Webhooks

/// Phones' registrations as an outbox channel.
package struct RelayChannel: DeliveryChannel {
    private let service: DeviceRelayService
    private let client: RelayClient
    /// The registrations of the claimed messages and their apps' credentials, read once per claim.
    private let prefetched: Prefetched<RelayTarget>
    /// The claimed messages, decoded once per claim.
    private let decoded = DecodedMessages()
    /// The attempts' counters by provider and outcome, made once (a handle made per attempt goes through
    /// the metrics backend's registry, as `OutboxDispatcher` notes).
    private let counters = SharedForms<[String], Counter>(limit: 64)

    /// Relays with `service`'s registrations and clocks: the scheduler's, when a registration found gone
    /// is removed and what is left of a message's lifetime; the wall clock, the response token in the request.
    package init(service: DeviceRelayService, client: RelayClient) {
        self.service = service
        self.client = client
        prefetched = Prefetched { [relays = service.relays] in try await relays.relayTargets(registrationIDs: $0) }
    }

    /// Retried on its own (not on the app's webhook schedule) while the provider would still keep it
    /// (`apns-expiration`: 4 weeks; a removal a day).
    package func retryPolicy(for message: WebhookDeliveryRecord, configuration: WebhookConfiguration?) -> RetryPolicy {
        .backoff(until: Self.expiry(of: message))
    }

    /// When the provider would no longer keep the message: its lifetime from when it was written (the
    /// scheduler's clock).
    private static func expiry(of message: WebhookDeliveryRecord) -> Date {
        let lifetime = message.type == .notificationRemoved ? APNsNotification.removalLifetime : APNsNotification.notificationLifetime
        return message.createdAt.addingTimeInterval(lifetime)
    }

    /// Reads the batch's registrations and their apps' credentials in one go, and decodes its messages.
    package func prepare(_ messages: [WebhookDeliveryRecord]) async {
        await prefetched.prefetch(messages)
        decoded.prepare(messages)
    }

    /// A relay to a phone: the provider's request made now from the message (the app's credential as it
    /// is now, a fresh response token), sent over HTTP/2. A token the provider says no longer reaches the
    /// app removes the registration (and the app hears); an expired provider token is renewed and the
    /// message sent again once; 429 and 5xx retry; any other refusal fails the message without retries.
    package func send(_ message: WebhookDeliveryRecord, context: AttemptContext) async -> ChannelAnswer {
        let start = ContinuousClock.now
        guard let id = message.subscriptionID else { return .refused("the message names no registration", since: start) }
        let registration: DeviceRegistrationRecord
        let request: DeviceRelayService.Request
        let receipt: ReceiptTarget?
        do {
            guard let target = try await prefetched.value(id) else {
                return .refused("the registration was removed", since: start)
            }
            registration = target.registration
            // The provider keeps it for what is left of its lifetime (`apns-expiration`, FCM's `ttl`).
            let now = service.wallClock.now
            let expires = now.addingTimeInterval(max(0, Self.expiry(of: message).timeIntervalSince(service.clock.now)))
            guard let made = try await service.request(of: decoded.message(message), for: target, now: now, expires: expires) else {
                countRelay(registration.provider, "no_credential")
                return .refused("the app has no \(registration.provider.rawValue) credential", since: start)
            }
            (request, receipt) = made
        } catch {
            // The store could not be read: try again later.
            return ChannelAnswer(.noAnswer("could not make the relay's request: \(error)", since: start), .retry(retryAfter: nil))
        }
        let result = await client.send(request, timeout: context.timeout)
        if result.renewedToken { countRelay(registration.provider, RelayAnswer.expiredToken.outcome) }
        countRelay(registration.provider, result.answer?.outcome ?? "no_answer")
        switch result.answer {
        case .sent(let messageID):
            return ChannelAnswer(result.outcome, .delivered, providerMessageID: messageID, receipt: receipt)
        case .unregistered(let reason):
            // Uninstalled, or the token changed: the registration goes, the app hears.
            _ = try? await service.relays.removeGoneDeviceRegistration(id: registration.id, reason: reason, at: service.clock.now)
            var outcome = result.outcome
            outcome.error = outcome.error ?? reason
            return ChannelAnswer(outcome, .reject, receipt: receipt, gone: true)
        case .rejected(let reason):
            var outcome = result.outcome
            outcome.error = outcome.error ?? reason
            return ChannelAnswer(outcome, .reject, receipt: receipt)
        case .retry(_, let retryAfter):
            return ChannelAnswer(result.outcome, .retry(retryAfter: retryAfter.map(Double.init)), receipt: receipt)
        case .expiredToken, nil:
            return ChannelAnswer(result.outcome, .retry(retryAfter: nil), receipt: receipt)
        }
    }

    /// A notification's relay: whom its receipt is about (a removal has none).
    package func receiptTarget(of message: WebhookDeliveryRecord) async -> ReceiptTarget? {
        guard let id = message.subscriptionID, let target = try? await prefetched.value(id) else { return nil }
        return try? StoredDelegateMessage(message).receiptTarget(center: target.registration.center, destination: id, channel: .phone)
    }

    private func countRelay(_ provider: PushProvider, _ outcome: String) {
        counters.value(for: [provider.rawValue, outcome]) {
            Counter(label: "usernotifyd_relay_attempts_total", dimensions: [("provider", provider.rawValue), ("outcome", outcome)])
        }.increment()
    }
}
