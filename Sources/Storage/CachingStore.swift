import Foundation
import NotificationCore
import Synchronization

/// What the store keeps in memory, read without waiting: when what callers cached about a center may be
/// stale (every change the feed announces about a center moves that center's version on, and changes
/// that touch many centers move every version on), and the centers and credentials cached now.
package protocol StoreCache: Sendable {
    func version(ofCenter key: CenterKey) -> UInt64
    /// The center's version if the center is cached now (so it exists); nil says nothing about whether it exists.
    func versionIfCached(ofCenter key: CenterKey) -> UInt64?
    /// The credential if it is cached now; nil says nothing about whether it exists.
    func cachedCredential(id: String) -> CredentialRecord?
}

/// The store with the hot reads of every request kept in memory: credentials (every request
/// authenticates), centers (every app or user operation reads its center) and string tables (every
/// firing of localized content). Everything else passes through.
///
/// The caches listen to the store's change feed and to nothing else, so they stay right across
/// processes (PostgreSQL replicas hear each other's changes on the feed). Correctness rests on two rules:
/// the feed announces a change only after it committed, and a reader caches what it read only if the
/// version it saw *before* reading is still current — so a value read before a change can never be
/// cached after its announcement.
package final class CachingStore: NotificationStore, PrincipalStore, StoreCache {
    private struct State {
        /// The version of every center not in `versions`; moved on by changes that touch many centers.
        var epoch: UInt64 = 0
        var next: UInt64 = 0
        var versions: [CenterKey: UInt64] = [:]
        /// Moved on by every change of center records (not their requests or notifications).
        var centersVersion: UInt64 = 0
        var centers = BoundedCache<CenterKey, CenterRecord>(capacity: CachingStore.capacity)
        var stringTablesVersion: UInt64 = 0
        var stringTables = BoundedCache<String, StringTables>(capacity: CachingStore.capacity)
        var credentialsVersion: UInt64 = 0
        var credentials = BoundedCache<String, CredentialRecord>(capacity: CachingStore.capacity)

        func version(of key: CenterKey) -> UInt64 { max(versions[key] ?? 0, epoch) }

        mutating func changed(_ keys: [CenterKey], records: Bool) {
            // A full map of versions starts over: every center's version moves on at once. The cached
            // records stay: each change has dropped its own (emptied here, under a burst to more centers than
            // the map holds, they would all be read again on every pass).
            if versions.count >= CachingStore.capacity { forgetVersions() }
            for key in keys {
                next += 1
                versions[key] = next
                if records { centers[key] = nil }
            }
            if records { centersVersion += 1 }
        }

        /// Moves every center's version on (the epoch) and forgets the versions kept per center.
        mutating func forgetVersions() {
            next += 1
            epoch = next
            versions.removeAll(keepingCapacity: true)
        }

        mutating func changedAll() {
            forgetVersions()
            centersVersion += 1
            centers.removeAll()
        }

        mutating func credentialsChanged() {
            credentialsVersion += 1
            credentials.removeAll()
        }

        mutating func stringTablesChanged() {
            stringTablesVersion += 1
            stringTables.removeAll()
        }
    }

    /// Entries kept at most per map: a full map of versions starts over (`forgetVersions`), a full cache
    /// evicts an entry at random for a single read (`BoundedCache`) and none for a bulk one.
    static let capacity = 50_000

    private let base: any NotificationStore & PrincipalStore
    private let state = Mutex(State())

    package init(_ base: any NotificationStore & PrincipalStore) {
        self.base = base
        base.changes.listen { [weak self] change in self?.apply(change) }
    }

    package var changes: ChangeFeed { base.changes }

    package func version(ofCenter key: CenterKey) -> UInt64 {
        state.withLock { $0.version(of: key) }
    }

    package func versionIfCached(ofCenter key: CenterKey) -> UInt64? {
        state.withLock { $0.centers[key] == nil ? nil : $0.version(of: key) }
    }

    package func cachedCredential(id: String) -> CredentialRecord? { state.withLock { $0.credentials[id] } }

    /// Drops what a change made stale.
    private func apply(_ change: StoreChange) {
        state.withLock { state in
            switch change {
            case .centers(let keys): state.changed(keys, records: true)
            case .notifications(let keys): state.changed(keys, records: false)
            case .credentials: state.credentialsChanged()
            case .stringTables: state.stringTablesChanged()
            case .app, .resynchronize:
                state.changedAll()
                state.credentialsChanged()
                state.stringTablesChanged()
            case .due, .summaryDue, .broadcastDue, .outbox, .events, .webhookSettings, .clock, .mediaRemoved, .endpointDisabled: break
            }
        }
    }

    /// Reads through the cache: the cached value, else `read`'s, kept unless a change came meanwhile.
    private func cached<Key: Hashable & Sendable, Value: Sendable>(
        _ key: Key, in map: WritableKeyPath<State, BoundedCache<Key, Value>>, version: KeyPath<State, UInt64>,
        read: () async throws -> Value?
    ) async rethrows -> Value? {
        let (hit, seen) = state.withLock { ($0[keyPath: map][key], $0[keyPath: version]) }
        if let hit { return hit }
        let value = try await read()
        if let value {
            state.withLock { state in
                guard state[keyPath: version] == seen else { return }
                state[keyPath: map][key] = value
            }
        }
        return value
    }

    // MARK: centers

    package func insertCenter(_ center: CenterRecord) async throws { try await base.insertCenter(center) }

    package func center(_ key: CenterKey) async throws -> CenterRecord? {
        try await cached(key, in: \.centers, version: \.centersVersion) { try await base.center(key) }
    }

    /// Those in memory, and the rest in one read (kept unless a change came meanwhile, and only where the
    /// cache has room: a burst to more centers than it holds evicts nothing): past the cache's capacity a
    /// batch of firings would otherwise read its centers one by one.
    package func centers(_ keys: Set<CenterKey>) async throws -> [CenterKey: CenterRecord] {
        let (cached, seen) = state.withLock { state in
            (keys.reduce(into: [CenterKey: CenterRecord]()) { found, key in found[key] = state.centers[key] }, state.centersVersion)
        }
        guard cached.count < keys.count else { return cached }
        let read = try await base.centers(keys.filter { cached[$0] == nil })
        state.withLock { state in
            guard state.centersVersion == seen else { return }
            for (key, center) in read { state.centers.insertIfRoom(center, for: key) }
        }
        return cached.merging(read) { $1 }
    }

    package func updateCenter<T: Sendable>(
        _ key: CenterKey, at date: Date, _ change: @escaping @Sendable (inout CenterRecord, inout [ChangeEvent]) throws -> T
    ) async throws -> T? {
        try await base.updateCenter(key, at: date, change)
    }

    package func deleteCenter(_ key: CenterKey, at date: Date) async throws -> Bool { try await base.deleteCenter(key, at: date) }

    package func record(_ events: [ChangeEvent], for key: CenterKey, at date: Date) async throws -> Bool {
        try await base.record(events, for: key, at: date)
    }

    // MARK: push

    package func center(pushToken: String) async throws -> PushTokenLookup { try await base.center(pushToken: pushToken) }
    package func holdPush(_ push: HeldPush) async throws { try await base.holdPush(push) }
    package func heldPush(_ key: CenterKey) async throws -> HeldPush? { try await base.heldPush(key) }
    package func removeHeldPush(_ key: CenterKey, apnsID: String) async throws { try await base.removeHeldPush(key, apnsID: apnsID) }

    // MARK: categories and string tables

    package func replaceCategories(appID: String, _ categories: [NotificationCategory]) async throws {
        try await base.replaceCategories(appID: appID, categories)
    }

    package func categories(appID: String) async throws -> [NotificationCategory] { try await base.categories(appID: appID) }

    package func stringTables(appID: String) async throws -> StringTables {
        try await cached(appID, in: \.stringTables, version: \.stringTablesVersion) { try await base.stringTables(appID: appID) }
            ?? StringTables()
    }

    package func setStringTable(appID: String, locale: String, _ strings: [String: String]?) async throws {
        try await base.setStringTable(appID: appID, locale: locale, strings)
    }

    package func setDefaultLocale(appID: String, _ locale: String?) async throws { try await base.setDefaultLocale(appID: appID, locale) }

    // MARK: pending and delivered

    package func upsertPending(_ pending: PendingRequest, form: Data, limit: Int) async throws -> AddOutcome {
        try await base.upsertPending(pending, form: form, limit: limit)
    }

    package func pendingRequests(_ key: CenterKey, after cursor: String?, limit: Int) async throws -> Page<PendingRequest> {
        try await base.pendingRequests(key, after: cursor, limit: limit)
    }

    package func removePending(
        _ key: CenterKey, identifiers: [String]?, at date: Date, report: @escaping @Sendable ([String]) -> [ChangeEvent]
    ) async throws -> [String] {
        try await base.removePending(key, identifiers: identifiers, at: date, report: report)
    }

    package func pendingRequests(_ key: CenterKey, triggerKind: String) async throws -> [StoredPending] {
        try await base.pendingRequests(key, triggerKind: triggerKind)
    }

    package func reschedule(_ key: CenterKey, identifier: String, revision: Int64, nextFireDate: Date?) async throws {
        try await base.reschedule(key, identifier: identifier, revision: revision, nextFireDate: nextFireDate)
    }

    package func deliveredNotifications(_ key: CenterKey, after cursor: String?, limit: Int) async throws -> Page<DeliveredNotification> {
        try await base.deliveredNotifications(key, after: cursor, limit: limit)
    }

    package func deliveredNotification(_ key: CenterKey, identifier: String) async throws -> DeliveredNotification? {
        try await base.deliveredNotification(key, identifier: identifier)
    }

    package func nextSummaryDate() async throws -> Date? { try await base.nextSummaryDate() }

    package func centersWithSummaryDue(by date: Date, limit: Int) async throws -> [CenterKey] {
        try await base.centersWithSummaryDue(by: date, limit: limit)
    }

    package func deliverSummary(
        _ key: CenterKey, dueBy: Date?, at date: Date,
        _ make: @escaping @Sendable (CenterRecord, [DeliveredNotification]) -> SummaryDelivery?
    ) async throws -> SummaryDelivery? {
        try await base.deliverSummary(key, dueBy: dueBy, at: date, make)
    }

    package func receipts(_ key: CenterKey, identifier: String) async throws -> [ReceiptEvent] {
        try await base.receipts(key, identifier: identifier)
    }

    package func removeDelivered(
        _ key: CenterKey, identifiers: [String]?, at date: Date, report: @escaping @Sendable ([String]) -> [ChangeEvent]
    ) async throws -> [String] {
        try await base.removeDelivered(key, identifiers: identifiers, at: date, report: report)
    }

    // MARK: events and scheduling

    package func events(_ key: CenterKey, after sequence: Int64, limit: Int) async throws -> EventPage {
        try await base.events(key, after: sequence, limit: limit)
    }

    package func latestEvent(_ key: CenterKey) async throws -> Int64? { try await base.latestEvent(key) }

    package func nextFireDate(leaseNow: Date) async throws -> Date? { try await base.nextFireDate(leaseNow: leaseNow) }
    package func hasUnfiredRequests(dueBy now: Date) async throws -> Bool { try await base.hasUnfiredRequests(dueBy: now) }

    package func pendingTotal() async throws -> Int { try await base.pendingTotal() }

    package func claimDue(now: Date, limit: Int, lease: Lease) async throws -> ClaimedBatch {
        try await base.claimDue(now: now, limit: limit, lease: lease)
    }

    package func extendClaims(_ claims: [StoredPending], until leaseUntil: Date) async throws {
        try await base.extendClaims(claims, until: leaseUntil)
    }

    package func fire(
        _ claims: [StoredPending], at now: Date, decide: @escaping @Sendable (StoredPending, CenterRecord) -> FiringRecord?
    ) async throws -> FiredClaims {
        try await base.fire(claims, at: now, decide: decide)
    }

    package func recordFirings(_ firings: [FiringRecord], at now: Date) async throws { try await base.recordFirings(firings, at: now) }

    package func releaseClaims(_ claims: [StoredPending]) async throws { try await base.releaseClaims(claims) }

    // MARK: principals

    package func insertApp(_ app: AppRecord) async throws { try await base.insertApp(app) }
    package func app(id: String) async throws -> AppRecord? { try await base.app(id: id) }
    package func apps(after cursor: String?, limit: Int) async throws -> Page<AppRecord> {
        try await base.apps(after: cursor, limit: limit)
    }
    package func updateApp(_ app: AppRecord) async throws -> Bool { try await base.updateApp(app) }
    package func markAppDeleted(id: String, at date: Date) async throws -> Bool { try await base.markAppDeleted(id: id, at: date) }
    package func deletedApps(limit: Int) async throws -> [String] { try await base.deletedApps(limit: limit) }
    package func deleteApp(id: String, at date: Date) async throws -> Bool { try await base.deleteApp(id: id, at: date) }
    package func deleteAppContents(appID: String, limit: Int, at date: Date) async throws -> Int {
        try await base.deleteAppContents(appID: appID, limit: limit, at: date)
    }

    package func centers(appID: String, after cursor: String?, limit: Int) async throws -> Page<CenterRecord> {
        try await base.centers(appID: appID, after: cursor, limit: limit)
    }

    package func insertCredential(_ credential: CredentialRecord) async throws { try await base.insertCredential(credential) }

    package func credential(id: String) async throws -> CredentialRecord? {
        try await cached(id, in: \.credentials, version: \.credentialsVersion) { try await base.credential(id: id) }
    }

    package func appKeys(appID: String) async throws -> [CredentialRecord] { try await base.appKeys(appID: appID) }

    package func deleteCredential(id: String, appID: String) async throws -> Bool {
        try await base.deleteCredential(id: id, appID: appID)
    }
}
