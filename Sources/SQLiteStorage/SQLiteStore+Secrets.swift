import Foundation
import GRDB
import Storage
import Webhooks

extension SQLiteStore: SecretStore {
    /// Once something was sealed anew, the file is rebuilt and the WAL emptied: the values as they were
    /// stored before (in the clear, or under the old key) would otherwise linger in free pages and WAL
    /// frames of a file that a backup copies.
    package func sealSecrets() async throws -> Int {
        let box = secrets
        let sealed = try await write { db, _ in
            var sealed = try Self.moveWebhookSecretsApart(box, db)
            for column in SealedColumn.all {
                let keys = column.keys.joined(separator: ", ")
                // With a key: every value its first key did not seal; without: any sealed value (it cannot open).
                let rows =
                    if let header = box.primaryHeader {
                        try Row.fetchAll(
                            db,
                            sql: """
                                SELECT \(keys), \(column.column) AS sealed FROM \(column.table)
                                WHERE \(column.column) IS NOT NULL AND substr(\(column.column), 1, \(header.count)) != ?
                                """, arguments: [header])
                    } else {
                        try Row.fetchAll(
                            db,
                            sql: "SELECT \(keys), \(column.column) AS sealed FROM \(column.table) WHERE substr(\(column.column), 1, 4) = ?",
                            arguments: [Data("UNS1".utf8)])
                    }
                for row in rows {
                    let names: [String] = column.keys.map { row[$0] }
                    let stored: Data = row["sealed"]
                    guard box.primary != nil else { throw SecretBox.Failure.unknownKey(SecretBox.keyID(of: stored) ?? "?") }
                    guard let resealed = try box.resealed(stored, context: column.context(names)) else { continue }
                    try db.execute(
                        sql: "UPDATE \(column.table) SET \(column.column) = ? WHERE "
                            + column.keys.map { "\($0) = ?" }.joined(separator: " AND "),
                        arguments: StatementArguments([resealed] + names))
                    sealed += 1
                }
            }
            return sealed
        }
        if sealed > 0 {
            try await Self.translating { try await pool.writeWithoutTransaction { db in try db.execute(sql: "VACUUM") } }
            try await checkpoint(.truncate)
        }
        return sealed
    }

    /// Settings stored before secrets were kept apart hold them inline: they move to their own column,
    /// sealed. Returns how many moved.
    private static func moveWebhookSecretsApart(_ box: SecretBox, _ db: Database) throws -> Int {
        let rows = try Row.fetchAll(db, sql: "SELECT app_id, configuration FROM webhook_configurations WHERE secrets IS NULL")
        for row in rows {
            let appID: String = row["app_id"]
            let stored = try WebhookSecrets.split(decode(WebhookConfiguration.self, row["configuration"]), appID: appID, box)
            try db.execute(
                sql: "UPDATE webhook_configurations SET configuration = ?, secrets = ? WHERE app_id = ?",
                arguments: [stored.configuration, stored.sealedSecrets, appID])
        }
        return rows.count
    }

    package func tokenKey(appID: String, orInstall candidate: TokenKeyRecord) async throws -> TokenKeyRecord {
        let sealed = try candidate.sealed(secrets)
        let row = try await write { db, _ in
            guard try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM apps WHERE id = ?)", arguments: [appID]) == true else {
                throw StoreError(.notFound, "app \(appID) is gone")
            }
            try db.execute(
                sql: "INSERT INTO token_keys(app_id, id, secret, created_at) VALUES (?, ?, ?, ?) ON CONFLICT DO NOTHING",
                arguments: [appID, candidate.id, sealed, Self.milliseconds(candidate.createdAt)])
            return try Self.storedTokenKey(appID: appID, db)!
        }
        return try row.opened(secrets)
    }

    package func tokenKey(appID: String) async throws -> TokenKeyRecord? {
        try await read { db in try Self.storedTokenKey(appID: appID, db) }?.opened(secrets)
    }

    /// The app's key as stored (its secret sealed).
    private static func storedTokenKey(appID: String, _ db: Database) throws -> TokenKeyRecord? {
        try Row.fetchOne(db, sql: "SELECT * FROM token_keys WHERE app_id = ?", arguments: [appID]).map { row in
            TokenKeyRecord(appID: appID, id: row["id"], secret: row["secret"], createdAt: date(row["created_at"]))
        }
    }

    package func useToken(id: String, expiresAt: Date, at now: Date) async throws -> Bool {
        try await write { db, _ in
            // What expired opens no more: forgotten, a few at a time.
            try db.execute(
                sql: "DELETE FROM used_tokens WHERE id IN (SELECT id FROM used_tokens WHERE expires_at < ? LIMIT 64)",
                arguments: [Self.milliseconds(now)])
            return try Self.insertUsedToken(id: id, expiresAt: expiresAt, db)
        }
    }

    /// Remembers a once-only token as used, inside the caller's transaction: false if it was already.
    static func insertUsedToken(id: String, expiresAt: Date, _ db: Database) throws -> Bool {
        try db.execute(
            sql: "INSERT INTO used_tokens(id, expires_at) VALUES (?, ?) ON CONFLICT DO NOTHING", arguments: [id, milliseconds(expiresAt)])
        return db.changesCount == 1
    }
}
