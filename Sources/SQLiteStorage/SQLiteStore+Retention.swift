import Foundation
import GRDB
import Storage

extension SQLiteStore: RetentionStore {
    package func deleteExpired(_ kind: RetainedKind, before date: Date, limit: Int) async throws -> Int {
        let sql =
            switch kind {
            case .finishedMessages:
                "DELETE FROM deliveries WHERE seq IN (SELECT seq FROM deliveries WHERE status IN ('delivered', 'aborted') AND created_at < ? LIMIT ?)"
            case .failedMessages:
                "DELETE FROM deliveries WHERE seq IN (SELECT seq FROM deliveries WHERE status = 'failed' AND created_at < ? LIMIT ?)"
            case .retiredPushTokens:
                "DELETE FROM retired_push_tokens WHERE token IN (SELECT token FROM retired_push_tokens WHERE retired_at < ? LIMIT ?)"
            case .events:
                "DELETE FROM events WHERE (app_id, center_id, seq) IN (SELECT app_id, center_id, seq FROM events WHERE created_at < ? LIMIT ?)"
            case .receipts:
                "DELETE FROM receipts WHERE id IN (SELECT id FROM receipts WHERE at < ? LIMIT ?)"
            }
        return try await write { db, _ in
            try db.execute(sql: sql, arguments: [Self.milliseconds(date), limit])
            return db.changesCount
        }
    }
}
