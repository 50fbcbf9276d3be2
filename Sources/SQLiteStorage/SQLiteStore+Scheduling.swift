import Foundation
import GRDB
import NotificationCore
import Storage

extension SQLiteStore {
    package func nextFireDate(now: Date) async throws -> Date? {
        try await read { db in try Self.nextClaimable(now: Self.milliseconds(now), db).map(Self.date) }
    }

    package func pendingTotal() async throws -> Int {
        try await read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM pending") ?? 0 }
    }

    package func hasUnfiredRequests(dueBy now: Date) async throws -> Bool {
        try await read { db in
            try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM pending WHERE next_fire <= ?)", arguments: [Self.milliseconds(now)])
                ?? false
        }
    }

    /// When a request next becomes claimable: the earliest fire date not under a live claim, or the end
    /// of the earliest live lease (a holder that dies is taken over then). Two index range scans.
    static func nextClaimable(now: Int64, _ db: Database) throws -> Int64? {
        let unclaimed = try Int64.fetchOne(
            try db.cachedStatement(
                sql: "SELECT MIN(next_fire) FROM pending WHERE next_fire IS NOT NULL AND (claimed_until IS NULL OR claimed_until < ?)"),
            arguments: [now])
        let leaseEnd = try Int64.fetchOne(
            try db.cachedStatement(sql: "SELECT MIN(claimed_until) FROM pending WHERE claimed_until >= ?"), arguments: [now])
        return [unclaimed, leaseEnd].compactMap { $0 }.min()
    }

    package func claimDue(now: Date, limit: Int, leaseUntil: Date) async throws -> ClaimedBatch {
        let now = Self.milliseconds(now)
        let lease = Self.milliseconds(leaseUntil)
        let (rows, next): ([RawPending], Int64?) = try await write { db, _ in
            // The partial index on next_fire serves this range scan; expired claims are taken over.
            let rows = try Row.fetchAll(
                try db.cachedStatement(
                    sql: """
                        SELECT * FROM pending
                        WHERE next_fire IS NOT NULL AND next_fire <= ? AND (claimed_until IS NULL OR claimed_until < ?)
                        ORDER BY next_fire LIMIT ?
                        """),
                arguments: [now, now, limit]
            )
            let claim = try db.cachedStatement(
                sql: "UPDATE pending SET claim_token = ?, claimed_until = ? WHERE app_id = ? AND center_id = ? AND identifier = ?")
            var claimed: [RawPending] = []
            for row in rows {
                var raw = RawPending(row)
                raw.claim = Self.newToken()
                try claim.execute(arguments: [raw.claim, lease, raw.appID, raw.centerID, row["identifier"] as String])
                claimed.append(raw)
            }
            return (claimed, try Self.nextClaimable(now: now, db))
        }
        // Decoded after the transaction, so that the writer is not held for it.
        return ClaimedBatch(claims: try rows.map { try $0.decoded() }, nextUnclaimed: next.map(Self.date))
    }

    package func extendClaims(_ claims: [StoredPending], until leaseUntil: Date) async throws {
        guard !claims.isEmpty else { return }
        try await write { db, _ in
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
        _ claims: [StoredPending], at now: Date, decide: @escaping @Sendable (StoredPending, CenterRecord) -> FiringRecord
    ) async throws -> [FiringRecord] {
        guard !claims.isEmpty else { return [] }
        return try await write { db, effects in
            var centers: [CenterKey: CenterRecord?] = [:]
            var recorded: [FiringRecord] = []
            let held = try db.cachedStatement(
                sql: """
                    SELECT 1 FROM pending WHERE app_id = ? AND center_id = ? AND identifier = ? AND claim_token = ? AND claimed_until >= ?
                    """)
            for claim in claims {
                // Fenced: only the claim that holds the request, within its lease, records the firing.
                guard let token = claim.claim,
                    try Bool.fetchOne(
                        held,
                        arguments: [claim.center.appID, claim.center.centerID, claim.identifier, token, Self.milliseconds(now)]) ?? false
                else { continue }
                if centers[claim.center] == nil { centers[claim.center] = .some(try Self.fetchCenter(claim.center, db)) }
                guard let center = centers[claim.center] ?? nil else { continue }
                var firing = decide(claim, center)
                firing.claim = token
                if try Self.record(firing, at: now, db, &effects) { recorded.append(firing) }
            }
            return recorded
        }
    }

    package func recordFirings(_ firings: [FiringRecord], at now: Date) async throws {
        guard !firings.isEmpty else { return }
        try await write { db, effects in
            for firing in firings where try Self.centerExists(firing.center, db) {
                _ = try Self.record(firing, at: now, db, &effects)
            }
        }
    }

    /// Records one firing with its events; false when the request is no longer the one fired (the
    /// claim no longer holds it, or — unclaimed — another revision replaced it), in which case nothing
    /// is recorded.
    private static func record(_ firing: FiringRecord, at now: Date, _ db: Database, _ effects: inout ChangeSet) throws -> Bool {
        let key = firing.center
        // Which pending row the firing is about: the claim's, or the revision's (0: none).
        let target: (condition: String, value: Int64)? =
            if let claim = firing.claim { ("claim_token = ?", claim) } else if firing.revision != 0 {
                ("revision = ?", firing.revision)
            } else {
                nil
            }
        if let target, firing.claim == nil {
            guard
                try Bool.fetchOne(
                    db, sql: "SELECT 1 FROM pending WHERE app_id = ? AND center_id = ? AND identifier = ? AND \(target.condition)",
                    arguments: [key.appID, key.centerID, firing.identifier, target.value]) ?? false
            else { return false }
        }
        var latest: Int64?
        if var delivered = firing.delivered {
            // Media must be there to be held; content a service extension changed names media that was
            // checked, but could have gone since: such an attachment is dropped, not the notification.
            if let attachments = delivered.request.content.attachments {
                let existing = try existingMedia(Set(attachments.compactMap(\.mediaID)), appID: key.appID, db)
                delivered.request.content.attachments = attachments.filter { $0.mediaID.map(existing.contains) ?? true }
            }
            // The delivered list is ordered by the sequence of each notification's `presented` event.
            let sequence = try appendUserEvent(.presented(delivered), for: key, at: now, db)
            latest = sequence
            try db.cachedStatement(
                sql: """
                    INSERT INTO delivered(app_id, center_id, identifier, delivered_at, request, presentation, seq)
                    VALUES (?, ?, ?, ?, ?, ?, ?)
                    ON CONFLICT(app_id, center_id, identifier) DO UPDATE SET
                        delivered_at = excluded.delivered_at, request = excluded.request,
                        presentation = excluded.presentation, seq = excluded.seq
                    """
            ).execute(arguments: [
                key.appID, key.centerID, firing.identifier, milliseconds(delivered.date), try encode(delivered.request),
                try encode(delivered.presentation), sequence,
            ])
            try setHolds(key, holder: .delivered, identifier: firing.identifier, media: mediaIDs(of: delivered.request), db)
            try append([.app(.delivered(delivered))], for: key, at: now, traceparent: firing.traceparent, db, &effects)
        }
        if let badge = firing.badge {
            try db.cachedStatement(sql: "UPDATE centers SET badge = ? WHERE app_id = ? AND id = ?")
                .execute(arguments: [badge, key.appID, key.centerID])
            latest = try appendUserEvent(.badgeChanged(badge), for: key, at: now, db)
            effects.announce(.centers([key]))
        }
        if let target {
            let row = "app_id = ? AND center_id = ? AND identifier = ? AND \(target.condition)"
            let arguments: StatementArguments = [key.appID, key.centerID, firing.identifier, target.value]
            if let next = firing.nextFireDate {
                try db.cachedStatement(sql: "UPDATE pending SET next_fire = ?, claim_token = NULL, claimed_until = NULL WHERE \(row)")
                    .execute(arguments: [milliseconds(next)] + arguments)
                effects.announce(.due(next))
            } else if firing.keepPending {
                try db.cachedStatement(sql: "UPDATE pending SET claim_token = NULL, claimed_until = NULL WHERE \(row)").execute(
                    arguments: arguments)
            } else if let kind = try Row.fetchOne(
                try db.cachedStatement(sql: "SELECT trigger_kind FROM pending WHERE \(row)"), arguments: arguments)
            {
                // Read, then deleted: `DELETE … RETURNING` goes through a temporary b-tree.
                try db.cachedStatement(sql: "DELETE FROM pending WHERE \(row)").execute(arguments: arguments)
                if counted(kind["trigger_kind"]) { try adjustPendingCount(key, by: -1, db) }
                try releaseHolds(key, holder: .pending, identifiers: [firing.identifier], db)
            }
        }
        if let latest { effects.announce(.events(key, sequence: latest)) }
        effects.announce(.notifications([key]))
        return true
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
