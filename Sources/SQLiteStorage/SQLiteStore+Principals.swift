import Foundation
import GRDB
import Storage

extension SQLiteStore: PrincipalStore {
    package func insertApp(_ app: AppRecord) async throws {
        try await writer.write { db in
            try db.execute(
                sql: "INSERT INTO apps(id, name, authorization_policy, created_at) VALUES (?, ?, ?, ?)",
                arguments: [app.id, app.name, app.authorizationPolicy.rawValue, Self.milliseconds(app.createdAt)]
            )
        }
    }

    package func app(id: String) async throws -> AppRecord? {
        try await pool.read { db in
            try Row.fetchOne(db, sql: "SELECT * FROM apps WHERE id = ?", arguments: [id]).map { row in
                AppRecord(
                    id: row["id"], name: row["name"],
                    authorizationPolicy: AppRecord.AuthorizationPolicy(rawValue: row["authorization_policy"]) ?? .prompt,
                    createdAt: Self.date(row["created_at"])
                )
            }
        }
    }

    package func updateApp(_ app: AppRecord) async throws -> Bool {
        try await writer.write { db in
            try db.execute(
                sql: "UPDATE apps SET name = ?, authorization_policy = ? WHERE id = ?",
                arguments: [app.name, app.authorizationPolicy.rawValue, app.id]
            )
            return db.changesCount > 0
        }
    }

    package func deleteApp(id: String) async throws -> Bool {
        try await writer.write { db in
            try db.execute(sql: "DELETE FROM apps WHERE id = ?", arguments: [id])
            guard db.changesCount > 0 else { return false }
            try db.execute(sql: "DELETE FROM centers WHERE app_id = ?", arguments: [id])
            try db.execute(sql: "DELETE FROM categories WHERE app_id = ?", arguments: [id])
            try db.execute(sql: "DELETE FROM credentials WHERE app_id = ?", arguments: [id])
            // Webhook settings, endpoints and the app's outbox go by ON DELETE CASCADE.
            return true
        }
    }

    package func insertCredential(_ credential: CredentialRecord) async throws {
        try await writer.write { db in
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
        try await pool.read { db in
            try Row.fetchOne(try db.cachedStatement(sql: "SELECT * FROM credentials WHERE id = ?"), arguments: [id]).flatMap { row in
                guard let kind = CredentialRecord.Kind(rawValue: row["kind"]) else { return nil }
                return CredentialRecord(
                    id: row["id"], kind: kind, appID: row["app_id"], centerID: row["center_id"], secretHash: row["secret_hash"],
                    createdAt: Self.date(row["created_at"])
                )
            }
        }
    }

    package func deleteCredential(id: String, appID: String) async throws -> Bool {
        try await writer.write { db in
            try db.execute(sql: "DELETE FROM credentials WHERE id = ? AND app_id = ?", arguments: [id, appID])
            return db.changesCount > 0
        }
    }
}
