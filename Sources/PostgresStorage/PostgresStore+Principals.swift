import Foundation
import NotificationCore
import PostgresNIO
import Storage

extension PostgresStore: PrincipalStore {
    package func insertApp(_ app: AppRecord) async throws {
        try await write { connection, _ in
            try await connection.run(
                """
                INSERT INTO apps(id, name, authorization_policy, created_at)
                VALUES (\(app.id), \(app.name), \(app.authorizationPolicy.rawValue), \(Self.milliseconds(app.createdAt)))
                """, self.logger)
        }
    }

    package func app(id: String) async throws -> AppRecord? {
        try await read { connection in
            try await connection.rows("SELECT * FROM apps WHERE id = \(id) AND deleted_at IS NULL", self.logger).first.map(Self.app)
        }
    }

    package func apps(after cursor: String?, limit: Int) async throws -> Page<AppRecord> {
        try await read { connection in
            let rows = try await connection.rows(
                #"SELECT * FROM apps WHERE id COLLATE "C" > \#(cursor ?? "") AND deleted_at IS NULL ORDER BY id COLLATE "C" LIMIT \#(limit + 1)"#,
                self.logger)
            let items = try rows.prefix(limit).map(Self.app)
            return Page(items: items, nextCursor: rows.count > limit ? items.last?.id : nil)
        }
    }

    private static func app(_ row: PostgresRandomAccessRow) throws -> AppRecord {
        AppRecord(
            id: try row.get("id"), name: try row.get("name"),
            authorizationPolicy: AppRecord.AuthorizationPolicy(rawValue: try row.get("authorization_policy")) ?? .prompt,
            createdAt: date(try row.get("created_at")))
    }

    package func updateApp(_ app: AppRecord) async throws -> Bool {
        try await write { connection, changes in
            let updated = try await connection.rows(
                "UPDATE apps SET name = \(app.name), authorization_policy = \(app.authorizationPolicy.rawValue) WHERE id = \(app.id) RETURNING id",
                self.logger)
            changes.announce(.app(app.id))
            return !updated.isEmpty
        }
    }

    package func markAppDeleted(id: String, at date: Date) async throws -> Bool {
        try await write { connection, changes in
            guard
                try await !connection.rows(
                    "UPDATE apps SET deleted_at = \(Self.milliseconds(date)) WHERE id = \(id) AND deleted_at IS NULL RETURNING id",
                    self.logger
                ).isEmpty
            else { return false }
            changes.announce(.app(id))
            changes.announce(.credentials)
            return true
        }
    }

    package func deletedApps(limit: Int) async throws -> [String] {
        try await read { connection in
            try await connection.rows(
                "SELECT id FROM apps WHERE deleted_at IS NOT NULL ORDER BY deleted_at, id LIMIT \(limit)", self.logger
            ).map { try $0.get("id", as: String.self) }
        }
    }

    package func deleteApp(id: String, at date: Date) async throws -> Bool {
        try await write { connection, changes in
            guard try await !connection.rows("SELECT 1 FROM apps WHERE id = \(id) FOR UPDATE", self.logger).isEmpty else { return false }
            try await connection.run(
                """
                INSERT INTO retired_push_tokens(token, app_id, retired_at) SELECT push_token, app_id, \(Self.milliseconds(date)) FROM centers
                WHERE app_id = \(id) ON CONFLICT (token) DO UPDATE SET app_id = excluded.app_id, retired_at = excluded.retired_at
                """, self.logger)
            try await self.trash(
                try await connection.rows("SELECT sha256 FROM media WHERE app_id = \(id)", self.logger).map {
                    try $0.get("sha256", as: String.self)
                },
                connection)
            try await connection.run("DELETE FROM centers WHERE app_id = \(id)", self.logger)
            try await connection.run("DELETE FROM categories WHERE app_id = \(id)", self.logger)
            try await connection.run("DELETE FROM credentials WHERE app_id = \(id)", self.logger)
            try await connection.run("DELETE FROM apps WHERE id = \(id)", self.logger)
            changes.announce(.app(id))
            changes.announce(.credentials)
            return true
        }
    }

