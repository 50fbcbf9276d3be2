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

    package func claimDue(now: Date, limit: Int, leaseUntil: Date) async throws -> [StoredPending] {
        let now = Self.milliseconds(now)
        let lease = Self.milliseconds(leaseUntil)
        return try await pool.write { db in
            // The partial index on next_fire serves this range scan; expired claims are taken again.
            let rows = try Row.fetchAll(
                db,
                sql: """
                    SELECT * FROM pending
                    WHERE next_fire IS NOT NULL AND next_fire <= ? AND (claimed_until IS NULL OR claimed_until < ?)
                    ORDER BY next_fire LIMIT ?
                    """,
                arguments: [now, now, limit]
            )
            for row in rows {
                try db.execute(
                    sql: "UPDATE pending SET claimed_until = ? WHERE center_id = ? AND identifier = ?",
                    arguments: [lease, row["center_id"] as String, row["identifier"] as String]
                )
            }
            return try rows.map(Self.stored)
        }
    }

    package func recordFirings(_ firings: [FiringRecord]) async throws {
        guard !firings.isEmpty else { return }
        try await pool.write { db in
            for firing in firings { try Self.record(firing, db) }
        }
    }

    private static func record(_ firing: FiringRecord, _ db: Database) throws {
            // A center deleted meanwhile takes its requests with it: nothing to record.
            guard try Bool.fetchOne(db, sql: "SELECT 1 FROM centers WHERE id = ?", arguments: [firing.centerID]) ?? false else { return }
            if let delivered = firing.delivered {
                try db.execute(
                    sql: """
                        INSERT INTO delivered(center_id, identifier, delivered_at, request, presentation, seq) VALUES (?, ?, ?, ?, ?, ?)
                        ON CONFLICT(center_id, identifier) DO UPDATE SET
                            delivered_at = excluded.delivered_at, request = excluded.request,
                            presentation = excluded.presentation, seq = excluded.seq
                        """,
                    arguments: [
                        firing.centerID, firing.identifier, milliseconds(delivered.date), try encode(delivered.request),
                        try encode(delivered.presentation), try next("delivered", db),
                    ]
                )
            }
            let target = "center_id = ? AND identifier = ? AND revision = ?"
            if let next = firing.nextFireDate {
                try db.execute(
                    sql: "UPDATE pending SET next_fire = ?, claimed_until = NULL WHERE \(target)",
                    arguments: [milliseconds(next), firing.centerID, firing.identifier, firing.revision]
                )
            } else if firing.keepPending {
                try db.execute(
                    sql: "UPDATE pending SET claimed_until = NULL WHERE \(target)",
                    arguments: [firing.centerID, firing.identifier, firing.revision])
            } else {
                try db.execute(
                    sql: "DELETE FROM pending WHERE \(target)", arguments: [firing.centerID, firing.identifier, firing.revision])
            }
            if let badge = firing.badge {
                try db.execute(sql: "UPDATE centers SET badge = ? WHERE id = ?", arguments: [badge, firing.centerID])
            }
    }

    package func releaseAllClaims() async throws {
        try await pool.write { db in
            try db.execute(sql: "UPDATE pending SET claimed_until = NULL WHERE claimed_until IS NOT NULL")
        }
    }
}
