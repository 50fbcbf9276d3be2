import Foundation
import GRDB
import NotificationCore
import Storage

extension SQLiteStore: PrincipalStore {
    package func insertApp(_ app: AppRecord) async throws {
        try await write { db, _ in
            try db.execute(
                sql: "INSERT INTO apps(id, name, authorization_policy, created_at) VALUES (?, ?, ?, ?)",
                arguments: [app.id, app.name, app.authorizationPolicy.rawValue, Self.milliseconds(app.createdAt)]
            )
        }
    }

    package func app(id: String) async throws -> AppRecord? {
        try await read { db in
            try Row.fetchOne(db, sql: "SELECT * FROM apps WHERE id = ? AND deleted_at IS NULL", arguments: [id]).map(Self.app)
        }
    }

    package func apps(after cursor: String?, limit: Int) async throws -> Page<AppRecord> {
        try await read { db in
            let rows = try Row.fetchAll(
                db, sql: "SELECT * FROM apps WHERE id > ? AND deleted_at IS NULL ORDER BY id LIMIT ?", arguments: [cursor ?? "", limit + 1])
            let items = rows.prefix(limit).map(Self.app)
            return Page(items: items, nextCursor: rows.count > limit ? items.last?.id : nil)
        }
    }

    private static func app(_ row: Row) -> AppRecord {
        AppRecord(
            id: row["id"], name: row["name"],
            authorizationPolicy: AppRecord.AuthorizationPolicy(rawValue: row["authorization_policy"]) ?? .prompt,
            createdAt: date(row["created_at"])
        )
    }

    package func updateApp(_ app: AppRecord) async throws -> Bool {
        try await write { db, effects in
            try db.execute(
                sql: "UPDATE apps SET name = ?, authorization_policy = ? WHERE id = ?",
                arguments: [app.name, app.authorizationPolicy.rawValue, app.id]
            )
            effects.announce(.app(app.id))
            return db.changesCount > 0
        }
    }

    package func markAppDeleted(id: String, at date: Date) async throws -> Bool {
        try await write { db, effects in
            try db.execute(
                sql: "UPDATE apps SET deleted_at = ? WHERE id = ? AND deleted_at IS NULL", arguments: [Self.milliseconds(date), id])
            guard db.changesCount > 0 else { return false }
            effects.announce(.app(id))
            effects.announce(.credentials)
            return true
        }
    }

    package func deletedApps(limit: Int) async throws -> [String] {
        try await read { db in
            try String.fetchAll(
                db, sql: "SELECT id FROM apps WHERE deleted_at IS NOT NULL ORDER BY deleted_at, id LIMIT ?", arguments: [limit])
        }
    }

    package func deleteApp(id: String, at date: Date) async throws -> Bool {
        try await write { db, effects in
            guard try Bool.fetchOne(db, sql: "SELECT 1 FROM apps WHERE id = ?", arguments: [id]) ?? false else { return false }
            // Push tokens answer Unregistered from now on; the files of the app's media go at the next sweep.
            try db.execute(
                sql:
                    "INSERT OR REPLACE INTO retired_push_tokens(token, app_id, retired_at) SELECT push_token, app_id, ? FROM centers WHERE app_id = ?",
                arguments: [Self.milliseconds(date), id])
            try Self.trash(try String.fetchAll(db, sql: "SELECT sha256 FROM media WHERE app_id = ?", arguments: [id]), db)
            // Requests, notifications, events, holds and tokens go with their centers (ON DELETE CASCADE);
            // settings, endpoints, the outbox, media and string tables with the app.
            try db.execute(sql: "DELETE FROM centers WHERE app_id = ?", arguments: [id])
            try db.execute(sql: "DELETE FROM categories WHERE app_id = ?", arguments: [id])
            try db.execute(sql: "DELETE FROM credentials WHERE app_id = ?", arguments: [id])
            try db.execute(sql: "DELETE FROM apps WHERE id = ?", arguments: [id])
            effects.announce(.app(id))
            effects.announce(.credentials)
            return true
        }
    }

