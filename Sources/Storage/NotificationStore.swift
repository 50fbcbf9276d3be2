import Foundation
import NotificationCore

/// Durable storage of centers, categories, pending requests and delivered notifications.
///
/// Every method that changes something has committed when it returns, so a caller may acknowledge it.
/// Due requests are *claimed* (leased), not just read: `claimDue` marks them so that a second scheduler
/// sharing the database (PostgreSQL, several replicas) does not fire them too, and `recordFiring`
/// completes a claim in one transaction. A crash between the two leaves the claim to expire and the
/// request to be fired again: a firing is recorded at most once.
package protocol NotificationStore: Sendable {
    // MARK: centers
    func insertCenter(_ center: CenterRecord) async throws
    func center(id: String) async throws -> CenterRecord?
    /// Reads, changes and writes a center in one transaction; nil if it does not exist.
    func updateCenter<T: Sendable>(
        id: String, _ change: @Sendable (inout CenterRecord) throws -> T
    ) async throws -> T?
    /// Deletes a center with its pending and delivered notifications; false if it did not exist.
    func deleteCenter(id: String) async throws -> Bool

    // MARK: push
    /// The center a push token belongs to, or when it was retired (rotated, or its center deleted).
    func center(pushToken: String) async throws -> PushTokenLookup
    /// Keeps a push for a center that is offline, in place of any kept before (APNs keeps one per device and app).
    func holdPush(_ push: HeldPush) async throws
    /// The push kept for the center, if any.
    func heldPush(centerID: String) async throws -> HeldPush?
    /// Drops the kept push once it was delivered (unless another replaced it meanwhile).
    func removeHeldPush(centerID: String, apnsID: String) async throws

    // MARK: categories (per app)
    func replaceCategories(appID: String, _ categories: [NotificationCategory]) async throws
    func categories(appID: String) async throws -> [NotificationCategory]

    // MARK: string tables (per app)
    /// The app's string tables and default locale (empty when it uploaded none).
    func stringTables(appID: String) async throws -> StringTables
    /// Replaces the table of one locale (nil strings: removes it).
    func setStringTable(appID: String, locale: String, _ strings: [String: String]?) async throws
    func setDefaultLocale(appID: String, _ locale: String?) async throws

    // MARK: pending
    /// Adds or replaces a pending request. Refuses (`pendingLimitReached`) when the center already has
    /// `limit` other pending requests.
    func upsertPending(_ pending: PendingRequest, limit: Int) async throws -> AddOutcome
    func pendingRequests(centerID: String, after cursor: String?, limit: Int) async throws -> Page<PendingRequest>
    /// Removes the named requests (unknown ones are ignored; nil removes all); returns the identifiers removed.
    func removePending(centerID: String, identifiers: [String]?) async throws -> [String]
    /// The center's pending requests whose trigger is of `triggerKind` (`location`, `calendar`…).
    func pendingRequests(centerID: String, triggerKind: String) async throws -> [StoredPending]
    /// Moves a pending request to a new fire date, unless it was replaced meanwhile (other revision).
    func reschedule(centerID: String, identifier: String, revision: Int64, nextFireDate: Date?) async throws

    // MARK: delivered
    func deliveredNotifications(centerID: String, after cursor: String?, limit: Int) async throws -> Page<DeliveredNotification>
    func deliveredNotification(centerID: String, identifier: String) async throws -> DeliveredNotification?
    /// Removes the named delivered notifications (unknown ones are ignored; nil removes all); returns
    /// the identifiers removed.
    func removeDelivered(centerID: String, identifiers: [String]?) async throws -> [String]

    // MARK: scheduling
    /// The earliest fire date of any unclaimed pending request.
    func nextFireDate() async throws -> Date?
    /// Claims up to `limit` unclaimed requests due at `now`, earliest first, until `leaseUntil`, and
    /// tells the earliest fire date left unclaimed (one transaction, so the scheduler needs no second look).
    func claimDue(now: Date, limit: Int, leaseUntil: Date) async throws -> ClaimedBatch
    /// Completes firings: delivered notifications, next dates or removals, badges — one transaction. A
    /// firing of a claimed revision that is no longer pending (removed or replaced since) is dropped;
    /// revision 0 marks a delivery that never was pending (no trigger).
    func recordFirings(_ firings: [FiringRecord]) async throws
    /// Fires claimed requests in one transaction: for each whose center still exists, `decide` (a pure
    /// function of the claim and the center as it is now) gives the firing, which is recorded as in
    /// `recordFirings`. Returns the firings recorded.
    func fire(_ claims: [StoredPending], decide: @Sendable (StoredPending, CenterRecord) -> FiringRecord) async throws -> [FiringRecord]
    /// Gives back claims that will not be fired (at shutdown), unless the request changed meanwhile.
    func releaseClaims(_ claims: [StoredPending]) async throws
    /// Releases every claim (at start-up of the only process using the database).
    func releaseAllClaims() async throws
}
