import Foundation
import GRDB
import NotificationCore
import Storage

extension SQLiteStore {
    /// One add waiting for its group commit, its request already encoded (outside the writer).
    struct Upsert: Sendable {
        var pending: PendingRequest
        var encoded: Data
        var limit: Int
    }

    package func upsertPending(_ pending: PendingRequest, limit: Int) async throws -> AddOutcome {
        try await upserts.submit(Upsert(pending: pending, encoded: try Self.encode(pending.request), limit: limit))
    }

    /// Commits a batch of adds in one transaction, each in its own savepoint: one refused (the pending
    /// limit) leaves the others in.
    static func commit(_ batch: [Upsert], in writer: SQLiteWriter) async throws -> [Result<AddOutcome, any Error>] {
        try await writer.write { db in
            batch.map { upsert in
                Result {
                    var outcome = AddOutcome.added
                    try db.inSavepoint {
                        outcome = try upsertOne(upsert, db)
                        return .commit
                    }
                    return outcome
                }
            }
        }
    }

    private static func upsertOne(_ upsert: Upsert, _ db: Database) throws -> AddOutcome {
        let pending = upsert.pending
        let exists =
            try Bool.fetchOne(
                try db.cachedStatement(sql: "SELECT 1 FROM pending WHERE center_id = ? AND identifier = ?"),
                arguments: [pending.centerID, pending.request.identifier]
            ) ?? false
        if !exists {
            let count =
                try Int.fetchOne(
                    try db.cachedStatement(sql: "SELECT COUNT(*) FROM pending WHERE center_id = ? AND trigger_kind IS NOT 'push'"),
                    arguments: [pending.centerID]) ?? 0
            if count >= upsert.limit { throw NotificationError.pendingLimitReached(upsert.limit) }
        }
        try Self.checkMediaExists(pending.request, centerID: pending.centerID, db)
        try db.cachedStatement(
            sql: """
                INSERT INTO pending(center_id, identifier, request, trigger_kind, added_at, next_fire, claimed_until, revision, media)
                VALUES (?, ?, ?, ?, ?, ?, NULL, ?, ?)
                ON CONFLICT(center_id, identifier) DO UPDATE SET
                    request = excluded.request, trigger_kind = excluded.trigger_kind, added_at = excluded.added_at,
                    next_fire = excluded.next_fire, claimed_until = NULL, revision = excluded.revision, media = excluded.media
                """
        ).execute(arguments: [
            pending.centerID, pending.request.identifier, upsert.encoded, pending.request.trigger?.kind,
            Self.milliseconds(pending.addedAt), pending.nextFireDate.map(Self.milliseconds), try Self.next("revision", db),
            Self.mediaColumn(pending.request),
        ])
        return exists ? .replaced : .added
    }

    /// Inserts many new pending requests in one transaction (imports and benchmarks); no limit applies.
    package func insertPending(_ requests: [PendingRequest]) async throws {
        try await writer.write { db in
            let statement = try db.makeStatement(
                sql: """
                    INSERT INTO pending(center_id, identifier, request, trigger_kind, added_at, next_fire, claimed_until, revision, media)
                    VALUES (?, ?, ?, ?, ?, ?, NULL, ?, ?)
                    """
            )
            for pending in requests {
                try Self.checkMediaExists(pending.request, centerID: pending.centerID, db)
                try statement.execute(arguments: [
                    pending.centerID, pending.request.identifier, try Self.encode(pending.request), pending.request.trigger?.kind,
                    Self.milliseconds(pending.addedAt), pending.nextFireDate.map(Self.milliseconds), try Self.next("revision", db),
                    Self.mediaColumn(pending.request),
                ])
            }
        }
    }

