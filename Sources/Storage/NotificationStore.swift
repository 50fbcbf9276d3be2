import Foundation
import NotificationCore

/// Durable storage of centers, categories, pending requests, delivered notifications and the events
/// that tell of their changes. The contract every store keeps (SQLite, PostgreSQL), checked by one suite:
///
/// - Every method that changes something has committed when it returns, so a caller may acknowledge it;
///   then it announces the change on `changes`.
/// - The events a change reports (`ChangeEvent`) are written in the change's own transaction: user
///   events become the center's event history (with durable, per-center sequences), app events become
///   outbox messages for the app's delegate URL. A crash can lose both or neither.
/// - Due requests are *claimed* under a lease and a fencing token: `fire` records a firing only for the
///   claim that holds the request — its token — so a holder that stalled past its lease and lost the
///   request to another claim (a replica's, or a later claim of its own) cannot record. An expired lease
///   simply makes the request claimable again; nothing releases other holders' claims. Leases are on the wall clock
///   (`Lease`), due dates on the scheduler's: moving a virtual clock never makes anyone wait on a dead
///   process's claim for longer than its lease in real seconds.
/// - Failures the caller can act on are `StoreError`s (conflict, unavailable, storage full).
package protocol NotificationStore: Sendable {
    /// Where the store announces what its commits changed.
    var changes: ChangeFeed { get }

    // MARK: centers

    /// Inserts a new center; `StoreError.conflict` if the app already has one with its id.
    func insertCenter(_ center: CenterRecord) async throws
    /// The center, or nil.
    func center(_ key: CenterKey) async throws -> CenterRecord?
    /// The centers of `keys` that exist, read at once (a batch of firings asks for a thousand).
    func centers(_ keys: Set<CenterKey>) async throws -> [CenterKey: CenterRecord]
    /// Reads, changes and writes a center in one transaction, with the events the change reports; nil
    /// if the center does not exist.
    func updateCenter<T: Sendable>(
        _ key: CenterKey, at date: Date, _ change: @escaping @Sendable (inout CenterRecord, inout [ChangeEvent]) throws -> T
    ) async throws -> T?
    /// Deletes a center with its pending and delivered notifications, events and media holds, and
    /// retires its push token; false if it did not exist.
    func deleteCenter(_ key: CenterKey, at date: Date) async throws -> Bool
    /// Writes events that come with no change of the center's own (a response kept in the list, a
    /// background push); false if the center does not exist.
    func record(_ events: [ChangeEvent], for key: CenterKey, at date: Date) async throws -> Bool

    // MARK: push

    /// The center a push token belongs to, or when it was retired (rotated, or its center deleted).
    func center(pushToken: String) async throws -> PushTokenLookup
    /// Keeps a push for a center that is offline, in place of any kept before (APNs keeps one per device and app).
    func holdPush(_ push: HeldPush) async throws
    /// The push kept for the center, if any.
    func heldPush(_ key: CenterKey) async throws -> HeldPush?
    /// Drops the kept push once it was delivered (unless another replaced it meanwhile).
    func removeHeldPush(_ key: CenterKey, apnsID: String) async throws

    // MARK: categories (per app)

    /// Replaces the app's whole set of categories.
    func replaceCategories(appID: String, _ categories: [NotificationCategory]) async throws
    /// The app's categories, in the order they were set.
    func categories(appID: String) async throws -> [NotificationCategory]

    // MARK: string tables (per app)

    /// The app's string tables and default locale (empty when it uploaded none).
    func stringTables(appID: String) async throws -> StringTables
    /// Replaces the table of one locale (nil strings: removes it).
    func setStringTable(appID: String, locale: String, _ strings: [String: String]?) async throws
    /// Sets or clears the app's default locale.
    func setDefaultLocale(appID: String, _ locale: String?) async throws

    // MARK: pending

    /// Adds or replaces a pending request, stored as `form` (`NotificationRequest.storedForm()`, encoded
    /// once by the caller, which replies with the same bytes). Refuses (`pendingLimitReached`) when the
    /// center already has `limit` other pending requests; refuses (`attachmentNotInDataStore`) media the
    /// app does not have.
    func upsertPending(_ pending: PendingRequest, form: Data, limit: Int) async throws -> AddOutcome
    /// The center's pending requests, by identifier, after `cursor`.
    func pendingRequests(_ key: CenterKey, after cursor: String?, limit: Int) async throws -> Page<PendingRequest>
    /// Removes the named requests (unknown ones are ignored; nil removes all) with the events `report`
    /// makes of the identifiers removed; returns them.
    func removePending(
        _ key: CenterKey, identifiers: [String]?, at date: Date, report: @escaping @Sendable ([String]) -> [ChangeEvent]
    ) async throws -> [String]
    /// The center's pending requests whose trigger is of `triggerKind` (`location`, `calendar`…).
    func pendingRequests(_ key: CenterKey, triggerKind: String) async throws -> [StoredPending]
    /// Moves a pending request to a new fire date, unless it was replaced meanwhile (other revision).
    func reschedule(_ key: CenterKey, identifier: String, revision: Int64, nextFireDate: Date?) async throws

    // MARK: delivered

    /// The center's delivered notifications, newest first, after `cursor`.
    func deliveredNotifications(_ key: CenterKey, after cursor: String?, limit: Int) async throws -> Page<DeliveredNotification>
    /// One delivered notification, or nil.
    func deliveredNotification(_ key: CenterKey, identifier: String) async throws -> DeliveredNotification?
    /// Removes the named delivered notifications (unknown ones are ignored; nil removes all) with the
    /// events `report` makes of the identifiers removed; returns them.
    func removeDelivered(
        _ key: CenterKey, identifiers: [String]?, at date: Date, report: @escaping @Sendable ([String]) -> [ChangeEvent]
    ) async throws -> [String]
    /// The earliest date a held notification comes in a Scheduled Summary; nil when none is held.
    func nextSummaryDate() async throws -> Date?
    /// Centers holding notifications whose summary is due by `date` (at most `limit`).
    func centersWithSummaryDue(by date: Date, limit: Int) async throws -> [CenterKey]
    /// Delivers the center's Scheduled Summary in one transaction: the notifications it holds until
    /// `dueBy` or earlier (every one it holds when nil, "show next summary"), oldest first, go to `make`
    /// with the center; what it returns is written with its events, the released notifications presented
    /// anew (their `presented` moves them to the top of the list). Nil, writing nothing, when nothing is
    /// held any more (another process delivered the summary) or `make` returns nil.
    func deliverSummary(
        _ key: CenterKey, dueBy: Date?, at date: Date,
        _ make: @escaping @Sendable (CenterRecord, [DeliveredNotification]) -> SummaryDelivery?
    ) async throws -> SummaryDelivery?
    /// The steps of every delivery of the identifier on the center and its devices that are still kept,
    /// in the order they were written (at most `ReceiptHistory.readLimit`).
    func receipts(_ key: CenterKey, identifier: String) async throws -> [ReceiptEvent]

    // MARK: events

    /// The center's events after `sequence` (at most `limit`), and whether the history still reaches
    /// back to it.
    func events(_ key: CenterKey, after sequence: Int64, limit: Int) async throws -> EventPage
    /// The sequence of the center's newest event (0 before the first); nil if the center does not exist.
    func latestEvent(_ key: CenterKey) async throws -> Int64?

    // MARK: scheduling

    /// The earliest fire date of any request not under a claim that is live at `leaseNow` (wall clock).
    func nextFireDate(leaseNow: Date) async throws -> Date?
    /// Whether some request due at `now` has not fired yet, claimed or not (the virtual clock waits
    /// for what other processes hold).
    func hasUnfiredRequests(dueBy now: Date) async throws -> Bool
    /// How many requests are pending, in every center (`/metrics`).
    func pendingTotal() async throws -> Int
    /// Claims up to `limit` requests due at `now`, earliest first, that no claim live at `lease.now` holds,
    /// under a fencing token, until `lease.until`; tells the earliest fire date left unclaimed (one
    /// transaction).
    func claimDue(now: Date, limit: Int, lease: Lease) async throws -> ClaimedBatch
    /// Extends the leases of claims still held (firings that wait on an app's extensions).
    func extendClaims(_ claims: [StoredPending], until leaseUntil: Date) async throws
    /// Fires claimed requests in one transaction: for each whose claim still holds it (no other claim took
    /// it since, which another may once the lease has ended), `decide`
    /// (a pure function of the claim and the center as it is now) gives the firing, which is recorded
    /// with its events, or nil to keep the claim for a later `fire` (the app's extensions first). Returns
    /// the firings recorded and the claims kept, still held; every other claim ends.
    func fire(
        _ claims: [StoredPending], at now: Date, decide: @escaping @Sendable (StoredPending, CenterRecord) -> FiringRecord?
    ) async throws -> FiredClaims
    /// Records firings that were never claimed (a delivery without a trigger, a location crossing), for
    /// the revisions given, with their events; one transaction.
    func recordFirings(_ firings: [FiringRecord], at now: Date) async throws
    /// Gives back claims this process will not fire (at shutdown), so that they fire without waiting
    /// for the lease.
    func releaseClaims(_ claims: [StoredPending]) async throws
}

extension NotificationStore {
    /// `upsertPending(_:form:limit:)` with the request encoded here.
    package func upsertPending(_ pending: PendingRequest, limit: Int) async throws -> AddOutcome {
        try await upsertPending(pending, form: try pending.request.storedForm(), limit: limit)
    }
}
