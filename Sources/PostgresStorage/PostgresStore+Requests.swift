import Foundation
import NotificationCore
import PostgresNIO
import Storage

/// Lock order, to keep transactions from deadlocking each other: a center's row first, then its pending
/// and delivered rows. Claims (`SKIP LOCKED`) take pending rows only.
extension PostgresStore {
    /// Whether a request counts against the pending limit: pushes only pass through `pending` to fire at once.
    static func counted(_ triggerKind: String?) -> Bool { triggerKind != "push" }

    package func upsertPending(_ pending: PendingRequest, limit: Int) async throws -> AddOutcome {
        let encoded = try Self.encode(pending.request)
        let key = pending.center
        let kind = pending.request.trigger?.kind
        let media = Self.mediaIDs(of: pending.request)
        return try await write { connection, changes in
            guard
                let count = try await connection.rows(
                    "SELECT pending_count FROM centers WHERE app_id = \(key.appID) AND id = \(key.centerID) FOR UPDATE", self.logger
                ).first?.get("pending_count", as: Int.self)
            else { throw NotificationError.centerNotFound(key.centerID) }
            let previous = try await connection.rows(
                """
                SELECT trigger_kind FROM pending WHERE app_id = \(key.appID) AND center_id = \(key.centerID)
                AND identifier = \(pending.request.identifier)
                """, self.logger
            ).first
            let countedBefore = try previous.map { Self.counted(try $0.get("trigger_kind", as: String?.self)) } ?? false
            if Self.counted(kind), !countedBefore, count >= limit { throw NotificationError.pendingLimitReached(limit) }
            try await self.checkMediaExists(media, appID: key.appID, connection)
            try await connection.run(
                """
                INSERT INTO pending(
                    app_id, center_id, identifier, request, trigger_kind, added_at, next_fire, revision, claim_token, claimed_until, traceparent)
                VALUES (\(key.appID), \(key.centerID), \(pending.request.identifier), \(encoded), \(kind), \(Self.milliseconds(pending.addedAt)),
                \(pending.nextFireDate.map(Self.milliseconds)), \(Self.newToken()), NULL, NULL, \(pending.traceparent))
                ON CONFLICT (app_id, center_id, identifier) DO UPDATE SET
                    request = excluded.request, trigger_kind = excluded.trigger_kind, added_at = excluded.added_at,
                    next_fire = excluded.next_fire, revision = excluded.revision, claim_token = NULL, claimed_until = NULL,
                    traceparent = excluded.traceparent
                """, self.logger)
            let delta = (Self.counted(kind) ? 1 : 0) - (countedBefore ? 1 : 0)
            if delta != 0 { try await self.adjustPendingCount(key, by: delta, connection) }
            try await self.setHolds(key, holder: "pending", identifier: pending.request.identifier, media: media, connection)
            changes.announce(.notifications([key]))
            if let next = pending.nextFireDate { changes.announce(.due(next)) }
            return previous == nil ? .added : .replaced
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

    private func remove(
        _ table: String, _ key: CenterKey, identifiers: [String]?, at date: Date, report: @escaping @Sendable ([String]) -> [ChangeEvent],
        _ connection: PostgresConnection, _ changes: inout ChangeSet
    ) async throws -> [String] {
        guard try await self.lockCenter(key, connection) else { return [] }
        let kept = table == "pending" ? " AND trigger_kind IS DISTINCT FROM 'push'" : ""
        let rows: [PostgresRandomAccessRow]
        if let identifiers {
            rows = try await connection.rows(
                """
                DELETE FROM \(unescaped: table) WHERE app_id = \(key.appID) AND center_id = \(key.centerID)
                AND identifier = ANY(\(Array(Set(identifiers))))\(unescaped: kept) RETURNING identifier
                """, self.logger)
        } else {
            rows = try await connection.rows(
                "DELETE FROM \(unescaped: table) WHERE app_id = \(key.appID) AND center_id = \(key.centerID)\(unescaped: kept) RETURNING identifier",
                self.logger)
        }
        let removed = try rows.map { try $0.get("identifier", as: String.self) }.sorted()
        guard !removed.isEmpty else { return removed }
        if table == "pending" { try await self.adjustPendingCount(key, by: -removed.count, connection) }
        try await self.releaseHolds(key, holder: table, identifiers: removed, connection)
        try await self.append(report(removed), for: key, at: date, traceparent: TraceContext.traceparent, connection, &changes)
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
