import Foundation
import NotificationCore
import PostgresNIO
import Storage

extension PostgresStore {
    package func nextFireDate(leaseNow: Date) async throws -> Date? {
        try await read { connection in try await self.nextClaimable(leaseNow: Self.milliseconds(leaseNow), connection).map(Self.date) }
    }

    package func pendingTotal() async throws -> Int {
        try await read { connection in
            try await connection.rows("SELECT count(*) AS n FROM pending", self.logger).first?.get("n", as: Int.self) ?? 0
        }
    }

    package func hasUnfiredRequests(dueBy now: Date) async throws -> Bool {
        try await read { connection in
            try await connection.rows(
                """
                SELECT EXISTS (SELECT 1 FROM pending WHERE next_fire <= \(Self.milliseconds(now)) AND claimed_until IS NULL)
                    OR EXISTS (SELECT 1 FROM pending WHERE claimed_until IS NOT NULL AND next_fire <= \(Self.milliseconds(now))) AS due
                """, self.logger
            )
            .first?.get("due", as: Bool.self) ?? false
        }
    }

    /// When a request next becomes claimable: the earliest fire date not under a live claim (the first
    /// entry of the due index, which holds only unclaimed requests, or a claim whose lease ended on the
    /// wall clock at `leaseNow`). A replica that died is taken over by the others' safety poll (every
    /// `StorageBackend.safetyPoll`), whatever the schedule's clock says.
    func nextClaimable(leaseNow: Int64, _ connection: PostgresConnection) async throws -> Int64? {
        let row = try await connection.rows(
            """
            SELECT (SELECT min(next_fire) FROM pending WHERE next_fire IS NOT NULL AND claimed_until IS NULL) AS due,
                   (SELECT min(next_fire) FROM pending WHERE claimed_until < \(leaseNow) AND next_fire IS NOT NULL) AS expired
            """, logger
        ).first
        return [try row?.get("due", as: Int64?.self), try row?.get("expired", as: Int64?.self)].compactMap { $0 }.min()
    }

    /// Claims due requests with `FOR UPDATE SKIP LOCKED`: replicas claiming at once take different rows
    /// without waiting for each other. The claim's token fences it. The earliest unclaimed requests (the
    /// due index holds only those: the scan passes none claimed ahead) and those whose lease ended, each
    /// bounded by the limit, then the earliest of both.
    package func claimDue(now: Date, limit: Int, lease: Lease) async throws -> ClaimedBatch {
        let now = Self.milliseconds(now)
        let leaseNow = Self.milliseconds(lease.now)
        let leaseUntil = Self.milliseconds(lease.until)
        let token = Self.newToken()
        return try await write(durable: false) { connection, _ in
            let rows = try await connection.rows(
                """
                WITH unclaimed AS (
                    SELECT app_id, center_id, identifier, next_fire FROM pending
                    WHERE next_fire IS NOT NULL AND claimed_until IS NULL AND next_fire <= \(now)
                    ORDER BY next_fire LIMIT \(limit) FOR UPDATE SKIP LOCKED),
                expired AS (
                    SELECT app_id, center_id, identifier, next_fire FROM pending
                    WHERE claimed_until < \(leaseNow) AND next_fire <= \(now)
                    ORDER BY next_fire LIMIT \(limit) FOR UPDATE SKIP LOCKED),
                due AS (
                    SELECT * FROM unclaimed UNION ALL SELECT * FROM expired ORDER BY next_fire LIMIT \(limit))
                UPDATE pending p SET claim_token = \(token), claimed_until = \(leaseUntil)
                FROM due WHERE p.app_id = due.app_id AND p.center_id = due.center_id AND p.identifier = due.identifier
                RETURNING p.*
                """, self.logger)
            let claims = try rows.map { try Self.stored($0, shared: true) }.sorted {
                ($0.pending.nextFireDate ?? .distantPast) < ($1.pending.nextFireDate ?? .distantPast)
            }
            return ClaimedBatch(claims: claims, nextUnclaimed: try await self.nextClaimable(leaseNow: leaseNow, connection).map(Self.date))
        }
    }

