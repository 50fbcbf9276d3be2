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

/// One attempt to deliver a message: when, what came back, how long it took.
package struct DeliveryAttemptRecord: Sendable, Hashable {
    package var number: Int
    package var at: Date
    /// The HTTP status, nil when no response came (timeout, refused connection, SSRF guard).
    package var statusCode: Int?
    package var error: String?
    package var durationMilliseconds: Int
    /// The push provider's id for the message it accepted (`apns-id`, FCM's message name).
    package var providerMessageID: String?

    package init(number: Int, at: Date, statusCode: Int?, error: String?, durationMilliseconds: Int, providerMessageID: String? = nil) {
        self.providerMessageID = providerMessageID
        self.number = number
        self.at = at
        self.statusCode = statusCode
        self.error = error
        self.durationMilliseconds = durationMilliseconds
    }
}

/// Which of an app's outbox messages a listing shows: nil lets every value through.
package struct DeliveryFilter: Sendable, Hashable {
    package var status: WebhookDeliveryRecord.Status?
    package var destination: WebhookDeliveryRecord.Destination?

    package init(status: WebhookDeliveryRecord.Status? = nil, destination: WebhookDeliveryRecord.Destination? = nil) {
        self.status = status
        self.destination = destination
    }
}

/// One endpoint of one app: what per-endpoint limits count.
package struct WebhookEndpoint: Sendable, Hashable {
    package var appID: String
    package var url: String

    package init(appID: String, url: String) {
        self.appID = appID
        self.url = url
    }
}

/// The app's webhook settings and the durable outbox. Messages are written by the change they report
/// (see `NotificationStore`); dispatchers claim them like the scheduler claims requests — under a lease
/// and a fencing token, so that an attempt is recorded only by the claim that holds the message.
package protocol WebhookStore: Sendable {
    /// The app's settings, or nil if it has none.
    func webhookConfiguration(appID: String) async throws -> WebhookConfiguration?
    /// Replaces (nil: removes) the app's settings.
    func setWebhookConfiguration(appID: String, _ configuration: WebhookConfiguration?) async throws

    /// Writes messages as they are (imports, benchmarks); changes write theirs themselves.
    func enqueueDeliveries(_ deliveries: [WebhookDeliveryRecord]) async throws
    /// Claims pending messages due at `now` on endpoints that are not disabled, earliest first, at most
    /// `limit` in all and, per endpoint, as many as `perEndpoint` leaves room for (`defaultPerEndpoint`
    /// for endpoints it does not name; 0 skips an endpoint), under a new fencing token (the claim's) until
    /// `lease.until`; a claim whose lease ended before `lease.now` (wall clock) is taken over. With
    /// `orDueOnWallClock` (the scheduler's clock is virtual), a message whose `dueOnWallClock` came by
    /// `lease.now` is due too.
    func claimDueDeliveries(
        now: Date, limit: Int, perEndpoint: [WebhookEndpoint: Int], defaultPerEndpoint: Int, lease: Lease, orDueOnWallClock: Bool
    ) async throws -> [WebhookDeliveryRecord]
    /// Ends the claims on messages claimed and never attempted (a dispatcher stopping, or one whose
    /// claim would run out before an attempt could end), so that they can be claimed again at once;
    /// a message whose claim was taken over meanwhile is left as it is.
    func releaseDeliveries(_ deliveries: [WebhookDeliveryRecord]) async throws
    /// When the next message comes due: the earliest next attempt of a pending message on an enabled
    /// endpoint that no claim live at `leaseNow` (wall clock) holds, leaving out the endpoints in `full`
    /// (no room for more now). A message claimed by a process that died is claimable again once its lease
    /// ends; a dispatcher that shares the outbox with other processes looks again every
    /// `StorageBackend.safetyPoll`.
    func nextDeliveryDate(excluding full: Set<WebhookEndpoint>, leaseNow: Date) async throws -> Date?
    /// The earliest `dueOnWallClock` after `leaseNow` of a pending message: when a retry in real time
    /// comes due while the scheduler's clock is virtual.
    func nextDueOnWallClock(after leaseNow: Date) async throws -> Date?
    /// Whether some message is being attempted, by any process: claimed under a lease live at `leaseNow`
    /// (wall clock).
    func hasAttemptsInFlight(leaseNow: Date) async throws -> Bool
    /// Every app's outbox at `now` (the schedule's clock), for `/metrics`: how many messages wait, and
    /// when the most overdue one of an enabled endpoint came due (how far the dispatchers are behind).
    func outboxFigures(at now: Date) async throws -> OutboxFigures
    /// Records attempts, each with its message's new state (ending its claim) if the claim it carries
    /// still holds the message, and what it says of the endpoint: a success ends its failing streak, a
    /// failure starts one (or disables the endpoint, announced, if the streak began before the cutoff), a
    /// 410 disables it at once. Each attempt's record is atomic; a store may write them all in one
    /// transaction, and may commit it without waiting for the disk: no caller waits on a record, and a
    /// crash that loses one makes the message go again under the same `webhook-id` once its lease ends —
    /// as a crash between an attempt and its record always did (delivery is at least once).
    func recordAttempts(_ attempts: [RecordedAttempt]) async throws

    /// The app's messages, oldest first (those `filter` lets through), after `cursor`.
    func deliveries(appID: String, filter: DeliveryFilter, after cursor: String?, limit: Int) async throws -> Page<WebhookDeliveryRecord>
    /// One message with every attempt, or nil.
    func delivery(appID: String, id: String) async throws -> (WebhookDeliveryRecord, [DeliveryAttemptRecord])?
    /// Puts a message back in the queue for an attempt at `now`, with a fresh retry schedule.
    func replayDelivery(appID: String, id: String, now: Date) async throws -> Bool

    /// The app's endpoints that are failing or disabled, by URL.
    func endpointStates(appID: String) async throws -> [EndpointState]
    /// Enables a disabled endpoint again (its failing streak starts over); false if it was not disabled.
    func enableEndpoint(appID: String, url: String) async throws -> Bool
}

