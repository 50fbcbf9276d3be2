import Foundation
import NIOCore
import NotificationCore
import PostgresNIO
import Storage

/// An add waiting for its batch.
struct PendingAdd: Sendable {
    let pending: PendingRequest
    /// The request's stored form.
    let form: Data
    let limit: Int
}

/// Lock order, to keep transactions from deadlocking each other: a center's row first, then its pending
/// and delivered rows. Claims (`SKIP LOCKED`) take pending rows only.
extension PostgresStore {
    /// Whether a request counts against the pending limit: pushes only pass through `pending` to fire at once.
    static func counted(_ triggerKind: String?) -> Bool { triggerKind != "push" }

    /// An add, batched with the adds that arrive while the batches in flight run (see `Batcher`).
    package func upsertPending(_ pending: PendingRequest, form: Data, limit: Int) async throws -> AddOutcome {
        try await adds.submit(PendingAdd(pending: pending, form: form, limit: limit)) { await self.upsertPending($0) }
    }

    /// A batch of adds, each with its own outcome. A batch that fails (a deadlock with another batch, one
    /// add's error) is tried again one add at a time, so that no add fails for another's sake.
    private func upsertPending(_ adds: [PendingAdd]) async -> [Result<AddOutcome, any Error>] {
        do {
            return try await upsertTogether(adds)
        } catch  where adds.count > 1 {
            var results: [Result<AddOutcome, any Error>] = []
            for add in adds {
                do { results += try await upsertTogether([add]) } catch { results.append(.failure(error)) }
            }
            return results
        } catch {
            return [.failure(error)]
        }
    }

    /// What stands for no date in the arrays statements take (whose elements cannot be null): no next
    /// fire date in `upsert_pending`'s, no next attempt in a webhook record's.
    static let noDate = Int64.min

    /// Adds in one call of the schema's `upsert_pending` (migration 5), which locks each center, checks its
    /// limit and the attachments, upserts the row, keeps the count and the media holds, and notifies the
    /// other replicas, in one statement that is its own transaction. Centers are locked in key order, the
    /// order every batch takes them in.
    private func upsertTogether(_ adds: [PendingAdd]) async throws -> [Result<AddOutcome, any Error>] {
        let order = adds.indices.sorted { (adds[$0].pending.center, $0) < (adds[$1].pending.center, $1) }
        let sorted = order.map { adds[$0].pending }
        var changes = ChangeSet()
        changes.announce(.notifications(sorted.map(\.center)))
        if let next = sorted.compactMap(\.nextFireDate).min() { changes.announce(.due(next)) }
        let payloads = ChangeNotice.payloads(changes.changes, origin: configuration.replicaID)
        let encoded = order.map { ByteBuffer(bytes: adds[$0].form) }
        let rows = try await read { connection in
            try await connection.rows(
                """
                SELECT outcome, missing FROM upsert_pending(
                    \(sorted.map(\.center.appID)), \(sorted.map(\.center.centerID)), \(sorted.map(\.request.identifier)), \(encoded),
                    \(sorted.map { $0.request.trigger?.kind ?? "" }), \(sorted.map { Self.milliseconds($0.addedAt) }),
                    \(sorted.map { $0.nextFireDate.map(Self.milliseconds) ?? Self.noDate }), \(sorted.map { _ in Self.newToken() }),
                    \(sorted.map { $0.traceparent ?? "" }), \(sorted.map { Self.mediaIDs(of: $0.request).sorted().joined(separator: "\n") }),
                    \(order.map { Int64(adds[$0].limit) }), \(ChangeNotice.channel), \(payloads))
                """, self.logger)
        }
        guard rows.count == adds.count else {
            throw StoreError.unavailable("upsert_pending answered \(rows.count) rows for \(adds.count) adds")
        }
        self.changes.publish(changes)
        let outcomes = zip(rows, order).map { row, index in (index, Result { try Self.outcome(row, of: adds[index]) }) }
        return outcomes.sorted { $0.0 < $1.0 }.map(\.1)
    }

