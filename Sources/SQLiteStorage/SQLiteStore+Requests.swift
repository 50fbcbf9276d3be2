import Foundation
import GRDB
import NotificationCore
import Storage

extension SQLiteStore {
    /// Adds or replaces a request; concurrent adds share a transaction and its fsync (the writer's group
    /// commit), each in its own savepoint, so one refused (the pending limit) leaves the others in.
    package func upsertPending(_ pending: PendingRequest, form: Data, limit: Int) async throws -> AddOutcome {
        try await write { db, effects in try Self.upsertOne(pending, encoded: form, limit: limit, db, &effects) }
    }

    /// Whether a request counts against the pending limit: pushes only pass through `pending` to fire at once.
    static func counted(_ triggerKind: String?) -> Bool { triggerKind != "push" }

    private static func upsertOne(
        _ pending: PendingRequest, encoded: Data, limit: Int, _ db: Database, _ effects: inout ChangeSet
    ) throws -> AddOutcome {
        let key = pending.center
        let kind = pending.request.trigger?.kind
        let previous = try Row.fetchOne(
            try db.cachedStatement(sql: "SELECT trigger_kind FROM pending WHERE app_id = ? AND center_id = ? AND identifier = ?"),
            arguments: [key.appID, key.centerID, pending.request.identifier])
        let countedBefore = previous.map { counted($0["trigger_kind"]) } ?? false
        guard
            let count = try Int.fetchOne(
                try db.cachedStatement(sql: "SELECT pending_count FROM centers WHERE app_id = ? AND id = ?"),
                arguments: [key.appID, key.centerID])
        else { throw NotificationError.centerNotFound(key.centerID) }
        // The count is at least what is pending (firings leave it), so only one at the limit is counted again.
        if counted(kind), !countedBefore, count >= limit, try countPending(key, db) >= limit {
            throw NotificationError.pendingLimitReached(limit)
        }
        let media = mediaIDs(of: pending.request)
        try checkMediaExists(media, appID: key.appID, db)
        try db.cachedStatement(
            sql: """
                INSERT INTO pending(
                    app_id, center_id, identifier, request, trigger_kind, added_at, next_fire, revision, claim_token, claimed_until, traceparent)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, NULL, NULL, ?)
                ON CONFLICT(app_id, center_id, identifier) DO UPDATE SET
                    request = excluded.request, trigger_kind = excluded.trigger_kind, added_at = excluded.added_at,
                    next_fire = excluded.next_fire, revision = excluded.revision, claim_token = NULL, claimed_until = NULL,
                    traceparent = excluded.traceparent
                """
        ).execute(arguments: [
            key.appID, key.centerID, pending.request.identifier, encoded, kind, milliseconds(pending.addedAt),
            pending.nextFireDate.map(milliseconds), newToken(), pending.traceparent,
        ])
        let delta = (counted(kind) ? 1 : 0) - (countedBefore ? 1 : 0)
        if delta != 0 { try adjustPendingCount(key, by: delta, db) }
        try setHolds(key, holder: .pending, identifier: pending.request.identifier, media: media, db)
        effects.announce(.notifications([key]))
        if let next = pending.nextFireDate { effects.announce(.due(next)) }
        return previous == nil ? .added : .replaced
    }

    /// The center's pending requests counted, and its count set to them.
    private static func countPending(_ key: CenterKey, _ db: Database) throws -> Int {
        let count =
            try Int.fetchOne(
                try db.cachedStatement(
                    sql: "SELECT count(*) FROM pending WHERE app_id = ? AND center_id = ? AND trigger_kind IS NOT 'push'"),
                arguments: [key.appID, key.centerID]) ?? 0
        try db.cachedStatement(sql: "UPDATE centers SET pending_count = ? WHERE app_id = ? AND id = ?")
            .execute(arguments: [count, key.appID, key.centerID])
        return count
    }

    static func adjustPendingCount(_ key: CenterKey, by delta: Int, _ db: Database) throws {
        try db.cachedStatement(sql: "UPDATE centers SET pending_count = pending_count + ? WHERE app_id = ? AND id = ?")
            .execute(arguments: [delta, key.appID, key.centerID])
    }

    /// Inserts many new pending requests in one transaction (imports and benchmarks); no limit applies.
    package func insertPending(_ requests: [PendingRequest]) async throws {
        try await write { db, effects in
            let statement = try db.makeStatement(
                sql: """
                    INSERT INTO pending(app_id, center_id, identifier, request, trigger_kind, added_at, next_fire, revision)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?)
                    """
            )
            var counts: [CenterKey: Int] = [:]
            for pending in requests {
                let media = Self.mediaIDs(of: pending.request)
                try Self.checkMediaExists(media, appID: pending.center.appID, db)
                try statement.execute(arguments: [
                    pending.center.appID, pending.center.centerID, pending.request.identifier, try Self.encode(pending.request),
                    pending.request.trigger?.kind, Self.milliseconds(pending.addedAt), pending.nextFireDate.map(Self.milliseconds),
                    Self.newToken(),
                ])
                if Self.counted(pending.request.trigger?.kind) { counts[pending.center, default: 0] += 1 }
                try Self.setHolds(pending.center, holder: .pending, identifier: pending.request.identifier, media: media, db)
            }
            for (key, count) in counts { try Self.adjustPendingCount(key, by: count, db) }
            effects.announce(.notifications(Array(counts.keys)))
            if let first = requests.compactMap(\.nextFireDate).min() { effects.announce(.due(first)) }
        }
    }