    package func pendingRequests(centerID: String, after cursor: String?, limit: Int) async throws -> Page<PendingRequest> {
        try await pool.read { db in
            // Pushes pass through `pending` only to be fired at once: they are not the app's pending requests.
            let rows = try Row.fetchAll(
                db,
                sql:
                    "SELECT * FROM pending WHERE center_id = ? AND identifier > ? AND trigger_kind IS NOT 'push' ORDER BY identifier LIMIT ?",
                arguments: [centerID, cursor ?? "", limit + 1]
            )
            let items = try rows.prefix(limit).map { try Self.stored($0).pending }
            return Page(items: items, nextCursor: rows.count > limit ? items.last?.request.identifier : nil)
        }
    }

    package func removePending(centerID: String, identifiers: [String]?) async throws -> [String] {
        try await remove(from: "pending", centerID: centerID, identifiers: identifiers)
    }

    package func pendingRequests(centerID: String, triggerKind: String) async throws -> [StoredPending] {
        try await pool.read { db in
            try Row.fetchAll(db, sql: "SELECT * FROM pending WHERE center_id = ? AND trigger_kind = ?", arguments: [centerID, triggerKind])
                .map(Self.stored)
        }
    }

    package func reschedule(centerID: String, identifier: String, revision: Int64, nextFireDate: Date?) async throws {
        try await writer.write { db in
            try db.execute(
                sql: "UPDATE pending SET next_fire = ? WHERE center_id = ? AND identifier = ? AND revision = ?",
                arguments: [nextFireDate.map(Self.milliseconds), centerID, identifier, revision]
            )
        }
    }

    package func deliveredNotifications(centerID: String, after cursor: String?, limit: Int) async throws -> Page<DeliveredNotification> {
        try await pool.read { db in
            let rows = try Row.fetchAll(
                db,
                sql: "SELECT * FROM delivered WHERE center_id = ? AND seq < ? ORDER BY seq DESC LIMIT ?",
                arguments: [centerID, cursor.flatMap(Int64.init) ?? Int64.max, limit + 1]
            )
            let items = try rows.prefix(limit).map(Self.delivered)
            let lastSeq: Int64? = rows.count > limit ? rows[limit - 1]["seq"] : nil
            return Page(items: items, nextCursor: lastSeq.map { String($0) })
        }
    }

    package func deliveredNotification(centerID: String, identifier: String) async throws -> DeliveredNotification? {
        try await pool.read { db in
            try Row.fetchOne(db, sql: "SELECT * FROM delivered WHERE center_id = ? AND identifier = ?", arguments: [centerID, identifier])
                .map(Self.delivered)
        }
    }

    package func removeDelivered(centerID: String, identifiers: [String]?) async throws -> [String] {
        try await remove(from: "delivered", centerID: centerID, identifiers: identifiers)
    }

    /// Deletes the named rows of a center's `table` (all of them for nil); returns the identifiers deleted.
    private func remove(from table: StaticString, centerID: String, identifiers: [String]?) async throws -> [String] {
        try await writer.write { db in
            guard let identifiers else {
                return try String.fetchAll(db, sql: "DELETE FROM \(table) WHERE center_id = ? RETURNING identifier", arguments: [centerID])
                    .sorted()
            }
            var removed: [String] = []
            for identifier in Set(identifiers) {
                try db.execute(sql: "DELETE FROM \(table) WHERE center_id = ? AND identifier = ?", arguments: [centerID, identifier])
                if db.changesCount > 0 { removed.append(identifier) }
            }
            return removed.sorted()
        }
    }

    static func stored(_ row: Row) throws -> StoredPending {
        try RawPending(row).decoded()
    }

    /// A pending row as read, before its request is decoded.
    struct RawPending: Sendable {
        var centerID: String
        var request: Data
        var addedAt: Int64
        var nextFire: Int64?
        var revision: Int64

        init(_ row: Row) {
            centerID = row["center_id"]
            request = row["request"]
            addedAt = row["added_at"]
            nextFire = row["next_fire"]
            revision = row["revision"]
        }

        func decoded() throws -> StoredPending {
            StoredPending(
                pending: PendingRequest(
                    centerID: centerID, request: try SQLiteStore.decode(NotificationRequest.self, request),
                    addedAt: SQLiteStore.date(addedAt), nextFireDate: nextFire.map(SQLiteStore.date)
                ),
                revision: revision
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
