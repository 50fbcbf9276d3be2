import Foundation
import NIOCore
import PostgresNIO
import Storage
import Webhooks

extension PostgresStore: SecretStore {
    package func sealSecrets() async throws -> Int {
        let box = secrets
        return try await write { connection, _ in
            var sealed = try await self.moveWebhookSecretsApart(box, connection)
            for column in SealedColumn.all {
                let names = column.keys.joined(separator: ", ")
                // With a key: every value its first key did not seal; without: any sealed value (it cannot open).
                // Rows are locked: replicas starting together seal one after the other.
                var bindings = PostgresBindings()
                let filter: String
                if let header = box.primaryHeader {
                    bindings.append(ByteBuffer(bytes: header))
                    filter = "substring(\(column.column) from 1 for \(header.count)) <> $1"
                } else {
                    bindings.append(ByteBuffer(bytes: Array("UNS1".utf8)))
                    filter = "substring(\(column.column) from 1 for 4) = $1"
                }
                let rows = try await connection.rows(
                    PostgresQuery(
                        unsafeSQL:
                            "SELECT \(names), \(column.column) AS sealed FROM \(column.table) WHERE \(column.column) IS NOT NULL AND \(filter) FOR UPDATE",
                        binds: bindings), self.logger)
                for row in rows {
                    let keys = try column.keys.map { try row.get($0, as: String.self) }
                    let stored = try row.get("sealed", as: Data.self)
                    guard box.primary != nil else { throw SecretBox.Failure.unknownKey(SecretBox.keyID(of: stored) ?? "?") }
                    guard let resealed = try box.resealed(stored, context: column.context(keys)) else { continue }
                    var update = PostgresBindings()
                    update.append(ByteBuffer(bytes: resealed))
                    for key in keys { update.append(key) }
                    let matches = column.keys.enumerated().map { "\($1) = $\($0 + 2)" }.joined(separator: " AND ")
                    try await connection.run(
                        PostgresQuery(unsafeSQL: "UPDATE \(column.table) SET \(column.column) = $1 WHERE \(matches)", binds: update),
                        self.logger)
                    sealed += 1
                }
            }
            return sealed
        }
    }

    /// Settings stored before secrets were kept apart hold them inline: they move to their own column,
    /// sealed. Returns how many moved.
    private func moveWebhookSecretsApart(_ box: SecretBox, _ connection: PostgresConnection) async throws -> Int {
        let rows = try await connection.rows(
            "SELECT app_id, configuration FROM webhook_configurations WHERE secrets IS NULL FOR UPDATE", logger)
        for row in rows {
            let appID = try row.get("app_id", as: String.self)
            let stored = try WebhookSecrets.split(
                Self.decode(WebhookConfiguration.self, try row.get("configuration", as: Data.self)), appID: appID, box)
            try await connection.run(
                """
                UPDATE webhook_configurations SET configuration = \(stored.configuration), secrets = \(stored.sealedSecrets)
                WHERE app_id = \(appID)
                """, logger)
        }
        return rows.count
    }

    package func tokenKey(appID: String, orInstall candidate: TokenKeyRecord) async throws -> TokenKeyRecord {
        let sealed = try candidate.sealed(secrets)
        let row = try await write { connection, _ in
            guard try await !connection.rows("SELECT 1 FROM apps WHERE id = \(appID)", self.logger).isEmpty else {
                throw StoreError(.notFound, "app \(appID) is gone")
            }
            try await connection.run(
                """
                INSERT INTO token_keys(app_id, id, secret, created_at)
                VALUES (\(appID), \(candidate.id), \(sealed), \(Self.milliseconds(candidate.createdAt)))
                ON CONFLICT DO NOTHING
                """, self.logger)
            return try await self.storedTokenKey(appID: appID, connection)!
        }
        return try row.opened(secrets)
    }

    package func tokenKey(appID: String) async throws -> TokenKeyRecord? {
        try await read { connection in try await self.storedTokenKey(appID: appID, connection) }?.opened(secrets)
    }

    /// The app's key as stored (its secret sealed).
    private func storedTokenKey(appID: String, _ connection: PostgresConnection) async throws -> TokenKeyRecord? {
        try await connection.rows("SELECT * FROM token_keys WHERE app_id = \(appID)", logger).first.map { row in
            TokenKeyRecord(
                appID: appID, id: try row.get("id"), secret: try row.get("secret", as: Data.self),
                createdAt: Self.date(try row.get("created_at")))
        }
    }

    package func useToken(id: String, expiresAt: Date, at now: Date) async throws -> Bool {
        try await write { connection, _ in
            // What expired opens no more: forgotten, a few at a time.
            try await connection.run(
                """
                DELETE FROM used_tokens WHERE id IN (
                    SELECT id FROM used_tokens WHERE expires_at < \(Self.milliseconds(now)) LIMIT 64 FOR UPDATE SKIP LOCKED)
                """, self.logger)
            return try await self.insertUsedToken(id: id, expiresAt: expiresAt, connection)
        }
    }

    /// Remembers a once-only token as used, inside the caller's transaction: false if it was already.
    func insertUsedToken(id: String, expiresAt: Date, _ connection: PostgresConnection) async throws -> Bool {
        try await !connection.rows(
            """
            INSERT INTO used_tokens(id, expires_at) VALUES (\(id), \(Self.milliseconds(expiresAt)))
            ON CONFLICT DO NOTHING RETURNING id
            """, logger
        ).isEmpty
    }
}