    /// What `upsert_pending` answered for `add`.
    private static func outcome(_ row: PostgresRandomAccessRow, of add: PendingAdd) throws -> AddOutcome {
        switch try row.get("outcome", as: String.self) {
        case "added": return .added
        case "replaced": return .replaced
        case "center": throw NotificationError.centerNotFound(add.pending.center.centerID)
        case "limit": throw NotificationError.pendingLimitReached(add.limit)
        case let outcome:
            guard outcome == "media", let missing = try row.get("missing", as: String?.self) else {
                throw StoreError.unavailable("upsert_pending answered \(outcome)")
            }
            throw NotificationError.attachmentNotInDataStore(missing)
        }
    }

    func adjustPendingCount(_ key: CenterKey, by delta: Int, _ connection: PostgresConnection) async throws {
        try await connection.run(
            "UPDATE centers SET pending_count = pending_count + \(delta) WHERE app_id = \(key.appID) AND id = \(key.centerID)", logger)
    }

    package func pendingRequests(_ key: CenterKey, after cursor: String?, limit: Int) async throws -> Page<PendingRequest> {
        try await read { connection in
            let rows = try await connection.rows(
                """
                SELECT * FROM pending WHERE app_id = \(key.appID) AND center_id = \(key.centerID) AND identifier COLLATE "C" > \(cursor ?? "")
                AND trigger_kind IS DISTINCT FROM 'push' ORDER BY identifier COLLATE "C" LIMIT \(limit + 1)
                """, self.logger)
            let items = try rows.prefix(limit).map { try Self.stored($0).pending }
            return Page(items: items, nextCursor: rows.count > limit ? items.last?.request.identifier : nil)
        }
    }

    package func removePending(
        _ key: CenterKey, identifiers: [String]?, at date: Date, report: @escaping @Sendable ([String]) -> [ChangeEvent]
    ) async throws -> [String] {
        try await remove("pending", key, identifiers: identifiers, at: date, report: report)
    }

    package func pendingRequests(_ key: CenterKey, triggerKind: String) async throws -> [StoredPending] {
        try await read { connection in
            try await connection.rows(
                "SELECT * FROM pending WHERE app_id = \(key.appID) AND center_id = \(key.centerID) AND trigger_kind = \(triggerKind)",
                self.logger
            ).map { try Self.stored($0) }
        }
    }

    package func reschedule(_ key: CenterKey, identifier: String, revision: Int64, nextFireDate: Date?) async throws {
        try await write { connection, changes in
            try await connection.run(
                """
                UPDATE pending SET next_fire = \(nextFireDate.map(Self.milliseconds))
                WHERE app_id = \(key.appID) AND center_id = \(key.centerID) AND identifier = \(identifier) AND revision = \(revision)
                """, self.logger)
            changes.announce(.notifications([key]))
            if let nextFireDate { changes.announce(.due(nextFireDate)) }
        }
    }

    package func deliveredNotifications(_ key: CenterKey, after cursor: String?, limit: Int) async throws -> Page<DeliveredNotification> {
        try await read { connection in
            let rows = try await connection.rows(
                """
                SELECT * FROM delivered WHERE app_id = \(key.appID) AND center_id = \(key.centerID) AND seq < \(cursor.flatMap(Int64.init) ?? Int64.max)
                ORDER BY seq DESC LIMIT \(limit + 1)
                """, self.logger)
            let items = try rows.prefix(limit).map(Self.delivered)
            let lastSeq: Int64? = rows.count > limit ? try rows[limit - 1].get("seq") : nil
            return Page(items: items, nextCursor: lastSeq.map { String($0) })
        }
    }

    package func deliveredNotification(_ key: CenterKey, identifier: String) async throws -> DeliveredNotification? {
        try await read { connection in
            try await connection.rows(
                "SELECT * FROM delivered WHERE app_id = \(key.appID) AND center_id = \(key.centerID) AND identifier = \(identifier)",
                self.logger
            ).first.map(Self.delivered)
        }
    }

