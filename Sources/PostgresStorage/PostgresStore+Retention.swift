import Foundation
import PostgresNIO
import Storage

extension PostgresStore: RetentionStore {
    package func deleteExpired(_ kind: RetainedKind, before date: Date, limit: Int) async throws -> Int {
        let before = Self.milliseconds(date)
        let query: PostgresQuery
        switch kind {
        case .finishedMessages:
            query =
                """
                DELETE FROM deliveries WHERE seq IN (
                    SELECT seq FROM deliveries WHERE status IN ('delivered', 'aborted') AND created_at < \(before) LIMIT \(limit))
                RETURNING seq
                """
        case .failedMessages:
            query =
                """
                DELETE FROM deliveries WHERE seq IN (SELECT seq FROM deliveries WHERE status = 'failed' AND created_at < \(before) LIMIT \(limit))
                RETURNING seq
                """
        case .retiredPushTokens:
            query =
                """
                DELETE FROM retired_push_tokens WHERE token IN (
                    SELECT token FROM retired_push_tokens WHERE retired_at < \(before) LIMIT \(limit))
                RETURNING token
                """
        case .events:
            query = "DELETE FROM events WHERE ctid IN (SELECT ctid FROM events WHERE created_at < \(before) LIMIT \(limit)) RETURNING seq"
        case .receipts:
            query = "DELETE FROM receipts WHERE id IN (SELECT id FROM receipts WHERE at < \(before) LIMIT \(limit)) RETURNING id"
        case .broadcasts:
            return try await deleteEndedBroadcasts(before: before, limit: limit)
        }
        return try await write { connection, _ in try await connection.rows(query, self.logger).count }
    }

    /// The members' marks of broadcasts that ended before `before` first, `limit` at a time (a broadcast may
    /// have reached a million), then the broadcasts left without any (their chunks go with them).
    private func deleteEndedBroadcasts(before: Int64, limit: Int) async throws -> Int {
        try await write { connection, _ in
            let members = try await connection.rows(
                """
                DELETE FROM broadcast_members WHERE ctid IN (
                    SELECT m.ctid FROM broadcast_members m JOIN broadcasts b ON b.app_id = m.app_id AND b.id = m.broadcast_id
                    WHERE b.status IN ('completed', 'canceled', 'replaced') AND b.completed_at < \(before) LIMIT \(limit))
                RETURNING center_id
                """, self.logger
            ).count
            guard members < limit else { return members }
            let broadcasts = try await connection.rows(
                """
                DELETE FROM broadcasts b WHERE b.seq IN (
                    SELECT seq FROM broadcasts x WHERE x.status IN ('completed', 'canceled', 'replaced') AND x.completed_at < \(before)
                    AND NOT EXISTS (SELECT 1 FROM broadcast_members m WHERE m.app_id = x.app_id AND m.broadcast_id = x.id)
                    LIMIT \(limit - members))
                RETURNING b.seq
                """, self.logger
            ).count
            return members + broadcasts
        }
    }
}
