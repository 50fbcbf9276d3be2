import Foundation
import GRDB
import NotificationCore
import Storage

extension SQLiteStore {
    /// What a firing claim holds: a center's request by identifier…
    struct PendingKey: Hashable, Sendable {
        var appID: String
        var centerID: String
        var identifier: String
    }

    /// …at one revision and one fire date: a request replaced or moved on since is not held.
    struct PendingVersion: Hashable, Sendable {
        var revision: Int64
        var nextFire: Int64
    }

    package func nextFireDate(leaseNow: Date) async throws -> Date? {
        // Held claims first, then the snapshot (`ClaimTable`).
        let held = firingClaims.live(now: Self.milliseconds(leaseNow))
        return try await read { db in try Self.nextClaimable(skipping: held, db).map(Self.date) }
    }

    package func pendingTotal() async throws -> Int {
        try await read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM pending") ?? 0 }
    }

    package func hasUnfiredRequests(dueBy now: Date) async throws -> Bool {
        try await read { db in
            try Bool.fetchOne(
                db, sql: "SELECT EXISTS (SELECT 1 FROM pending WHERE next_fire <= ? AND claimed_until IS NULL)",
                arguments: [Self.milliseconds(now)]) ?? false
        }
    }

    /// The due index in order (every pending request with a fire date: claims write nothing), for a scan
    /// that skips what this process holds.
    private static func dueRows(_ db: Database) throws -> RowCursor {
        try Row.fetchCursor(
            db.cachedStatement(
                sql: "SELECT \(pendingColumns) FROM pending WHERE next_fire IS NOT NULL AND claimed_until IS NULL ORDER BY next_fire"))
    }

    /// A due row's key and version, read off the row before the rest of it (`pendingColumns`' order).
    private static func claimKey(_ row: Row) -> (PendingKey, PendingVersion) {
        (PendingKey(appID: row[0], centerID: row[1], identifier: row[2]), PendingVersion(revision: row[6], nextFire: row[5]))
    }

    /// When a request next becomes claimable: the earliest fire date that `held` does not hold. The scan
    /// passes only the requests this process claimed ahead (the lookahead's, or a backlog's batch).
    static func nextClaimable(skipping held: ClaimTable<PendingKey, PendingVersion>.Live, _ db: Database) throws -> Int64? {
        let rows = try dueRows(db)
        while let row = try rows.next() {
            let (key, version) = claimKey(row)
            if held[key] != version { return version.nextFire }
        }
        return nil
    }

    /// Claims in memory (`ClaimTable`), read on a reader: no write, no commit, nothing the writer waits
    /// for. The held claims are read before the read transaction begins, so a snapshot older than a
    /// firing's commit still finds what that firing held (its claims end only after the commit). One pass
    /// over the due index:
    /// the rows not held are claimed while due and room is left; the first one after them is the next
    /// fire date left unclaimed. The claimed requests' centers are read ahead (`CenterSnapshots`).
    package func claimDue(now: Date, limit: Int, lease: Lease) async throws -> ClaimedBatch {
        let now = Self.milliseconds(now)
        let leaseNow = Self.milliseconds(lease.now)
        let token = Self.newToken()
        let (claims, snapshots) = (firingClaims, centerSnapshots)
        let held = claims.live(now: leaseNow)
        let ahead = snapshots.token()
        let (rows, next): ([RawPending], Int64?) = try await read { db in
            var chosen: [RawPending] = []
            var next: Int64?
            let due = try Self.dueRows(db)
            while let row = try due.next() {
                let (key, version) = Self.claimKey(row)
                guard held[key] != version else { continue }
                guard chosen.count < limit, version.nextFire <= now else {
                    next = version.nextFire
                    break
                }
                chosen.append(RawPending(row))
            }
            claims.claim(chosen.map { ($0.key, $0.version) }, token: token, until: Self.milliseconds(lease.until), now: leaseNow)
            // Their centers, so that the firing reads only those changed meanwhile.
            try Self.readAhead(
                Set(chosen.map { CenterKey(appID: $0.appID, centerID: $0.centerID) }), token: ahead, into: snapshots, db)
            return (chosen, next)
        }
        // Decoded after the read, so that the reader is not held for it.
        return ClaimedBatch(
            claims: try rows.map {
                var claimed = try $0.decoded(shared: true)
                claimed.claim = token
                return claimed
            }, nextUnclaimed: next.map(Self.date))
    }

