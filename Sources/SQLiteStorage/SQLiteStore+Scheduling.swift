import Foundation
import GRDB
import NotificationCore
import Storage

extension SQLiteStore {
    package func nextFireDate(leaseNow: Date) async throws -> Date? {
        try await read { db in try Self.nextClaimable(leaseNow: Self.milliseconds(leaseNow), db).map(Self.date) }
    }

    package func pendingTotal() async throws -> Int {
        try await read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM pending") ?? 0 }
    }

    package func hasUnfiredRequests(dueBy now: Date) async throws -> Bool {
        try await read { db in
            try Bool.fetchOne(
                db,
                sql: """
                    SELECT EXISTS (SELECT 1 FROM pending WHERE next_fire <= ?1 AND claimed_until IS NULL)
                        OR EXISTS (SELECT 1 FROM pending WHERE claimed_until IS NOT NULL AND next_fire <= ?1)
                    """, arguments: [Self.milliseconds(now)]) ?? false
        }
    }

    /// When a request next becomes claimable: the earliest fire date not under a live claim (the first
    /// entry of the due index, which holds only unclaimed requests, or a claim whose lease ended on the
    /// wall clock at `leaseNow`). Index lookups, none of which passes the requests claimed ahead.
    static func nextClaimable(leaseNow: Int64, _ db: Database) throws -> Int64? {
        let unclaimed = try Int64.fetchOne(
            try db.cachedStatement(sql: "SELECT MIN(next_fire) FROM pending WHERE next_fire IS NOT NULL AND claimed_until IS NULL"))
        let expired = try Int64.fetchOne(
            try db.cachedStatement(sql: "SELECT MIN(next_fire) FROM pending WHERE claimed_until < ? AND next_fire IS NOT NULL"),
            arguments: [leaseNow])
        return [unclaimed, expired].compactMap { $0 }.min()
    }

    package func claimDue(now: Date, limit: Int, lease: Lease) async throws -> ClaimedBatch {
        let now = Self.milliseconds(now)
        let leaseNow = Self.milliseconds(lease.now)
        let leaseUntil = Self.milliseconds(lease.until)
        let (rows, next): ([RawPending], Int64?) = try await write(durable: false) { db, _ in
            // One statement claims the batch under one token: the earliest unclaimed requests (the due
            // index holds only those, so the scan starts at the first and passes none claimed ahead)
            // with any whose claim's lease ended (taken over; the index on leases finds them), each
            // branch bounded by the limit; each claimed row is sought by its key.
            let rows = try Row.fetchAll(
                try db.cachedStatement(
                    sql: """
                        UPDATE pending SET claim_token = ?1, claimed_until = ?2
                        WHERE (app_id, center_id, identifier) IN (
                            SELECT app_id, center_id, identifier FROM (
                                SELECT * FROM (
                                    SELECT app_id, center_id, identifier, next_fire FROM pending
                                    WHERE next_fire IS NOT NULL AND claimed_until IS NULL AND next_fire <= ?3
                                    ORDER BY next_fire LIMIT ?5)
                                UNION ALL
                                SELECT * FROM (
                                    SELECT app_id, center_id, identifier, next_fire FROM pending
                                    WHERE claimed_until < ?4 AND next_fire <= ?3
                                    ORDER BY next_fire LIMIT ?5))
                            ORDER BY next_fire LIMIT ?5)
                        RETURNING \(Self.pendingColumns)
                        """),
                arguments: [Self.newToken(), leaseUntil, now, leaseNow, limit]
            )
            // RETURNING gives the rows in no particular order: due order is the firing order.
            let claimed = rows.map(RawPending.init).sorted { ($0.nextFire ?? 0) < ($1.nextFire ?? 0) }
            return (claimed, try Self.nextClaimable(leaseNow: leaseNow, db))
        }
        // Decoded after the transaction, so that the writer is not held for it.
        return ClaimedBatch(claims: try rows.map { try $0.decoded(shared: true) }, nextUnclaimed: next.map(Self.date))
    }

    package func extendClaims(_ claims: [StoredPending], until leaseUntil: Date) async throws {
        guard !claims.isEmpty else { return }
        try await write(durable: false) { db, _ in
            let extend = try db.cachedStatement(
                sql: "UPDATE pending SET claimed_until = ? WHERE app_id = ? AND center_id = ? AND identifier = ? AND claim_token = ?")
            for claim in claims {
                try extend.execute(arguments: [
                    Self.milliseconds(leaseUntil), claim.center.appID, claim.center.centerID, claim.identifier, claim.claim,
                ])
            }
        }
    }

    package func fire(
        _ claims: [StoredPending], at now: Date, leaseNow: Date,
        decide: @escaping @Sendable (StoredPending, CenterRecord) -> FiringRecord
    ) async throws -> [FiringRecord] {
        guard !claims.isEmpty else { return [] }
        return try await write { db, effects in
            let centers = try Self.centersForFiring(Set(claims.map(\.center)), db)
            var tallies: [CenterKey: CenterTally] = [:]
            tallies.reserveCapacity(centers.count)
            for (key, found) in centers { tallies[key] = CenterTally(sequence: found.sequence) }
            var batch: [TargetedFiring] = []
            batch.reserveCapacity(claims.count)
            let held = Self.milliseconds(leaseNow)
            for claim in claims {
                // Fenced: only the claim that holds the request, within its lease, records the firing
                // (`record` matches the row by both).
                guard let token = claim.claim, let center = centers[claim.center]?.center else { continue }
                var firing = decide(claim, center)
                firing.claim = token
                // The row holds the request the claim decoded, so the same trigger kind.
                let row = PendingRow(triggerKind: claim.pending.request.trigger?.kind)
                batch.append(TargetedFiring(firing: firing, pendingRow: row, leaseAt: held))
            }
            return try Self.record(batch, tallies: tallies, at: now, db, &effects)
        }
    }

    package func recordFirings(_ firings: [FiringRecord], at now: Date) async throws {
        guard !firings.isEmpty else { return }
        try await write { db, effects in
            var tallies: [CenterKey: CenterTally] = [:]
            var batch: [TargetedFiring] = []
            for firing in firings {
                if tallies[firing.center] == nil {
                    guard let sequence = try Self.latestEvent(firing.center, db) else { continue }
                    tallies[firing.center] = CenterTally(sequence: sequence)
                }
                // Unclaimed: recorded only if the revision fired is still the one pending (or there is none).
                guard
                    let row = try Self.pendingRow(
                        firing.center, firing.identifier, claim: firing.claim, revision: firing.revision, db)
                else { continue }
                batch.append(TargetedFiring(firing: firing, pendingRow: row))
            }
            _ = try Self.record(batch, tallies: tallies, at: now, db, &effects)
        }
    }

    package func releaseClaims(_ claims: [StoredPending]) async throws {
        guard !claims.isEmpty else { return }
        try await write { db, effects in
            let release = try db.cachedStatement(
                sql:
                    "UPDATE pending SET claim_token = NULL, claimed_until = NULL WHERE app_id = ? AND center_id = ? AND identifier = ? AND claim_token = ?"
            )
            for claim in claims {
                try release.execute(arguments: [claim.center.appID, claim.center.centerID, claim.identifier, claim.claim])
            }
            if let first = claims.compactMap(\.pending.nextFireDate).min() { effects.announce(.due(first)) }
        }
    }
}