extension WebhookStore {
    /// The app's messages of one status (nil: all), oldest first, after `cursor`.
    package func deliveries(
        appID: String, status: WebhookDeliveryRecord.Status?, after cursor: String?, limit: Int
    ) async throws -> Page<WebhookDeliveryRecord> {
        try await deliveries(appID: appID, filter: DeliveryFilter(status: status), after: cursor, limit: limit)
    }

    /// Claims what is due on the schedule's clock alone (its clock is real time).
    package func claimDueDeliveries(
        now: Date, limit: Int, perEndpoint: [WebhookEndpoint: Int], defaultPerEndpoint: Int, lease: Lease
    ) async throws -> [WebhookDeliveryRecord] {
        try await claimDueDeliveries(
            now: now, limit: limit, perEndpoint: perEndpoint, defaultPerEndpoint: defaultPerEndpoint, lease: lease, orDueOnWallClock: false)
    }

    /// The app's endpoints that are disabled (410 Gone, or failing too long), by URL.
    package func disabledEndpoints(appID: String) async throws -> [String] {
        try await endpointStates(appID: appID).filter { $0.disabledAt != nil }.map(\.url)
    }
}

/// What an attempt says of its endpoint.
package enum EndpointOutcome: Sendable, Hashable {
    /// It answered (2xx, or asked to abort the message): not failing.
    case answered
    /// It failed; if it has been failing since before `disableIfFailingSince`, it is disabled.
    case failed(disableIfFailingSince: Date)
    /// 410 Gone: disabled until the app enables it.
    case gone
}

/// An endpoint that is failing or disabled.
package struct EndpointState: Sendable, Hashable {
    package enum Reason: String, Sendable, Hashable, Codable {
        /// It answered 410 Gone.
        case gone
        /// It failed continuously for the app's limit (5 days by default).
        case failing
    }

    package var url: String
    /// When its current streak of failures began (nil: its last attempt succeeded).
    package var failingSince: Date?
    package var disabledAt: Date?
    package var reason: Reason?

    package init(url: String, failingSince: Date? = nil, disabledAt: Date? = nil, reason: Reason? = nil) {
        self.url = url
        self.failingSince = failingSince
        self.disabledAt = disabledAt
        self.reason = reason
    }
}

/// An attempt to record: what happened, the message as it is after it, and what it says of the endpoint.
package struct RecordedAttempt: Sendable {
    package var attempt: DeliveryAttemptRecord
    package var delivery: WebhookDeliveryRecord
    package var endpoint: EndpointOutcome
    /// The step of a notification's receipt the attempt ended in (sent, failed…), written with it.
    package var receipt: ReceiptEvent?

    package init(
        _ attempt: DeliveryAttemptRecord, of delivery: WebhookDeliveryRecord, endpoint: EndpointOutcome, receipt: ReceiptEvent? = nil
    ) {
        self.attempt = attempt
        self.delivery = delivery
        self.endpoint = endpoint
        self.receipt = receipt
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

extension WebhookStore {
    /// Records one attempt (`recordAttempts`).
    package func recordAttempt(_ attempt: DeliveryAttemptRecord, of delivery: WebhookDeliveryRecord, endpoint: EndpointOutcome) async throws
    {
        try await recordAttempts([RecordedAttempt(attempt, of: delivery, endpoint: endpoint)])
    }
}

/// The whole outbox in two figures (`/metrics`).
package struct OutboxFigures: Sendable, Hashable {
    /// Messages waiting to be delivered (their endpoints disabled or not).
    package var depth: Int
    /// The earliest due date of a message waiting on an enabled endpoint, if one is due: the dispatchers
    /// are that far behind.
    package var oldestDue: Date?

    package init(depth: Int, oldestDue: Date?) {
        self.depth = depth
        self.oldestDue = oldestDue
    }
}
