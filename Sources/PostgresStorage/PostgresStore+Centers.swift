import Foundation
import NotificationCore
import PostgresNIO
import Storage

extension PostgresStore: NotificationStore {
    package func insertCenter(_ center: CenterRecord) async throws {
        let settings = try Self.encodeShared(center.settings)
        let state = try Self.encodeShared(center.state)
        let prompt = try center.prompt.map(Self.encode)
        try await write { connection, changes in
            try await connection.run(
                """
                INSERT INTO centers(app_id, id, settings, state, badge, prompt, created_at, push_token, time_zone)
                VALUES (\(center.appID), \(center.id), \(settings), \(state), \(center.badge), \(prompt), \(Self.milliseconds(center.createdAt)),
                \(center.pushToken), \(center.state.timeZone))
                """, self.logger)
            changes.announce(.centers([center.key]))
        }
    }

    package func center(_ key: CenterKey) async throws -> CenterRecord? {
        try await read { connection in try await self.fetchCenter(key, connection) }
    }

    package func centers(_ keys: Set<CenterKey>) async throws -> [CenterKey: CenterRecord] {
        guard !keys.isEmpty else { return [:] }
        let list = Array(keys)
        let rows = try await read { connection in
            try await connection.rows(
                "SELECT * FROM centers WHERE (app_id, id) IN (SELECT * FROM unnest(\(list.map(\.appID)), \(list.map(\.centerID))))",
                self.logger)
        }
        var centers: [CenterKey: CenterRecord] = [:]
        for row in rows {
            let center = try Self.centerRecord(row)
            centers[center.key] = center
        }
        return centers
    }

    package func updateCenter<T: Sendable>(
        _ key: CenterKey, at date: Date, _ change: @escaping @Sendable (inout CenterRecord, inout [ChangeEvent]) throws -> T
    ) async throws -> T? {
        // The write's deadline runs it in a child task, which ends before this returns.
        try await withoutActuallyEscaping(change) { change in try await updateCenter(key, at: date, escaping: change) }
    }

    private func updateCenter<T: Sendable>(
        _ key: CenterKey, at date: Date, escaping change: @escaping @Sendable (inout CenterRecord, inout [ChangeEvent]) throws -> T
    ) async throws -> T? {
        try await write { connection, changes in
            guard var center = try await self.fetchCenter(key, connection, locking: true) else { return nil }
            let before = center
            var events: [ChangeEvent] = []
            let result = try change(&center, &events)
            if center != before {
                try await connection.run(
                    """
                    UPDATE centers SET settings = \(try Self.encodeShared(center.settings)), state = \(try Self.encodeShared(center.state)),
                    badge = \(center.badge), prompt = \(try center.prompt.map(Self.encode)), push_token = \(center.pushToken),
                    time_zone = \(center.state.timeZone)
                    WHERE app_id = \(key.appID) AND id = \(key.centerID)
                    """, self.logger)
                if center.pushToken != before.pushToken {
                    try await self.retirePushToken(before.pushToken, appID: key.appID, at: date, connection)
                }
                changes.announce(.centers([key]))
            }
            try await self.append(events, for: key, at: date, traceparent: TraceContext.traceparent, connection, &changes)
            return result
        }
    }

    package func deleteCenter(_ key: CenterKey, at date: Date) async throws -> Bool {
        try await write { connection, changes in
            guard try await self.lockCenter(key, connection) else { return false }
            try await self.uncount(key, nil, connection)
            // Its requests, notifications, events, holds, held push, token and subscriptions go with it (ON
            // DELETE CASCADE).
            let deleted = try await connection.rows(
                "DELETE FROM centers WHERE app_id = \(key.appID) AND id = \(key.centerID) RETURNING push_token", self.logger)
            guard let token = try deleted.first?.get("push_token", as: String.self) else { return false }
            try await self.retirePushToken(token, appID: key.appID, at: date, connection)
            changes.announce(.centers([key]))
            changes.announce(.notifications([key]))
            changes.announce(.credentials)
            return true
        }
    }

    package func record(_ events: [ChangeEvent], for key: CenterKey, at date: Date) async throws -> Bool {
        try await write { connection, changes in
            guard try await self.lockCenter(key, connection) else { return false }
            try await self.append(events, for: key, at: date, traceparent: TraceContext.traceparent, connection, &changes)
            return true
        }
    }

    package func replaceCategories(appID: String, _ categories: [NotificationCategory]) async throws {
        let bodies = try categories.map(Self.encode)
        try await write { connection, _ in
            try await connection.run("DELETE FROM categories WHERE app_id = \(appID)", self.logger)
            for (position, category) in categories.enumerated() {
                try await connection.run(
                    "INSERT INTO categories(app_id, identifier, position, body) VALUES (\(appID), \(category.identifier), \(position), \(bodies[position]))",
                    self.logger)
            }
        }
    }

    package func categories(appID: String) async throws -> [NotificationCategory] {
        try await read { connection in
            try await connection.rows("SELECT body FROM categories WHERE app_id = \(appID) ORDER BY position", self.logger)
                .map { try Self.decode(NotificationCategory.self, try $0.get("body", as: Data.self)) }
        }
    }

    /// The center, locked for the transaction when `locking` (a change that reads, then writes it).
    func fetchCenter(_ key: CenterKey, _ connection: PostgresConnection, locking: Bool = false) async throws -> CenterRecord? {
        let lock = locking ? " FOR UPDATE" : ""
        return try await connection.rows(
            "SELECT * FROM centers WHERE app_id = \(key.appID) AND id = \(key.centerID)\(unescaped: lock)", logger
        ).first.map(Self.centerRecord)
    }

    /// Locks the center's row for the transaction; false if it does not exist.
    func lockCenter(_ key: CenterKey, _ connection: PostgresConnection) async throws -> Bool {
        try await !connection.rows("SELECT 1 FROM centers WHERE app_id = \(key.appID) AND id = \(key.centerID) FOR UPDATE", logger).isEmpty
    }

    static func centerRecord(_ row: PostgresRandomAccessRow) throws -> CenterRecord {
        CenterRecord(
            id: try row.get("id"), appID: try row.get("app_id"),
            settings: try decodeShared(NotificationSettings.self, try row.get("settings")),
            state: try decodeShared(CenterState.self, try row.get("state")),
            badge: try row.get("badge"),
            prompt: try (try row.get("prompt", as: Data?.self)).map { try decode(AuthorizationPrompt.self, $0) },
            createdAt: date(try row.get("created_at")),
            pushToken: try row.get("push_token"))
    }

    /// A push token that no longer names its center answers `Unregistered` from now on.
    func retirePushToken(_ token: String, appID: String, at date: Date, _ connection: PostgresConnection) async throws {
        try await connection.run(
            """
            INSERT INTO retired_push_tokens(token, app_id, retired_at) VALUES (\(token), \(appID), \(Self.milliseconds(date)))
            ON CONFLICT (token) DO UPDATE SET app_id = excluded.app_id, retired_at = excluded.retired_at
            """, logger)
    }
}
