import Foundation
import NotificationCore
import Synchronization

/// Tells callers above the store when what they cached about a center may be stale: every write that
/// names a center moves that center's version on once it has committed, and writes that touch many
/// centers move every version on.
package protocol CenterVersions: Sendable {
    func version(ofCenter id: String) -> UInt64
}

/// The store with the hot reads of every request kept in memory: credentials (every request
/// authenticates) and centers (every app or user operation reads its center). Everything else passes
/// through.
///
/// Correctness rests on two rules. Writers move versions on *after* the base store committed, and a
/// reader caches what it read only if the version it saw *before* reading is still current — so a value
/// read before a write can never be cached after it. A process that shares the database with others
/// (PostgreSQL replicas) must also move versions on when it hears of their writes (LISTEN/NOTIFY).
package final class CachingStore: NotificationStore, PrincipalStore, CenterVersions {
    private struct State {
        /// The version of every center not in `versions`; moved on by writes that touch many centers.
        var epoch: UInt64 = 0
        var next: UInt64 = 0
        var versions: [String: UInt64] = [:]
        /// Moved on by every write that changes center records (not their requests or notifications).
        var centersVersion: UInt64 = 0
        var centers: [String: CenterRecord] = [:]
        var stringTablesVersion: UInt64 = 0
        var stringTables: [String: StringTables] = [:]
        var credentialsVersion: UInt64 = 0
        var credentials: [String: CredentialRecord] = [:]
    }

    /// Entries kept at most per map; a full map is emptied (the next reads refill it).
    static let capacity = 50_000

    private let base: any NotificationStore & PrincipalStore
    private let state = Mutex(State())

    package init(_ base: any NotificationStore & PrincipalStore) {
        self.base = base
    }

    package func version(ofCenter id: String) -> UInt64 {
        state.withLock { max($0.versions[id] ?? 0, $0.epoch) }
    }

    /// Marks the centers changed: their versions move on and, if `records` (the write changed the center
    /// itself, not only its requests or notifications), their cached records go.
    private func changed(_ ids: some Sequence<String>, records: Bool) {
        state.withLock { state in
            if state.versions.count >= Self.capacity { return Self.changedAll(&state) }
            for id in ids {
                state.next += 1
                state.versions[id] = state.next
                if records { state.centers[id] = nil }
            }
            if records { state.centersVersion += 1 }
        }
    }

    private func changed(_ id: String, records: Bool) { changed(CollectionOfOne(id), records: records) }

    private static func changedAll(_ state: inout State) {
        state.next += 1
        state.epoch = state.next
        state.versions.removeAll(keepingCapacity: true)
        state.centersVersion += 1
        state.centers.removeAll(keepingCapacity: true)
    }

    private func credentialsChanged() {
        state.withLock {
            $0.credentialsVersion += 1
            $0.credentials.removeAll(keepingCapacity: true)
        }
    }

    // MARK: centers

    package func insertCenter(_ center: CenterRecord) async throws {
        defer { changed(center.id, records: true) }
        try await base.insertCenter(center)
    }

    package func center(id: String) async throws -> CenterRecord? {
        let (cached, version) = state.withLock { ($0.centers[id], $0.centersVersion) }
        if let cached { return cached }
        let center = try await base.center(id: id)
        if let center {
            state.withLock { state in
                guard state.centersVersion == version else { return }
                if state.centers.count >= Self.capacity { state.centers.removeAll(keepingCapacity: true) }
                state.centers[id] = center
            }
        }
        return center
    }

    package func updateCenter<T: Sendable>(id: String, _ change: @Sendable (inout CenterRecord) throws -> T) async throws -> T? {
        defer { changed(id, records: true) }
        return try await base.updateCenter(id: id, change)
    }

    package func deleteCenter(id: String) async throws -> Bool {
        defer {
            changed(id, records: true)
            credentialsChanged()
        }
        return try await base.deleteCenter(id: id)
    }

    // MARK: push

    package func center(pushToken: String) async throws -> PushTokenLookup { try await base.center(pushToken: pushToken) }
    package func holdPush(_ push: HeldPush) async throws { try await base.holdPush(push) }
    package func heldPush(centerID: String) async throws -> HeldPush? { try await base.heldPush(centerID: centerID) }
    package func removeHeldPush(centerID: String, apnsID: String) async throws {
        try await base.removeHeldPush(centerID: centerID, apnsID: apnsID)
    }

    // MARK: categories

    package func replaceCategories(appID: String, _ categories: [NotificationCategory]) async throws {
        try await base.replaceCategories(appID: appID, categories)
    }

    package func categories(appID: String) async throws -> [NotificationCategory] {
        try await base.categories(appID: appID)
    }

    // MARK: string tables

    package func stringTables(appID: String) async throws -> StringTables {
        let (cached, version) = state.withLock { ($0.stringTables[appID], $0.stringTablesVersion) }
        if let cached { return cached }
        let tables = try await base.stringTables(appID: appID)
        state.withLock { state in
            guard state.stringTablesVersion == version else { return }
            if state.stringTables.count >= Self.capacity { state.stringTables.removeAll(keepingCapacity: true) }
            state.stringTables[appID] = tables
        }
        return tables
    }

    package func setStringTable(appID: String, locale: String, _ strings: [String: String]?) async throws {
        defer { stringTablesChanged() }
        try await base.setStringTable(appID: appID, locale: locale, strings)
    }

    package func setDefaultLocale(appID: String, _ locale: String?) async throws {
        defer { stringTablesChanged() }
        try await base.setDefaultLocale(appID: appID, locale)
    }

    private func stringTablesChanged() {
        state.withLock {
            $0.stringTablesVersion += 1
            $0.stringTables.removeAll(keepingCapacity: true)
        }
    }

    // MARK: pending

    package func upsertPending(_ pending: PendingRequest, limit: Int) async throws -> AddOutcome {
        defer { changed(pending.centerID, records: false) }
        return try await base.upsertPending(pending, limit: limit)
    }

    package func pendingRequests(centerID: String, after cursor: String?, limit: Int) async throws -> Page<PendingRequest> {
        try await base.pendingRequests(centerID: centerID, after: cursor, limit: limit)
    }

    package func removePending(centerID: String, identifiers: [String]?) async throws -> [String] {
        defer { changed(centerID, records: false) }
        return try await base.removePending(centerID: centerID, identifiers: identifiers)
    }

    package func pendingRequests(centerID: String, triggerKind: String) async throws -> [StoredPending] {
        try await base.pendingRequests(centerID: centerID, triggerKind: triggerKind)
    }

    package func reschedule(centerID: String, identifier: String, revision: Int64, nextFireDate: Date?) async throws {
        defer { changed(centerID, records: false) }
        try await base.reschedule(centerID: centerID, identifier: identifier, revision: revision, nextFireDate: nextFireDate)
    }

    // MARK: delivered

    package func deliveredNotifications(centerID: String, after cursor: String?, limit: Int) async throws -> Page<DeliveredNotification> {
        try await base.deliveredNotifications(centerID: centerID, after: cursor, limit: limit)
    }

    package func deliveredNotification(centerID: String, identifier: String) async throws -> DeliveredNotification? {
        try await base.deliveredNotification(centerID: centerID, identifier: identifier)
    }

    package func removeDelivered(centerID: String, identifiers: [String]?) async throws -> [String] {
        defer { changed(centerID, records: false) }
        return try await base.removeDelivered(centerID: centerID, identifiers: identifiers)
    }

    // MARK: scheduling

    package func nextFireDate() async throws -> Date? { try await base.nextFireDate() }

    package func claimDue(now: Date, limit: Int, leaseUntil: Date) async throws -> ClaimedBatch {
        try await base.claimDue(now: now, limit: limit, leaseUntil: leaseUntil)
    }

    package func recordFirings(_ firings: [FiringRecord]) async throws {
        defer { changed(firings.map(\.centerID), records: firings.contains { $0.badge != nil }) }
        try await base.recordFirings(firings)
    }

    package func fire(
        _ claims: [StoredPending], decide: @Sendable (StoredPending, CenterRecord) -> FiringRecord
    ) async throws -> [FiringRecord] {
        // Firings may set badges: the records go too.
        defer { changed(claims.map(\.pending.centerID), records: true) }
        return try await base.fire(claims, decide: decide)
    }

    package func releaseClaims(_ claims: [StoredPending]) async throws { try await base.releaseClaims(claims) }

    package func releaseAllClaims() async throws { try await base.releaseAllClaims() }

    // MARK: principals

    package func insertApp(_ app: AppRecord) async throws { try await base.insertApp(app) }

    package func app(id: String) async throws -> AppRecord? { try await base.app(id: id) }

    package func updateApp(_ app: AppRecord) async throws -> Bool { try await base.updateApp(app) }

    package func deleteApp(id: String) async throws -> Bool {
        defer {
            state.withLock { Self.changedAll(&$0) }
            credentialsChanged()
            stringTablesChanged()
        }
        return try await base.deleteApp(id: id)
    }

    package func insertCredential(_ credential: CredentialRecord) async throws { try await base.insertCredential(credential) }

    package func credential(id: String) async throws -> CredentialRecord? {
        let (cached, version) = state.withLock { ($0.credentials[id], $0.credentialsVersion) }
        if let cached { return cached }
        let credential = try await base.credential(id: id)
        if let credential {
            state.withLock { state in
                guard state.credentialsVersion == version else { return }
                if state.credentials.count >= Self.capacity { state.credentials.removeAll(keepingCapacity: true) }
                state.credentials[id] = credential
            }
        }
        return credential
    }

    package func deleteCredential(id: String, appID: String) async throws -> Bool {
        defer { credentialsChanged() }
        return try await base.deleteCredential(id: id, appID: appID)
    }
}
