import Foundation
import NotificationCore
import PostgresNIO
import Storage

extension PostgresStore {
    package func nextFireDate(now: Date) async throws -> Date? {
        try await read { connection in try await self.nextClaimable(now: Self.milliseconds(now), connection).map(Self.date) }
    }

    /// When a request next becomes claimable: the earliest fire date not under a live claim, or the end
    /// of the earliest live lease (a holder that dies is taken over then).
    func nextClaimable(now: Int64, _ connection: PostgresConnection) async throws -> Int64? {
        let row = try await connection.rows(
            """
            SELECT (SELECT min(next_fire) FROM pending WHERE next_fire IS NOT NULL AND (claimed_until IS NULL OR claimed_until < \(now))) AS due,
                   (SELECT min(claimed_until) FROM pending WHERE claimed_until >= \(now)) AS lease
            """, logger
        ).first
        return [try row?.get("due", as: Int64?.self), try row?.get("lease", as: Int64?.self)].compactMap { $0 }.min()
    }

    /// Claims due requests with `FOR UPDATE SKIP LOCKED`: replicas claiming at once take different rows
    /// without waiting for each other. The claim's token fences it.
    package func claimDue(now: Date, limit: Int, leaseUntil: Date) async throws -> ClaimedBatch {
        let now = Self.milliseconds(now)
        let lease = Self.milliseconds(leaseUntil)
        let token = Self.newToken()
        return try await write { connection, _ in
            let rows = try await connection.rows(
                """
                WITH due AS (
                    SELECT app_id, center_id, identifier FROM pending
                    WHERE next_fire IS NOT NULL AND next_fire <= \(now) AND (claimed_until IS NULL OR claimed_until < \(now))
                    ORDER BY next_fire LIMIT \(limit) FOR UPDATE SKIP LOCKED)
                UPDATE pending p SET claim_token = \(token), claimed_until = \(lease)
                FROM due WHERE p.app_id = due.app_id AND p.center_id = due.center_id AND p.identifier = due.identifier
                RETURNING p.*
                """, self.logger)
            let claims = try rows.map(Self.stored).sorted { ($0.pending.nextFireDate ?? .distantPast) < ($1.pending.nextFireDate ?? .distantPast) }
            return ClaimedBatch(claims: claims, nextUnclaimed: try await self.nextClaimable(now: now, connection).map(Self.date))
        }
    }

    package func extendClaims(_ claims: [StoredPending], until leaseUntil: Date) async throws {
        guard !claims.isEmpty else { return }
        try await write { connection, _ in
            try await connection.run(
                """
                UPDATE pending SET claimed_until = \(Self.milliseconds(leaseUntil))
                WHERE (app_id, center_id, identifier, claim_token) IN (
                    SELECT * FROM unnest(\(claims.map(\.center.appID)), \(claims.map(\.center.centerID)), \(claims.map(\.identifier)),
                    \(claims.map { $0.claim ?? 0 })))
                """, self.logger)
        }
    }

    package func fire(
        _ claims: [StoredPending], at now: Date, decide: @Sendable (StoredPending, CenterRecord) -> FiringRecord
    ) async throws -> [FiringRecord] {
        guard !claims.isEmpty else { return [] }
        // The write's deadline runs it in a child task, which ends before this returns.
        return try await withoutActuallyEscaping(decide) { decide in try await fire(claims, at: now, escaping: decide) }
    }

    private func fire(
        _ claims: [StoredPending], at now: Date, escaping decide: @escaping @Sendable (StoredPending, CenterRecord) -> FiringRecord
    ) async throws -> [FiringRecord] {
        try await write { connection, changes in
            // Centers first (the lock order), then the claims that still hold their requests within their leases.
            let keys = Array(Set(claims.map(\.center))).sorted()
            var centers: [CenterKey: CenterRecord] = [:]
            for row in try await connection.rows(
                """
                SELECT * FROM centers WHERE (app_id, id) IN (SELECT * FROM unnest(\(keys.map(\.appID)), \(keys.map(\.centerID))))
                ORDER BY app_id, id FOR UPDATE
                """, self.logger)
            {
                let center = try Self.centerRecord(row)
                centers[center.key] = center
            }
            let held = Set(
                try await connection.rows(
                    """
                    SELECT app_id, center_id, identifier FROM pending
                    WHERE (app_id, center_id, identifier, claim_token) IN (
                        SELECT * FROM unnest(\(claims.map(\.center.appID)), \(claims.map(\.center.centerID)), \(claims.map(\.identifier)),
                        \(claims.map { $0.claim ?? 0 })))
                    AND claimed_until >= \(Self.milliseconds(now)) FOR UPDATE
                    """, self.logger
                ).map { "\(try $0.get("app_id", as: String.self))\t\(try $0.get("center_id", as: String.self))\t\(try $0.get("identifier", as: String.self))" })
            var recorded: [FiringRecord] = []
            for claim in claims {
                guard let token = claim.claim, held.contains("\(claim.center.appID)\t\(claim.center.centerID)\t\(claim.identifier)"),
                    let center = centers[claim.center]
                else { continue }
                var firing = decide(claim, center)
                firing.claim = token
                if try await self.record(firing, at: now, connection, &changes) { recorded.append(firing) }
            }
            return recorded
        }
    }