    package func pendingRequests(_ key: CenterKey, after cursor: String?, limit: Int) async throws -> Page<PendingRequest> {
        try await read { db in
            // Pushes pass through `pending` only to be fired at once: they are not the app's pending requests.
            let rows = try Row.fetchAll(
                try db.cachedStatement(
                    sql: """
                        SELECT \(Self.pendingColumns) FROM pending WHERE app_id = ? AND center_id = ? AND identifier > ? AND trigger_kind IS NOT 'push'
                        ORDER BY identifier LIMIT ?
                        """),
                arguments: [key.appID, key.centerID, cursor ?? "", limit + 1]
            )
            let items = try rows.prefix(limit).map { try Self.stored($0).pending }
            return Page(items: items, nextCursor: rows.count > limit ? items.last?.request.identifier : nil)
        }
    }

    package func removePending(
        _ key: CenterKey, identifiers: [String]?, at date: Date, report: @escaping @Sendable ([String]) -> [ChangeEvent]
    ) async throws -> [String] {
        try await remove(.pending, key, identifiers: identifiers, at: date, report: report)
    }

    package func pendingRequests(_ key: CenterKey, triggerKind: String) async throws -> [StoredPending] {
        try await read { db in
            try Row.fetchAll(
                db, sql: "SELECT \(Self.pendingColumns) FROM pending WHERE app_id = ? AND center_id = ? AND trigger_kind = ?",
                arguments: [key.appID, key.centerID, triggerKind]
            ).map(Self.stored)
        }
    }

    package func reschedule(_ key: CenterKey, identifier: String, revision: Int64, nextFireDate: Date?) async throws {
        try await write { db, effects in
            try db.execute(
                sql: "UPDATE pending SET next_fire = ? WHERE app_id = ? AND center_id = ? AND identifier = ? AND revision = ?",
                arguments: [nextFireDate.map(Self.milliseconds), key.appID, key.centerID, identifier, revision]
            )
            effects.announce(.notifications([key]))
            if let nextFireDate { effects.announce(.due(nextFireDate)) }
        }
    }

    package func deliveredNotifications(_ key: CenterKey, after cursor: String?, limit: Int) async throws -> Page<DeliveredNotification> {
        try await read { db in
            let rows = try Row.fetchAll(
                db,
                sql: "SELECT * FROM delivered WHERE app_id = ? AND center_id = ? AND seq < ? ORDER BY seq DESC LIMIT ?",
                arguments: [key.appID, key.centerID, cursor.flatMap(Int64.init) ?? Int64.max, limit + 1]
            )
            let items = try rows.prefix(limit).map(Self.delivered)
            let lastSeq: Int64? = rows.count > limit ? rows[limit - 1]["seq"] : nil
            return Page(items: items, nextCursor: lastSeq.map { String($0) })
        }
    }

    package func deliveredNotification(_ key: CenterKey, identifier: String) async throws -> DeliveredNotification? {
        try await read { db in
            try Row.fetchOne(
                db, sql: "SELECT * FROM delivered WHERE app_id = ? AND center_id = ? AND identifier = ?",
                arguments: [key.appID, key.centerID, identifier]
            ).map(Self.delivered)
        }
    }

    package func removeDelivered(
        _ key: CenterKey, identifiers: [String]?, at date: Date, report: @escaping @Sendable ([String]) -> [ChangeEvent]
    ) async throws -> [String] {
        try await remove(.delivered, key, identifiers: identifiers, at: date, report: report)
    }

    /// Deletes the named rows of a center's pending or delivered list (all of them for nil; passing
    /// pushes are left alone), lets go of their media, and writes the events `report` makes of the
    /// identifiers deleted; returns them, sorted.
    private func remove(
        _ holder: MediaHolder, _ key: CenterKey, identifiers: [String]?, at date: Date,
        report: @escaping @Sendable ([String]) -> [ChangeEvent]
    ) async throws -> [String] {
        let traceparent = TraceContext.traceparent  // read here: the writer's queue does not see task-locals
        return try await write { db, effects in
            try Self.remove(holder, key, identifiers: identifiers, at: date, traceparent: traceparent, report: report, db, &effects)
        }
    }