    package func removeDelivered(
        _ key: CenterKey, identifiers: [String]?, at date: Date, report: @escaping @Sendable ([String]) -> [ChangeEvent]
    ) async throws -> [String] {
        try await remove("delivered", key, identifiers: identifiers, at: date, report: report)
    }

    /// Deletes the named rows of a center's `pending` or `delivered` list (all for nil; passing pushes
    /// stay), lets go of their media and writes the events `report` makes of the identifiers deleted.
    private func remove(
        _ table: String, _ key: CenterKey, identifiers: [String]?, at date: Date, report: @escaping @Sendable ([String]) -> [ChangeEvent]
    ) async throws -> [String] {
        // The write's deadline runs it in a child task, which ends before this returns.
        try await withoutActuallyEscaping(report) { report in
            try await write { connection, changes in
                try await self.remove(table, key, identifiers: identifiers, at: date, report: report, connection, &changes)
            }
        }
    }

    /// `remove(_:_:identifiers:at:report:)` inside the caller's transaction.
    func remove(
        _ table: String, _ key: CenterKey, identifiers: [String]?, at date: Date, report: ([String]) -> [ChangeEvent],
        _ connection: PostgresConnection, _ changes: inout ChangeSet
    ) async throws -> [String] {
        guard try await self.lockCenter(key, connection) else { return [] }
        let kept = table == "pending" ? " AND trigger_kind IS DISTINCT FROM 'push'" : ""
        let returning = "RETURNING identifier, " + (table == "delivered" ? "held_until IS NOT NULL AS held" : "false AS held")
        let rows: [PostgresRandomAccessRow]
        if let identifiers {
            rows = try await connection.rows(
                """
                DELETE FROM \(unescaped: table) WHERE app_id = \(key.appID) AND center_id = \(key.centerID)
                AND identifier = ANY(\(Array(Set(identifiers))))\(unescaped: kept) \(unescaped: returning)
                """, self.logger)
        } else {
            rows = try await connection.rows(
                "DELETE FROM \(unescaped: table) WHERE app_id = \(key.appID) AND center_id = \(key.centerID)\(unescaped: kept) \(unescaped: returning)",
                self.logger)
        }
        let removed = try rows.map { try $0.get("identifier", as: String.self) }.sorted()
        guard !removed.isEmpty else { return removed }
        if table == "pending" { try await self.adjustPendingCount(key, by: -removed.count, connection) }
        try await self.releaseHolds(key, holder: table, identifiers: removed, connection)
        let unshown = try rows.filter { try $0.get("held", as: Bool.self) }.map { try $0.get("identifier", as: String.self) }
        try await self.append(
            report(removed) + (unshown.isEmpty ? [] : [.neverShown(unshown)]), for: key, at: date, traceparent: TraceContext.traceparent,
            connection, &changes)
        changes.announce(.notifications([key]))
        return removed
    }

    /// A pending row; `shared` decodes its request through the cache of forms many rows share (claims:
    /// a campaign's requests are the same bytes in every center).
    static func stored(_ row: PostgresRandomAccessRow, shared: Bool = false) throws -> StoredPending {
        let request = try row.get("request", as: Data.self)
        return StoredPending(
            pending: PendingRequest(
                center: CenterKey(appID: try row.get("app_id"), centerID: try row.get("center_id")),
                request: try shared ? decodeShared(NotificationRequest.self, request) : decode(NotificationRequest.self, request),
                addedAt: date(try row.get("added_at")),
                nextFireDate: try row.get("next_fire", as: Int64?.self).map(date), traceparent: try row.get("traceparent", as: String?.self)
            ),
            revision: try row.get("revision"), claim: try row.get("claim_token", as: Int64?.self), requestForm: request)
    }

    static func delivered(_ row: PostgresRandomAccessRow) throws -> DeliveredNotification {
        DeliveredNotification(
            date: date(try row.get("delivered_at")), request: try decode(NotificationRequest.self, try row.get("request")),
            presentation: try decode(Presentation.self, try row.get("presentation")))
    }
}