    package func extendClaims(_ claims: [StoredPending], until leaseUntil: Date) async throws {
        guard !claims.isEmpty else { return }
        try await write(durable: false) { connection, _ in
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
        _ claims: [StoredPending], at now: Date, decide: @escaping @Sendable (StoredPending, CenterRecord) -> FiringRecord?
    ) async throws -> FiredClaims {
        guard !claims.isEmpty else { return FiredClaims(recorded: [], kept: []) }
        // The write's deadline runs it in a child task, which ends before this returns.
        return try await withoutActuallyEscaping(decide) { decide in try await fire(claims, at: now, escaping: decide) }
    }

    private func fire(
        _ claims: [StoredPending], at now: Date, escaping decide: @escaping @Sendable (StoredPending, CenterRecord) -> FiringRecord?
    ) async throws -> FiredClaims {
        try await write { connection, changes in
            // Centers first (the lock order), then the claims that still hold their requests (their tokens: a claim
            // whose lease ended records until another claim takes the request).
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
                    FOR UPDATE
                    """, self.logger
                ).map {
                    "\(try $0.get("app_id", as: String.self))\t\(try $0.get("center_id", as: String.self))\t\(try $0.get("identifier", as: String.self))"
                })
            var firings: [FiringRecord] = []
            var kept: [StoredPending] = []
            for claim in claims {
                guard let token = claim.claim, held.contains("\(claim.center.appID)\t\(claim.center.centerID)\t\(claim.identifier)"),
                    let center = centers[claim.center]
                else { continue }
                // Kept: its row keeps the claim's token, for the firing after the extensions.
                guard var firing = decide(claim, center) else {
                    kept.append(claim)
                    continue
                }
                firing.claim = token
                firings.append(firing)
            }
            try await self.record(firings, at: now, connection, &changes)
            return FiredClaims(recorded: firings, kept: kept)
        }
    }

    package func recordFirings(_ firings: [FiringRecord], at now: Date) async throws {
        guard !firings.isEmpty else { return }
        try await write { connection, changes in
            // Centers first (the lock order): firings of centers that went are dropped.
            let keys = Array(Set(firings.map(\.center))).sorted()
            let centers = Set(
                try await connection.rows(
                    """
                    SELECT app_id, id FROM centers WHERE (app_id, id) IN (SELECT * FROM unnest(\(keys.map(\.appID)), \(keys.map(\.centerID))))
                    ORDER BY app_id, id FOR UPDATE
                    """, self.logger
                ).map { CenterKey(appID: try $0.get("app_id"), centerID: try $0.get("id")) })
            // A firing of a revision records only while that revision is pending (not replaced meanwhile).
            let revised = firings.filter { $0.claim == nil && $0.revision != 0 }
            let current = Set(
                try await connection.rows(
                    """
                    SELECT app_id, center_id, identifier, revision FROM pending
                    WHERE (app_id, center_id, identifier, revision) IN (
                        SELECT * FROM unnest(\(revised.map(\.center.appID)), \(revised.map(\.center.centerID)), \(revised.map(\.identifier)),
                        \(revised.map(\.revision))))
                    FOR UPDATE
                    """, self.logger
                ).map {
                    "\(try $0.get("app_id", as: String.self))\t\(try $0.get("center_id", as: String.self))\t\(try $0.get("identifier", as: String.self))\t\(try $0.get("revision", as: Int64.self))"
                })
            let recorded = firings.filter { firing in
                centers.contains(firing.center)
                    && (firing.claim != nil || firing.revision == 0
                        || current.contains("\(firing.center.appID)\t\(firing.center.centerID)\t\(firing.identifier)\t\(firing.revision)"))
            }
            try await self.record(recorded, at: now, connection, &changes)
        }
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
