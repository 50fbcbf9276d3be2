import Foundation
import GRDB
import NotificationCore
import Storage

extension SQLiteStore {
    package func insertCenter(_ center: CenterRecord) async throws {
        try await writer.write { db in
            try db.execute(
                sql:
                    "INSERT INTO centers(id, app_id, settings, state, badge, prompt, created_at, push_token) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                arguments: [
                    center.id, center.appID, try Self.encode(center.settings), try Self.encode(center.state), center.badge,
                    try center.prompt.map(Self.encode), Self.milliseconds(center.createdAt), center.pushToken,
                ]
            )
        }
    }

    package func center(id: String) async throws -> CenterRecord? {
        try await pool.read { db in try Self.fetchCenter(id, db) }
    }

    package func updateCenter<T: Sendable>(id: String, _ change: @Sendable (inout CenterRecord) throws -> T) async throws -> T? {
        try await writer.write { db in
            guard var center = try Self.fetchCenter(id, db) else { return nil }
            let result = try change(&center)
            try db.execute(
                sql: "UPDATE centers SET settings = ?, state = ?, badge = ?, prompt = ?, push_token = ? WHERE id = ?",
                arguments: [
                    try Self.encode(center.settings), try Self.encode(center.state), center.badge, try center.prompt.map(Self.encode),
                    center.pushToken, id,
                ]
            )
            return result
        }
    }

    package func deleteCenter(id: String) async throws -> Bool {
        try await writer.write { db in
            try db.execute(sql: "DELETE FROM centers WHERE id = ?", arguments: [id])
            return db.changesCount > 0
        }
    }

    package func replaceCategories(appID: String, _ categories: [NotificationCategory]) async throws {
        try await writer.write { db in
            try db.execute(sql: "DELETE FROM categories WHERE app_id = ?", arguments: [appID])
            for (position, category) in categories.enumerated() {
                try db.execute(
                    sql: "INSERT INTO categories(app_id, identifier, position, body) VALUES (?, ?, ?, ?)",
                    arguments: [appID, category.identifier, position, try Self.encode(category)]
                )
            }
        }
    }

    package func categories(appID: String) async throws -> [NotificationCategory] {
        try await pool.read { db in
            try Data.fetchAll(db, sql: "SELECT body FROM categories WHERE app_id = ? ORDER BY position", arguments: [appID])
                .map { try Self.decode(NotificationCategory.self, $0) }
        }
    }

    static func fetchCenter(_ id: String, _ db: Database) throws -> CenterRecord? {
        guard let row = try Row.fetchOne(try db.cachedStatement(sql: "SELECT * FROM centers WHERE id = ?"), arguments: [id]) else {
            return nil
        }
        return CenterRecord(
            id: row["id"], appID: row["app_id"],
            settings: try decode(NotificationSettings.self, row["settings"]),
            state: try decode(CenterState.self, row["state"]),
            badge: row["badge"],
            prompt: try (row["prompt"] as Data?).map { try decode(AuthorizationPrompt.self, $0) },
            createdAt: date(row["created_at"]),
            pushToken: row["push_token"]
        )
    }
}