    package func recordFirings(_ firings: [FiringRecord], at now: Date) async throws {
        guard !firings.isEmpty else { return }
        try await write { connection, changes in
            for firing in firings where try await self.lockCenter(firing.center, connection) {
                _ = try await self.record(firing, at: now, connection, &changes)
            }
        }
    }

    /// Records one firing with its events; false when the request is no longer the one fired.
    private func record(_ firing: FiringRecord, at now: Date, _ connection: PostgresConnection, _ changes: inout ChangeSet) async throws -> Bool {
        let key = firing.center
        let target: (condition: String, value: Int64)? =
            if let claim = firing.claim { ("claim_token", claim) } else if firing.revision != 0 { ("revision", firing.revision) } else { nil }
        if let target, firing.claim == nil {
            guard try await !connection.rows(
                """
                SELECT 1 FROM pending WHERE app_id = \(key.appID) AND center_id = \(key.centerID) AND identifier = \(firing.identifier)
                AND \(unescaped: target.condition) = \(target.value) FOR UPDATE
                """, logger
            ).isEmpty
            else { return false }
        }
        var latest: Int64?
        if var delivered = firing.delivered {
            // Media must be there to be held: an attachment whose media went is dropped, not the notification.
            if let attachments = delivered.request.content.attachments {
                let existing = try await existingMedia(Set(attachments.compactMap(\.mediaID)), appID: key.appID, connection)
                delivered.request.content.attachments = attachments.filter { $0.mediaID.map(existing.contains) ?? true }
            }
            let sequence = try await appendUserEvent(.presented(delivered), for: key, at: now, connection)
            latest = sequence
            try await connection.run(
                """
                INSERT INTO delivered(app_id, center_id, identifier, delivered_at, request, presentation, seq)
                VALUES (\(key.appID), \(key.centerID), \(firing.identifier), \(Self.milliseconds(delivered.date)), \(try Self.encode(delivered.request)),
                \(try Self.encode(delivered.presentation)), \(sequence))
                ON CONFLICT (app_id, center_id, identifier) DO UPDATE SET
                    delivered_at = excluded.delivered_at, request = excluded.request, presentation = excluded.presentation, seq = excluded.seq
                """, logger)
            try await setHolds(key, holder: "delivered", identifier: firing.identifier, media: Self.mediaIDs(of: delivered.request), connection)
        }
        if let badge = firing.badge {
            try await connection.run("UPDATE centers SET badge = \(badge) WHERE app_id = \(key.appID) AND id = \(key.centerID)", logger)
            latest = try await appendUserEvent(.badgeChanged(badge), for: key, at: now, connection)
            changes.announce(.centers([key]))
        }
        if let target {
            let condition = "app_id = $1 AND center_id = $2 AND identifier = $3 AND \(target.condition) = $4"
            var bindings = PostgresBindings()
            bindings.append(key.appID)
            bindings.append(key.centerID)
            bindings.append(firing.identifier)
            bindings.append(target.value)
            if let next = firing.nextFireDate {
                var withNext = bindings
                withNext.append(Self.milliseconds(next))
                try await connection.run(
                    PostgresQuery(unsafeSQL: "UPDATE pending SET next_fire = $5, claim_token = NULL, claimed_until = NULL WHERE \(condition)", binds: withNext),
                    logger)
                changes.announce(.due(next))
            } else if firing.keepPending {
                try await connection.run(
                    PostgresQuery(unsafeSQL: "UPDATE pending SET claim_token = NULL, claimed_until = NULL WHERE \(condition)", binds: bindings), logger)
            } else if let gone = try await connection.rows(
                PostgresQuery(unsafeSQL: "DELETE FROM pending WHERE \(condition) RETURNING trigger_kind", binds: bindings), logger
            ).first {
                if Self.counted(try gone.get("trigger_kind", as: String?.self)) { try await adjustPendingCount(key, by: -1, connection) }
                try await releaseHolds(key, holder: "pending", identifiers: [firing.identifier], connection)
            }
        }
        if let latest { changes.announce(.events(key, sequence: latest)) }
        changes.announce(.notifications([key]))
        return true
    }

    package func releaseClaims(_ claims: [StoredPending]) async throws {
        guard !claims.isEmpty else { return }
        try await write { connection, changes in
            try await connection.run(
                """
                UPDATE pending SET claim_token = NULL, claimed_until = NULL
                WHERE (app_id, center_id, identifier, claim_token) IN (
                    SELECT * FROM unnest(\(claims.map(\.center.appID)), \(claims.map(\.center.centerID)), \(claims.map(\.identifier)),
                    \(claims.map { $0.claim ?? 0 })))
                """, self.logger)
            if let first = claims.compactMap(\.pending.nextFireDate).min() { changes.announce(.due(first)) }
        }
    }
}
