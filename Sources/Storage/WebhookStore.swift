import Foundation
import Webhooks

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

extension WebhookStore {
    /// Records one attempt (`recordAttempts`).
    package func recordAttempt(_ attempt: DeliveryAttemptRecord, of delivery: WebhookDeliveryRecord, endpoint: EndpointOutcome) async throws
    {
        try await recordAttempts([RecordedAttempt(attempt, of: delivery, endpoint: endpoint)])
    }
}
