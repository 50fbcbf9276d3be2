import Foundation
import Metrics
import Relay
import RelayService
import Scheduling
import Storage
import Webhooks

extension WebhookDispatcher {
    /// A relay to a phone: the provider's request made now from the message (the app's credential as it
    /// is now, a fresh response token), sent over HTTP/2. A token the provider says no longer reaches the
    /// app removes the registration (and the app hears); an expired provider token is renewed and the
    /// message sent again once; 429 and 5xx retry; any other refusal fails the message without retries.
    func relay(_ delivery: WebhookDeliveryRecord) async -> (WebhookSender.Outcome, DeliveryVerdict, messageID: String?) {
        let start = ContinuousClock.now
        func refused(_ reason: String) -> (WebhookSender.Outcome, DeliveryVerdict, messageID: String?) {
            (.noAnswer(reason, since: start), .reject, nil)
        }
        guard let deviceRelay, let id = delivery.subscriptionID else { return refused("relays to phones are not configured") }
        let registration: DeviceRegistrationRecord
        let request: DeviceRelayService.Request
        do {
            guard let target = try await deviceRelay.store.relayTarget(registrationID: id) else {
                return refused("the registration was removed")
            }
            registration = target.registration
            guard let made = try await deviceRelay.service.request(of: delivery, for: target, now: Date()) else {
                Self.countRelay(registration.provider, "no_credential")
                return refused("the app has no \(registration.provider.rawValue) credential")
            }
            request = made
        } catch {
            // The store could not be read: try again on the schedule.
            return (.noAnswer("could not make the relay's request: \(error)", since: start), .retry(retryAfter: nil), nil)
        }
        let result = await deviceRelay.client.send(request, timeout: configuration.attemptTimeout)
        if result.renewedToken { Self.countRelay(registration.provider, RelayAnswer.expiredToken.outcome) }
        Self.countRelay(registration.provider, result.answer?.outcome ?? "no_answer")
        switch result.answer {
        case .sent(let messageID):
            return (result.outcome, .delivered, messageID)
        case .unregistered(let reason):
            // Uninstalled, or the token changed: the registration goes, the app hears.
            _ = try? await deviceRelay.store.removeGoneDeviceRegistration(id: registration.id, reason: reason, at: clock.now)
            return (result.outcome, .reject, nil)
        case .rejected(let reason):
            var outcome = result.outcome
            outcome.error = outcome.error ?? reason
            return (outcome, .reject, nil)
        case .retry(_, let retryAfter):
            return (result.outcome, .retry(retryAfter: retryAfter.map(Double.init)), nil)
        case .expiredToken, nil:
            return (result.outcome, .retry(retryAfter: nil), nil)
        }
    }

    private static func countRelay(_ provider: PushProvider, _ outcome: String) {
        Counter(label: "usernotifyd_relay_attempts_total", dimensions: [("provider", provider.rawValue), ("outcome", outcome)]).increment()
    }
}
