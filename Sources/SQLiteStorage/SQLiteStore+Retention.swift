import Foundation
import GRDB
import Storage

extension SQLiteStore: RetentionStore {
    package func deleteExpired(_ kind: RetainedKind, before date: Date, limit: Int) async throws -> Int {
        let sql: String
        switch kind {
        case .finishedMessages:
            sql =
                "DELETE FROM deliveries WHERE seq IN (SELECT seq FROM deliveries WHERE status IN ('delivered', 'aborted') AND created_at < ? LIMIT ?)"
        case .failedMessages:
            sql = "DELETE FROM deliveries WHERE seq IN (SELECT seq FROM deliveries WHERE status = 'failed' AND created_at < ? LIMIT ?)"
        case .retiredPushTokens:
            sql = "DELETE FROM retired_push_tokens WHERE token IN (SELECT token FROM retired_push_tokens WHERE retired_at < ? LIMIT ?)"
        case .events:
            sql = "DELETE FROM events WHERE (app_id, center_id, seq) IN (\(Self.agingEvents))"
        case .receipts:
            sql = "DELETE FROM receipts WHERE id IN (SELECT id FROM receipts WHERE at < ? LIMIT ?)"
        case .broadcasts:
            return try await deleteEndedBroadcasts(before: date, limit: limit)
        }
        return try await write { db, _ in
            if kind == .events {
                // A center's newest event may be among those going: its sequence stays on the center's row.
                try db.execute(
                    sql: """
                        UPDATE centers SET event_seq = \(Self.latestEventSQL("centers"))
                        WHERE (app_id, id) IN (SELECT app_id, center_id FROM (\(Self.agingEvents)))
                        """, arguments: [Self.milliseconds(date), limit])
                // The delivered rows that are their own `presented` events age out with the history.
                try db.execute(
                    sql: "UPDATE event_horizon SET before = max(before, ?) WHERE id = 1", arguments: [Self.milliseconds(date)])
            }
            if kind == .receipts {
                // The `fired` steps the delivered rows hold age out with the receipts.
                try db.execute(
                    sql: "UPDATE receipt_horizon SET before = max(before, ?) WHERE id = 1", arguments: [Self.milliseconds(date)])
            }
            try db.execute(sql: sql, arguments: [Self.milliseconds(date), limit])
            return db.changesCount
        }
    }

    /// The events a pass of retention deletes (older than `?`, at most `?`): one query, so that the
    /// centers whose newest sequence is kept first are those of the events the delete then takes.
    private static let agingEvents = "SELECT app_id, center_id, seq FROM events WHERE created_at < ? LIMIT ?"

    /// The members' marks of broadcasts that ended before `date` first, `limit` at a time (a broadcast may
    /// have reached a million), then the broadcasts left without any (their chunks go with them).
    private func deleteEndedBroadcasts(before date: Date, limit: Int) async throws -> Int {
        try await write { db, _ in
            let ended = "SELECT app_id, id FROM broadcasts WHERE status IN ('completed', 'canceled', 'replaced') AND completed_at < ?"
            try db.execute(
                sql: """
                    DELETE FROM broadcast_members WHERE (app_id, broadcast_id, center_id) IN (
                        SELECT m.app_id, m.broadcast_id, m.center_id FROM broadcast_members m
                        WHERE (m.app_id, m.broadcast_id) IN (\(ended)) LIMIT ?)
                    """, arguments: [Self.milliseconds(date), limit])
            let members = db.changesCount
            guard members < limit else { return members }
            try db.execute(
                sql: """
                    DELETE FROM broadcasts WHERE (app_id, id) IN (\(ended)
                        AND NOT EXISTS (SELECT 1 FROM broadcast_members m WHERE m.app_id = broadcasts.app_id AND m.broadcast_id = broadcasts.id)
                        LIMIT ?)
                    """, arguments: [Self.milliseconds(date), limit - members])
            return members + db.changesCount
        }
    }
}
