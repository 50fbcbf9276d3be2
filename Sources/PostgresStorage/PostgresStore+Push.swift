import Foundation
import NotificationCore
import PostgresNIO
import Storage

extension PostgresStore {
    package func center(pushToken: String) async throws -> PushTokenLookup {
        try await read { connection in
            if let row = try await connection.rows("SELECT * FROM centers WHERE push_token = \(pushToken)", self.logger).first {
                return .center(try Self.centerRecord(row))
            }
            if let row = try await connection.rows(
                "SELECT app_id, retired_at FROM retired_push_tokens WHERE token = \(pushToken)", self.logger
            ).first {
                return .retired(appID: try row.get("app_id"), at: Self.date(try row.get("retired_at")))
            }
            return .unknown
        }
    }

    package func holdPush(_ push: HeldPush) async throws {
        let request = try Self.encode(push.request)
        try await write { connection, _ in
            try await connection.run(
                """
                INSERT INTO held_pushes(app_id, center_id, apns_id, request, background, received_at, expires_at)
                VALUES (\(push.center.appID), \(push.center.centerID), \(push.apnsID), \(request), \(push.background),
                \(Self.milliseconds(push.receivedAt)), \(Self.milliseconds(push.expiresAt)))
                ON CONFLICT (app_id, center_id) DO UPDATE SET apns_id = excluded.apns_id, request = excluded.request,
                    background = excluded.background, received_at = excluded.received_at, expires_at = excluded.expires_at
                """, self.logger)
        }
    }

    package func heldPush(_ key: CenterKey) async throws -> HeldPush? {
        try await read { connection in
            guard
                let row = try await connection.rows(
                    "SELECT * FROM held_pushes WHERE app_id = \(key.appID) AND center_id = \(key.centerID)", self.logger
                ).first
            else { return nil }
            return HeldPush(
                center: key, apnsID: try row.get("apns_id"), request: try Self.decode(NotificationRequest.self, try row.get("request")),
                background: try row.get("background"), receivedAt: Self.date(try row.get("received_at")),
                expiresAt: Self.date(try row.get("expires_at")))
        }
    }

    package func removeHeldPush(_ key: CenterKey, apnsID: String) async throws {
        try await write { connection, _ in
            try await connection.run(
                "DELETE FROM held_pushes WHERE app_id = \(key.appID) AND center_id = \(key.centerID) AND apns_id = \(apnsID)", self.logger)
        }
    }
}
