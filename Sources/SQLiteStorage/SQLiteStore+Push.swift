import Foundation
import GRDB
import NotificationCore
import Storage

extension SQLiteStore {
    package func center(pushToken: String) async throws -> PushTokenLookup {
        try await read { db in
            if let row = try Row.fetchOne(db, sql: "SELECT \(Self.centerColumns) FROM centers WHERE push_token = ?", arguments: [pushToken])
            {
                return .center(try Self.centerRecord(row))
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
        try await write { db, _ in
            try db.execute(
                sql: """
                    INSERT OR REPLACE INTO held_pushes(app_id, center_id, apns_id, request, background, received_at, expires_at)
                    VALUES (?, ?, ?, ?, ?, ?, ?)
                    """,
                arguments: [
                    push.center.appID, push.center.centerID, push.apnsID, request, push.background, Self.milliseconds(push.receivedAt),
                    Self.milliseconds(push.expiresAt),
                ])
        }
    }

    package func heldPush(_ key: CenterKey) async throws -> HeldPush? {
        try await read { db in
            guard
                let row = try Row.fetchOne(
                    db, sql: "SELECT * FROM held_pushes WHERE app_id = ? AND center_id = ?", arguments: [key.appID, key.centerID])
            else { return nil }
            return HeldPush(
                center: key, apnsID: row["apns_id"], request: try Self.decode(NotificationRequest.self, row["request"]),
                background: row["background"], receivedAt: Self.date(row["received_at"]), expiresAt: Self.date(row["expires_at"]))
        }
    }

    package func removeHeldPush(_ key: CenterKey, apnsID: String) async throws {
        try await write { db, _ in
            try db.execute(
                sql: "DELETE FROM held_pushes WHERE app_id = ? AND center_id = ? AND apns_id = ?",
                arguments: [key.appID, key.centerID, apnsID])
        }
    }
}