    package func deleteAppContents(appID: String, limit: Int, at date: Date) async throws -> Int {
        try await write { db, effects in
            // What would still notify goes first, so that the app's centers stop long before they are gone:
            // its active broadcasts end and its pending requests go, then its outbox. Its topics are
            // deleted as `deleteTopic` deletes one (their counts no longer kept as the centers go).
            try db.execute(
                sql: """
                    UPDATE broadcasts SET status = 'canceled', next_fire = NULL, completed_at = ?
                    WHERE app_id = ? AND status IN ('scheduled', 'firing')
                    """, arguments: [Self.milliseconds(date), appID])
            var canceled = db.changesCount
            try db.execute(
                sql: "UPDATE topics SET deleted_at = ? WHERE app_id = ? AND deleted_at IS NULL",
                arguments: [Self.milliseconds(date), appID])
            canceled += db.changesCount
            let requests = try String.fetchAll(
                db,
                sql: """
                    DELETE FROM pending WHERE (app_id, center_id, identifier) IN (
                        SELECT app_id, center_id, identifier FROM pending WHERE app_id = ? LIMIT ?)
                    RETURNING center_id
                    """, arguments: [appID, 16 * limit])
            guard canceled + requests.count == 0 else {
                effects.announce(.notifications(Set(requests).map { CenterKey(appID: appID, centerID: $0) }))
                return canceled + requests.count
            }
            try db.execute(
                sql: "DELETE FROM deliveries WHERE seq IN (SELECT seq FROM deliveries WHERE app_id = ? LIMIT ?)",
                arguments: [appID, 16 * limit])
            guard db.changesCount == 0 else { return db.changesCount }
            let batch = "SELECT id FROM centers WHERE app_id = ? ORDER BY id LIMIT ?"
            try db.execute(
                sql: """
                    INSERT OR REPLACE INTO retired_push_tokens(token, app_id, retired_at)
                    SELECT push_token, app_id, ? FROM centers WHERE app_id = ? AND id IN (\(batch))
                    """,
                arguments: [Self.milliseconds(date), appID, appID, limit])
            // Their requests, notifications, events, holds, tokens and devices go with them (ON DELETE CASCADE).
            let centers = try String.fetchAll(
                db, sql: "DELETE FROM centers WHERE app_id = ? AND id IN (\(batch)) RETURNING id", arguments: [appID, appID, limit]
            ).map { CenterKey(appID: appID, centerID: $0) }
            guard centers.isEmpty else {
                // As `deleteCenter` says it: only these centers leave the caches, not every app's.
                effects.announce(.centers(centers))
                effects.announce(.notifications(centers))
                effects.announce(.credentials)
                return centers.count
            }
            try db.execute(
                sql: """
                    DELETE FROM broadcast_members WHERE (app_id, broadcast_id, center_id) IN (
                        SELECT app_id, broadcast_id, center_id FROM broadcast_members WHERE app_id = ? LIMIT ?)
                    """,
                arguments: [appID, 16 * limit])
            return db.changesCount
        }
    }

    package func centers(appID: String, after cursor: String?, limit: Int) async throws -> Page<CenterRecord> {
        try await read { db in
            let rows = try Row.fetchAll(
                db, sql: "SELECT \(Self.centerColumns) FROM centers WHERE app_id = ? AND id > ? ORDER BY id LIMIT ?",
                arguments: [appID, cursor ?? "", limit + 1])
            let items = try rows.prefix(limit).map(Self.centerRecord)
            return Page(items: items, nextCursor: rows.count > limit ? items.last?.id : nil)
        }
    }

    package func insertCredential(_ credential: CredentialRecord) async throws {
        try await write { db, _ in
            try db.execute(
                sql: "INSERT INTO credentials(id, kind, app_id, center_id, secret_hash, created_at) VALUES (?, ?, ?, ?, ?, ?)",
                arguments: [
                    credential.id, credential.kind.rawValue, credential.appID, credential.centerID, credential.secretHash,
                    Self.milliseconds(credential.createdAt),
                ]
            )
        }
    }

    package func credential(id: String) async throws -> CredentialRecord? {
        try await read { db in
            try Row.fetchOne(try db.cachedStatement(sql: Self.liveCredential), arguments: [id]).flatMap(Self.credential)
        }
    }

    /// A credential by id (`?`), unless its app is marked deleted: its centers' tokens stop with its keys.
    private static let liveCredential =
        "SELECT c.* FROM credentials c JOIN apps a ON a.id = c.app_id WHERE c.id = ? AND a.deleted_at IS NULL"

    package func appKeys(appID: String) async throws -> [CredentialRecord] {
        try await read { db in
            try Row.fetchAll(
                db, sql: "SELECT * FROM credentials WHERE app_id = ? AND kind = ? ORDER BY created_at, id",
                arguments: [appID, CredentialRecord.Kind.appKey.rawValue]
            ).compactMap(Self.credential)
        }
    }

    private static func credential(_ row: Row) -> CredentialRecord? {
        guard let kind = CredentialRecord.Kind(rawValue: row["kind"]) else { return nil }
        return CredentialRecord(
            id: row["id"], kind: kind, appID: row["app_id"], centerID: row["center_id"], secretHash: row["secret_hash"],
            createdAt: date(row["created_at"]))
    }

    package func deleteCredential(id: String, appID: String) async throws -> Bool {
        try await write { db, effects in
            try db.execute(sql: "DELETE FROM credentials WHERE id = ? AND app_id = ?", arguments: [id, appID])
            effects.announce(.credentials)
            return db.changesCount > 0
        }
    }
}
