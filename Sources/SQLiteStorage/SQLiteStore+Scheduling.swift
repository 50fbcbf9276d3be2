import Foundation
import GRDB
import NotificationCore
import Storage

extension SQLiteStore {
    package func nextFireDate() async throws -> Date? {
        try await pool.read { db in
            try Int64.fetchOne(db, sql: "SELECT MIN(next_fire) FROM pending WHERE next_fire IS NOT NULL AND claimed_until IS NULL").map(
                Self.date)
        }
    }

    package func claimDue(now: Date, limit: Int, leaseUntil: Date) async throws -> ClaimedBatch {
        let now = Self.milliseconds(now)
        let lease = Self.milliseconds(leaseUntil)
        let (rows, next): ([RawPending], Int64?) = try await writer.write { db in
            // The partial index on next_fire serves this range scan; expired claims are taken again.
            let rows = try Row.fetchAll(
                try db.cachedStatement(
                    sql: """
                        SELECT * FROM pending
                        WHERE next_fire IS NOT NULL AND next_fire <= ? AND (claimed_until IS NULL OR claimed_until < ?)
                        ORDER BY next_fire LIMIT ?
                        """),
                arguments: [now, now, limit]
            )
            let claim = try db.cachedStatement(sql: "UPDATE pending SET claimed_until = ? WHERE center_id = ? AND identifier = ?")
            for row in rows {
                try claim.execute(arguments: [lease, row["center_id"] as String, row["identifier"] as String])
            }
            let next = try Int64.fetchOne(
                try db.cachedStatement(sql: "SELECT MIN(next_fire) FROM pending WHERE next_fire IS NOT NULL AND claimed_until IS NULL"))
            return (rows.map(RawPending.init), next)
        }
        // Decoded after the transaction, so that the writer is not held for it.
        return ClaimedBatch(claims: try rows.map { try $0.decoded() }, nextUnclaimed: next.map(Self.date))
    }

    package func recordFirings(_ firings: [FiringRecord]) async throws {
        guard !firings.isEmpty else { return }
        try await writer.write { db in
            for firing in firings {
                // A center deleted meanwhile takes its requests with it: nothing to record.
                guard
                    try Bool.fetchOne(try db.cachedStatement(sql: "SELECT 1 FROM centers WHERE id = ?"), arguments: [firing.centerID])
                        ?? false
                else { continue }
                _ = try Self.record(firing, db)
            }
        }
    }

    package func fire(
        _ claims: [StoredPending], decide: @Sendable (StoredPending, CenterRecord) -> FiringRecord
    ) async throws -> [FiringRecord] {
        guard !claims.isEmpty else { return [] }
        return try await writer.write { db in
            var centers: [String: CenterRecord?] = [:]
            var recorded: [FiringRecord] = []
            for claim in claims {
                let centerID = claim.pending.centerID
                if centers[centerID] == nil { centers[centerID] = .some(try Self.fetchCenter(centerID, db)) }
                guard let center = centers[centerID] ?? nil else { continue }
                let firing = decide(claim, center)
                if try Self.record(firing, db) { recorded.append(firing) }
            }
            return recorded
        }
    }

    /// Records one firing; false when the claimed revision is no longer pending (removed or replaced
    /// since the claim), in which case it does not fire.
    private static func record(_ firing: FiringRecord, _ db: Database) throws -> Bool {
        if firing.revision != 0 {
            let stillPending =
                try Bool.fetchOne(
                    try db.cachedStatement(sql: "SELECT 1 FROM pending WHERE center_id = ? AND identifier = ? AND revision = ?"),
                    arguments: [firing.centerID, firing.identifier, firing.revision]
                ) ?? false
            guard stillPending else { return false }
        }
        if var delivered = firing.delivered {
            // Media must be there to be held; content a service extension changed names media that was
            // checked, but could have gone since: such an attachment is dropped, not the notification.
            if let attachments = delivered.request.content.attachments {
                let existing = try existingMedia(Set(attachments.compactMap(\.mediaID)), centerID: firing.centerID, db)
                delivered.request.content.attachments = attachments.filter { $0.mediaID.map(existing.contains) ?? true }
            }
            try db.cachedStatement(
                sql: """
                    INSERT INTO delivered(center_id, identifier, delivered_at, request, presentation, seq, media)
                    VALUES (?, ?, ?, ?, ?, ?, ?)
                    ON CONFLICT(center_id, identifier) DO UPDATE SET
                        delivered_at = excluded.delivered_at, request = excluded.request,
                        presentation = excluded.presentation, seq = excluded.seq, media = excluded.media
                    """
            ).execute(
                arguments: [
                    firing.centerID, firing.identifier, milliseconds(delivered.date), try encode(delivered.request),
                    try encode(delivered.presentation), try next("delivered", db), mediaColumn(delivered.request),
                ]
            )
        }
        let target = "center_id = ? AND identifier = ? AND revision = ?"
        if let next = firing.nextFireDate {
            try db.cachedStatement(sql: "UPDATE pending SET next_fire = ?, claimed_until = NULL WHERE \(target)").execute(
                arguments: [milliseconds(next), firing.centerID, firing.identifier, firing.revision]
            )
        } else if firing.keepPending {
            try db.execute(
                sql: "UPDATE pending SET claimed_until = NULL WHERE \(target)",
                arguments: [firing.centerID, firing.identifier, firing.revision])
        } else {
            try db.cachedStatement(sql: "DELETE FROM pending WHERE \(target)").execute(
                arguments: [firing.centerID, firing.identifier, firing.revision])
        }
        if let badge = firing.badge {
            try db.cachedStatement(sql: "UPDATE centers SET badge = ? WHERE id = ?").execute(arguments: [badge, firing.centerID])
        }
        return true
    }

    package func releaseClaims(_ claims: [StoredPending]) async throws {
        try await writer.write { db in
            for claim in claims {
                try db.execute(
                    sql: "UPDATE pending SET claimed_until = NULL WHERE center_id = ? AND identifier = ? AND revision = ?",
                    arguments: [claim.pending.centerID, claim.pending.request.identifier, claim.revision]
                )
            }
        }
    }

    package func releaseAllClaims() async throws {
        try await writer.write { db in
            try db.execute(sql: "UPDATE pending SET claimed_until = NULL WHERE claimed_until IS NOT NULL")
        }
    }
}