    package func deleteAppContents(appID: String, limit: Int, at date: Date) async throws -> Int {
        try await write { connection, changes in
            // The app's row first: a replica purging the same app waits for this batch, then finds what it
            // left (no batch of it is ever found empty while centers are left). A lock that the foreign keys'
            // checks of its rows do not wait for.
            guard
                try await !connection.rows("SELECT 1 FROM apps WHERE id = \(appID) FOR NO KEY UPDATE", self.logger).isEmpty
            else { return 0 }
            // What would still notify goes first, so that the app's centers stop long before they are gone:
            // its active broadcasts end and its pending requests go, then its outbox. Its topics are
            // deleted as `deleteTopic` deletes one (their counts no longer kept as the centers go).
            var canceled = try await connection.rows(
                """
                UPDATE broadcasts SET status = 'canceled', next_fire = NULL, completed_at = \(Self.milliseconds(date))
                WHERE app_id = \(appID) AND status IN ('scheduled', 'firing') RETURNING id
                """, self.logger
            ).count
            canceled += try await connection.rows(
                "UPDATE topics SET deleted_at = \(Self.milliseconds(date)) WHERE app_id = \(appID) AND deleted_at IS NULL RETURNING id",
                self.logger
            ).count
            let requests = try await connection.rows(
                """
                DELETE FROM pending WHERE (app_id, center_id, identifier) IN (
                    SELECT app_id, center_id, identifier FROM pending WHERE app_id = \(appID) LIMIT \(16 * limit))
                RETURNING center_id
                """, self.logger
            ).map { try $0.get("center_id", as: String.self) }
            guard canceled + requests.count == 0 else {
                changes.announce(.notifications(Set(requests).map { CenterKey(appID: appID, centerID: $0) }))
                return canceled + requests.count
            }
            let messages = try await connection.rows(
                "DELETE FROM deliveries WHERE seq IN (SELECT seq FROM deliveries WHERE app_id = \(appID) LIMIT \(16 * limit)) RETURNING seq",
                self.logger
            ).count
            guard messages == 0 else { return messages }
            let centers = try await connection.rows(
                """
                WITH batch AS (
                    SELECT id FROM centers WHERE app_id = \(appID) ORDER BY id COLLATE "C" LIMIT \(limit) FOR UPDATE
                ), retired AS (
                    INSERT INTO retired_push_tokens(token, app_id, retired_at)
                    SELECT push_token, app_id, \(Self.milliseconds(date)) FROM centers WHERE app_id = \(appID) AND id IN (SELECT id FROM batch)
                    ON CONFLICT (token) DO UPDATE SET app_id = excluded.app_id, retired_at = excluded.retired_at
                )
                DELETE FROM centers WHERE app_id = \(appID) AND id IN (SELECT id FROM batch) RETURNING id
                """, self.logger
            ).map { CenterKey(appID: appID, centerID: try $0.get("id", as: String.self)) }
            guard centers.isEmpty else {
                // As `deleteCenter` says it: only these centers leave the caches, not every app's.
                changes.announce(.centers(centers))
                changes.announce(.notifications(centers))
                changes.announce(.credentials)
                return centers.count
            }
            return try await connection.rows(
                """
                DELETE FROM broadcast_members WHERE ctid IN (SELECT ctid FROM broadcast_members WHERE app_id = \(appID) LIMIT \(16 * limit))
                RETURNING center_id
                """, self.logger
            ).count
        }
    }

    package func centers(appID: String, after cursor: String?, limit: Int) async throws -> Page<CenterRecord> {
        try await read { connection in
            let rows = try await connection.rows(
                #"SELECT * FROM centers WHERE app_id = \#(appID) AND id COLLATE "C" > \#(cursor ?? "") ORDER BY id COLLATE "C" LIMIT \#(limit + 1)"#,
                self.logger)
            let items = try rows.prefix(limit).map(Self.centerRecord)
            return Page(items: items, nextCursor: rows.count > limit ? items.last?.id : nil)
        }
    }

    package func insertCredential(_ credential: CredentialRecord) async throws {
        try await write { connection, _ in
            try await connection.run(
                """
                INSERT INTO credentials(id, kind, app_id, center_id, secret_hash, created_at)
                VALUES (\(credential.id), \(credential.kind.rawValue), \(credential.appID), \(credential.centerID), \(credential.secretHash),
                \(Self.milliseconds(credential.createdAt)))
                """, self.logger)
        }
    }

    package func credential(id: String) async throws -> CredentialRecord? {
        try await read { connection in
            // Unless its app is marked deleted: its centers' tokens stop with its keys.
            try await connection.rows(
                "SELECT c.* FROM credentials c JOIN apps a ON a.id = c.app_id WHERE c.id = \(id) AND a.deleted_at IS NULL", self.logger
            ).first.flatMap(Self.credential)
        }
    }

    package func appKeys(appID: String) async throws -> [CredentialRecord] {
        try await read { connection in
            try await connection.rows(
                "SELECT * FROM credentials WHERE app_id = \(appID) AND kind = \(CredentialRecord.Kind.appKey.rawValue) ORDER BY created_at, id",
                self.logger
            ).compactMap(Self.credential)
        }
    }

    private static func credential(_ row: PostgresRandomAccessRow) throws -> CredentialRecord? {
        guard let kind = CredentialRecord.Kind(rawValue: try row.get("kind")) else { return nil }
        return CredentialRecord(
            id: try row.get("id"), kind: kind, appID: try row.get("app_id"), centerID: try row.get("center_id"),
            secretHash: try row.get("secret_hash"), createdAt: date(try row.get("created_at")))
    }

    package func deleteCredential(id: String, appID: String) async throws -> Bool {
        try await write { connection, changes in
            let deleted = try await connection.rows(
                "DELETE FROM credentials WHERE id = \(id) AND app_id = \(appID) RETURNING id", self.logger)
            changes.announce(.credentials)
            return !deleted.isEmpty
        }
    }
}