    /// `remove(_:_:identifiers:at:report:)` inside the caller's transaction.
    static func remove(
        _ holder: MediaHolder, _ key: CenterKey, identifiers: [String]?, at date: Date, traceparent: String?,
        report: ([String]) -> [ChangeEvent], _ db: Database, _ effects: inout ChangeSet
    ) throws -> [String] {
        let table = holder.rawValue
        let kept = holder == .pending ? "AND trigger_kind IS NOT 'push'" : ""
        let held = holder == .delivered ? "held_until IS NOT NULL" : "0"
        if holder == .delivered {
            let named = identifiers.map { Array(Set($0)) }
            try keepPresentedEvents(key, identifiers: named, db)
            try keepFiredReceipts(key, identifiers: named, db)
        }
        var rows: [Row]
        if let identifiers {
            rows = []
            let delete = try db.cachedStatement(
                sql: "DELETE FROM \(table) WHERE app_id = ? AND center_id = ? AND identifier = ? \(kept) RETURNING identifier, \(held)")
            for identifier in Set(identifiers) {
                rows += try Row.fetchAll(delete, arguments: [key.appID, key.centerID, identifier])
            }
        } else {
            rows = try Row.fetchAll(
                db, sql: "DELETE FROM \(table) WHERE app_id = ? AND center_id = ? \(kept) RETURNING identifier, \(held)",
                arguments: [key.appID, key.centerID])
        }
        let removed: [String] = rows.map { $0[0] }.sorted()
        guard !removed.isEmpty else { return removed }
        if holder == .pending { try adjustPendingCount(key, by: -removed.count, db) }
        try releaseHolds(key, holder: holder, identifiers: removed, db)
        let unshown: [String] = rows.filter { $0[1] as Bool }.map { $0[0] }
        try append(
            report(removed) + (unshown.isEmpty ? [] : [.neverShown(unshown)]), for: key, at: date, traceparent: traceparent, db, &effects)
        effects.announce(.notifications([key]))
        return removed
    }

    /// Past `DeliveredList.perCenter` notifications, the oldest of the center's delivered list go (at most
    /// `DeliveredList.droppedPerCheck` at a time), as a removal does (`deliveredRemoved` on the user's stream, their receipts' `removed` step, their media
    /// let go), but no browser or phone is sent a close of them. Inside the caller's transaction.
    static func dropOldestDelivered(_ key: CenterKey, at date: Date, _ db: Database, _ effects: inout ChangeSet) throws {
        // The sequence of the oldest row kept (the list's 1,000th newest), from the index alone; none when
        // the list is not full.
        guard
            let cut = try Int64.fetchOne(
                db.cachedStatement(
                    sql: "SELECT seq FROM delivered WHERE app_id = ? AND center_id = ? ORDER BY seq DESC LIMIT 1 OFFSET ?"),
                arguments: [key.appID, key.centerID, DeliveredList.perCenter - 1])
        else { return }
        let dropped = try String.fetchAll(
            db.cachedStatement(sql: "SELECT identifier FROM delivered WHERE app_id = ? AND center_id = ? AND seq < ? ORDER BY seq LIMIT ?"),
            arguments: [key.appID, key.centerID, cut, DeliveredList.droppedPerCheck])
        guard !dropped.isEmpty else { return }
        effects.droppedForRoom +=
            try remove(
                .delivered, key, identifiers: dropped, at: date, traceparent: nil,
                report: { [.user(.deliveredRemoved($0)), .droppedForRoom($0)] }, db, &effects
            ).count
    }

    static func stored(_ row: Row) throws -> StoredPending {
        try RawPending(row).decoded()
    }

    /// The columns `RawPending` reads, by position (see `centerColumns`).
    static let pendingColumns = "app_id, center_id, identifier, request, added_at, next_fire, revision, claim_token, traceparent"

    /// A pending row as read, before its request is decoded.
    struct RawPending: Sendable {
        var appID: String
        var centerID: String
        var identifier: String
        var request: Data
        var addedAt: Int64
        var nextFire: Int64?
        var revision: Int64
        var claim: Int64?
        var traceparent: String?

        /// The claim table's key of the row.
        var key: PendingKey { PendingKey(appID: appID, centerID: centerID, identifier: identifier) }
        /// What a firing claim holds of the row (a row without a fire date is never claimed).
        var version: PendingVersion { PendingVersion(revision: revision, nextFire: nextFire ?? 0) }

        /// From a row of `pendingColumns`.
        init(_ row: Row) {
            appID = row[0]
            centerID = row[1]
            identifier = row[2]
            request = row[3]
            addedAt = row[4]
            nextFire = row[5]
            revision = row[6]
            claim = row[7]
            traceparent = row[8]
        }

        /// The stored request; `shared` decodes it through the cache of forms many rows share (claims: a
        /// campaign's requests are the same bytes in every center).
        func decoded(shared: Bool = false) throws -> StoredPending {
            StoredPending(
                pending: PendingRequest(
                    center: CenterKey(appID: appID, centerID: centerID),
                    request: try shared
                        ? SQLiteStore.decodeShared(NotificationRequest.self, request)
                        : SQLiteStore.decode(NotificationRequest.self, request),
                    addedAt: SQLiteStore.date(addedAt), nextFireDate: nextFire.map(SQLiteStore.date), traceparent: traceparent
                ),
                revision: revision, claim: claim, requestForm: request
            )
        }
    }

    static func delivered(_ row: Row) throws -> DeliveredNotification {
        DeliveredNotification(
            date: date(row["delivered_at"]), request: try decode(NotificationRequest.self, row["request"]),
            presentation: try decode(Presentation.self, row["presentation"])
        )
    }
}
