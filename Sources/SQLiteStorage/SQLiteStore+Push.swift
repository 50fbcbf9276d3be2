import Foundation
import GRDB
import NotificationCore
import Storage

extension SQLiteStore {
    /// Push tokens on centers; a token replaced or deleted with its center is kept as retired (with the
    /// time, APNs' `Unregistered` timestamp); one held push per offline center.
    static func migratePush(_ db: Database) throws {
        try db.execute(sql: "ALTER TABLE centers ADD COLUMN push_token TEXT")
        for id in try String.fetchAll(db, sql: "SELECT id FROM centers") {
            try db.execute(sql: "UPDATE centers SET push_token = ? WHERE id = ?", arguments: [CenterRecord.newPushToken(), id])
        }
        let now = "CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER)"
        try db.execute(
            sql: """
                CREATE UNIQUE INDEX centers_by_push_token ON centers(push_token);
                CREATE TABLE retired_push_tokens (
                    token TEXT PRIMARY KEY NOT NULL,
                    app_id TEXT NOT NULL,
                    retired_at INTEGER NOT NULL
                ) WITHOUT ROWID;
                CREATE TRIGGER push_token_rotated AFTER UPDATE OF push_token ON centers WHEN OLD.push_token IS NOT NEW.push_token BEGIN
                    INSERT OR REPLACE INTO retired_push_tokens(token, app_id, retired_at) VALUES (OLD.push_token, OLD.app_id, \(now));
                END;
                CREATE TRIGGER push_token_deleted AFTER DELETE ON centers BEGIN
                    INSERT OR REPLACE INTO retired_push_tokens(token, app_id, retired_at) VALUES (OLD.push_token, OLD.app_id, \(now));
                END;
                CREATE TABLE held_pushes (
                    center_id TEXT PRIMARY KEY NOT NULL REFERENCES centers(id) ON DELETE CASCADE,
                    apns_id TEXT NOT NULL,
                    request BLOB NOT NULL,
                    background INTEGER NOT NULL,
                    received_at INTEGER NOT NULL,
                    expires_at INTEGER NOT NULL
                );
                """)
    }

    package func center(pushToken: String) async throws -> PushTokenLookup {
        try await pool.read { db in
            if let id = try String.fetchOne(db, sql: "SELECT id FROM centers WHERE push_token = ?", arguments: [pushToken]),
                let center = try Self.fetchCenter(id, db)
            {
                return .center(center)
            }
            if let row = try Row.fetchOne(
                db, sql: "SELECT app_id, retired_at FROM retired_push_tokens WHERE token = ?", arguments: [pushToken])
            {
                return .retired(appID: row["app_id"], at: Self.date(row["retired_at"]))
            }
            return .unknown
        }
    }

    package func holdPush(_ push: HeldPush) async throws {
        let request = try Self.encode(push.request)
        try await writer.write { db in
            try db.execute(
                sql: """
                    INSERT OR REPLACE INTO held_pushes(center_id, apns_id, request, background, received_at, expires_at)
                    VALUES (?, ?, ?, ?, ?, ?)
                    """,
                arguments: [
                    push.centerID, push.apnsID, request, push.background, Self.milliseconds(push.receivedAt),
                    Self.milliseconds(push.expiresAt),
                ])
        }
    }

    package func heldPush(centerID: String) async throws -> HeldPush? {
        try await pool.read { db in
            guard let row = try Row.fetchOne(db, sql: "SELECT * FROM held_pushes WHERE center_id = ?", arguments: [centerID]) else {
                return nil
            }
            return HeldPush(
                centerID: row["center_id"], apnsID: row["apns_id"], request: try Self.decode(NotificationRequest.self, row["request"]),
                background: row["background"], receivedAt: Self.date(row["received_at"]), expiresAt: Self.date(row["expires_at"]))
        }
    }

    package func removeHeldPush(centerID: String, apnsID: String) async throws {
        try await writer.write { db in
            try db.execute(sql: "DELETE FROM held_pushes WHERE center_id = ? AND apns_id = ?", arguments: [centerID, apnsID])
        }
    }
}
