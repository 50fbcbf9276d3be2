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
    package var createdAt: Date

    package init(
        id: String, appID: String, url: String, type: WebhookEventType, payload: Data, status: Status = .pending, attempts: Int = 0,
        failures: Int = 0, nextAttempt: Date?, createdAt: Date
    ) {
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

    package init(number: Int, at: Date, statusCode: Int?, error: String?, durationMilliseconds: Int) {
        self.number = number
        self.at = at
        self.statusCode = statusCode
        self.error = error
        self.durationMilliseconds = durationMilliseconds
    }
}

/// The app's webhook settings and the durable outbox. Claims work like the scheduler's: a claimed
/// message is leased to one dispatcher until its attempt is recorded or the lease runs out.
package protocol WebhookStore: Sendable {
    func webhookConfiguration(appID: String) async throws -> WebhookConfiguration?
    func setWebhookConfiguration(appID: String, _ configuration: WebhookConfiguration?) async throws

    func enqueueDeliveries(_ deliveries: [WebhookDeliveryRecord]) async throws
    /// Claims pending messages due at `now` whose endpoint is not disabled, earliest first.
    func claimDueDeliveries(now: Date, limit: Int, leaseUntil: Date) async throws -> [WebhookDeliveryRecord]
    /// The earliest next attempt of any pending, unclaimed message on an enabled endpoint.
    func nextDeliveryDate() async throws -> Date?
    /// Records an attempt and the message's new state (and releases its claim), in one transaction;
    /// `disableEndpoint` also disables the message's endpoint (a 410).
    func recordAttempt(
        _ attempt: DeliveryAttemptRecord, of delivery: WebhookDeliveryRecord, disableEndpoint: Bool
    ) async throws
    func releaseAllDeliveryClaims() async throws

    func deliveries(appID: String, status: WebhookDeliveryRecord.Status?, after cursor: String?, limit: Int) async throws -> Page<
        WebhookDeliveryRecord
    >
    func delivery(appID: String, id: String) async throws -> (WebhookDeliveryRecord, [DeliveryAttemptRecord])?
    /// Puts a message back in the queue for an attempt at `now`, with a fresh retry schedule.
    func replayDelivery(appID: String, id: String, now: Date) async throws -> Bool

    func disabledEndpoints(appID: String) async throws -> [String]
    func enableEndpoint(appID: String, url: String) async throws -> Bool
}
