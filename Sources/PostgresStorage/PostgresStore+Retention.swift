import Foundation
import PostgresNIO
import Storage

extension PostgresStore: RetentionStore {
    package func deleteExpired(_ kind: RetainedKind, before date: Date, limit: Int) async throws -> Int {
        let before = Self.milliseconds(date)
        let query: PostgresQuery =
            switch kind {
            case .finishedMessages:
                """
                DELETE FROM deliveries WHERE seq IN (
                    SELECT seq FROM deliveries WHERE status IN ('delivered', 'aborted') AND created_at < \(before) LIMIT \(limit))
                RETURNING seq
                """
            case .failedMessages:
                """
                DELETE FROM deliveries WHERE seq IN (SELECT seq FROM deliveries WHERE status = 'failed' AND created_at < \(before) LIMIT \(limit))
                RETURNING seq
                """
            case .retiredPushTokens:
                """
                DELETE FROM retired_push_tokens WHERE token IN (
                    SELECT token FROM retired_push_tokens WHERE retired_at < \(before) LIMIT \(limit))
                RETURNING token
                """
            case .events:
                "DELETE FROM events WHERE ctid IN (SELECT ctid FROM events WHERE created_at < \(before) LIMIT \(limit)) RETURNING seq"
            case .receipts:
                "DELETE FROM receipts WHERE id IN (SELECT id FROM receipts WHERE at < \(before) LIMIT \(limit)) RETURNING id"
            }
        return try await write { connection, _ in try await connection.rows(query, self.logger).count }
    }
}