    package func extendClaims(_ claims: [StoredPending], until leaseUntil: Date) async throws {
        firingClaims.extend(
            claims.compactMap { claim in claim.claim.map { (Self.claimKey(claim), $0) } }, until: Self.milliseconds(leaseUntil))
    }

    /// The claim table's key of a claimed request.
    static func claimKey(_ claim: StoredPending) -> PendingKey {
        PendingKey(appID: claim.center.appID, centerID: claim.center.centerID, identifier: claim.identifier)
    }

    package func fire(
        _ claims: [StoredPending], at now: Date, decide: @escaping @Sendable (StoredPending, CenterRecord) -> FiringRecord?
    ) async throws -> FiredClaims {
        guard !claims.isEmpty else { return FiredClaims(recorded: [], kept: []) }
        let (table, snapshots) = (firingClaims, centerSnapshots)
        let keys = claims.map { claim in claim.claim.map { (Self.claimKey(claim), $0) } }
        let (recorded, kept) = try await write { db, effects in
            let centers = Array(Set(claims.map(\.center)))
            let found = try Self.centersForFiring(centers, ahead: snapshots, db)
            // Each center's place in `found` (a map of the records themselves would copy each into it).
            var position: [CenterKey: Int] = [:]
            var tallies: [CenterKey: CenterTally] = [:]
            position.reserveCapacity(centers.count)
            tallies.reserveCapacity(centers.count)
            for (index, key) in centers.enumerated() {
                guard let sequence = found[index]?.sequence else { continue }
                (position[key], tallies[key]) = (index, CenterTally(sequence: sequence))
            }
            // Fenced: only the claim that holds the request records the firing (one whose lease ended
            // still does until another claim takes the request); `record` matches the row at the
            // revision and fire date claimed.
            let held = table.holds(keys)
            var batch: [TargetedFiring] = []
            var kept: [Int] = []
            batch.reserveCapacity(claims.count)
            for (index, claim) in claims.enumerated() {
                guard held[index], let token = claim.claim,
                    let claimedFire = claim.pending.nextFireDate.map(Self.milliseconds),
                    let at = position[claim.center], let snapshot = found[at]
                else { continue }
                guard var firing = decide(claim, snapshot.center) else {
                    kept.append(index)
                    continue
                }
                firing.claim = token
                batch.append(TargetedFiring(firing: firing, pending: true, claimedFire: claimedFire))
            }
            return (try Self.record(batch, tallies: &tallies, at: now, db, &effects), kept)
        }
        // Committed: the claims end (a reader's older snapshot could still see the rows as they were), but
        // those kept for a later firing.
        var ending = keys
        for index in kept { ending[index] = nil }
        table.release(ending.compactMap { $0 })
        return FiredClaims(recorded: recorded, kept: kept.map { claims[$0] })
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
                    let pending = try Self.hasPendingRow(firing.center, firing.identifier, revision: firing.revision, db)
                else { continue }
                batch.append(TargetedFiring(firing: firing, pending: pending))
            }
            _ = try Self.record(batch, tallies: &tallies, at: now, db, &effects)
        }
    }

    package func releaseClaims(_ claims: [StoredPending]) async throws {
        guard !claims.isEmpty else { return }
        firingClaims.release(claims.compactMap { claim in claim.claim.map { (Self.claimKey(claim), $0) } })
        if let first = claims.compactMap(\.pending.nextFireDate).min() { changes.publish([.due(first)]) }
    }
}
