import Foundation
import Webhooks

/// One message in the outbox: an event for one endpoint, with the exact bytes that are signed and sent.
/// The id (`msg_…`) is the `webhook-id` of every attempt.
package struct WebhookDeliveryRecord: Sendable, Hashable {
    package enum Status: String, Sendable, Hashable, Codable, CaseIterable {
        /// Waiting for its next attempt (or for its endpoint to be re-enabled).
        case pending
        case delivered
        /// Every attempt of the schedule failed.
        case failed
        /// The receiver answered `webhook-delivery: abort-message`.
        case aborted
        /// A push or a relay that could not be sent within its lifetime (its push service or provider
        /// would keep it no longer): never sent late.
        case expired

        /// The outcomes other than success: rare beside `delivered`, so each store keeps them in a partial
        /// index of their own (SQLite's v30, PostgreSQL's v22, whose conditions name these in this order),
        /// and a listing of one of them walks it instead of every message of the app.
        package static let unsuccessful: [Status] = [.failed, .aborted, .expired]

        /// `unsuccessful` as an SQL list: `('failed', 'aborted', 'expired')`.
        package static let unsuccessfulList = "(" + unsuccessful.map { "'\($0.rawValue)'" }.joined(separator: ", ") + ")"
    }

    package var id: String
    package var appID: String
    package var url: String
    package var type: WebhookEventType
    package var payload: Data
    package var status: Status
    /// Attempts made in all.
    package var attempts: Int
    /// Failures since the last success or replay: the position in the retry schedule.
    package var failures: Int
    package var nextAttempt: Date?
    /// A retry that comes in real time, whatever the scheduler's clock (a push's or a relay's, while the
    /// clock is virtual): the message is due at `nextAttempt` on the schedule's clock or at this time on the
    /// wall clock, whichever comes first. Nil when the schedule's clock is real time or the message's
    /// retries follow it (webhooks).
    package var dueOnWallClock: Date?
    package var createdAt: Date
    /// The fencing token of the claim a dispatcher holds on it (nil when read without claiming).
    package var claim: Int64?
    /// The W3C `traceparent` of the API call that led to it, sent with every attempt.
    package var traceparent: String?
    /// Where the message goes: the app's webhook, a browser, or a phone.
    package var destination: Destination
    /// Its recipient, for a message to a browser or a phone: the push subscription (`wps_…`; `url` is its
    /// push service endpoint) or device registration (`dev_…`) it goes to, and `payload` the event's
    /// webhook body, from which the dispatcher makes the encrypted push or the provider's request.
    package var subscriptionID: String?

    /// Where a message goes; stored with it (`destination`), and what deliveries are filtered by.
    package enum Destination: String, Sendable, Hashable, Codable, CaseIterable {
        /// The app's delegate URL: a signed webhook.
        case webhook
        /// A browser's push subscription: an encrypted Web Push.
        case browser
        /// A phone's registration: a relay to APNs or FCM.
        case phone

        /// The name of an attempt's client span.
        package var spanName: String {
            switch self {
            case .webhook: "POST webhook"
            case .browser: "POST web push"
            case .phone: "POST relay"
            }
        }
    }

    /// The broadcast whose firing made it (a push to a member's browser or phone): a failure for good
    /// counts against the broadcast.
    package var broadcastID: String?

    /// The endpoint the message goes to: the app and the URL (concurrency is capped per endpoint).
    package var endpoint: WebhookEndpoint { WebhookEndpoint(appID: appID, url: url) }

    package init(
        id: String, appID: String, url: String, type: WebhookEventType, payload: Data, status: Status = .pending, attempts: Int = 0,
        failures: Int = 0, nextAttempt: Date?, createdAt: Date, claim: Int64? = nil, traceparent: String? = nil,
        destination: Destination = .webhook, subscriptionID: String? = nil, dueOnWallClock: Date? = nil
    ) {
        self.dueOnWallClock = dueOnWallClock
        self.destination = destination
        self.subscriptionID = subscriptionID
        self.claim = claim
        self.traceparent = traceparent
        self.id = id
        self.appID = appID
        self.url = url
        self.type = type
        self.payload = payload
        self.status = status
        self.attempts = attempts
        self.failures = failures
        self.nextAttempt = nextAttempt
        self.createdAt = createdAt
    }
}

extension Collection<RecordedAttempt> {
    /// What the attempts say of their endpoints, to apply in this order: endpoint by endpoint in key order
    /// (the order stores lock them in), each endpoint's outcomes in the order the attempts came, answers
    /// in a row once (the first clears the failures; the rest would find none).
    package var endpointOutcomes: [(endpoint: WebhookEndpoint, outcomes: [(outcome: EndpointOutcome, at: Date)])] {
        Dictionary(grouping: self, by: \.delivery.endpoint).sorted { ($0.key.appID, $0.key.url) < ($1.key.appID, $1.key.url) }.map {
            endpoint, attempts in
            var outcomes: [(outcome: EndpointOutcome, at: Date)] = []
            for recorded in attempts where !(recorded.endpoint == .answered && outcomes.last?.outcome == .answered) {
                outcomes.append((recorded.endpoint, recorded.attempt.at))
            }
            return (endpoint, outcomes)
        }
    }
}
