import Foundation
import NIOCore
import NotificationCore
import PostgresNIO
import Storage

extension PostgresStore: PushSubscriptionStore {
    package func vapidKeys() async throws -> [VAPIDKeyRecord] {
        try await read { connection in try await self.vapidKeys(connection) }.map { try $0.opened(secrets) }
    }

    package func installVAPIDKey(_ key: VAPIDKeyRecord, rotating: Bool) async throws -> [VAPIDKeyRecord] {
        let sealed = ByteBuffer(bytes: try key.sealed(secrets))
        return try await write { connection, _ in
            if rotating {
                try await connection.run("UPDATE vapid_keys SET is_primary = false WHERE is_primary", self.logger)
            }
            // Replicas starting together each try theirs; the unique index on the primary keeps the first.
            try await connection.run(
                """
                INSERT INTO vapid_keys(id, private_key, is_primary, created_at)
                VALUES (\(key.id), \(sealed), true, \(Self.milliseconds(key.createdAt)))
                ON CONFLICT DO NOTHING
                """, self.logger)
            return try await self.vapidKeys(connection)
        }.map { try $0.opened(secrets) }
    }

    private func vapidKeys(_ connection: PostgresConnection) async throws -> [VAPIDKeyRecord] {
        try await connection.rows("SELECT * FROM vapid_keys ORDER BY is_primary DESC, created_at DESC", logger).map { row in
            VAPIDKeyRecord(
                id: try row.get("id"), privateKey: try row.get("private_key", as: Data.self), isPrimary: try row.get("is_primary"),
                createdAt: Self.date(try row.get("created_at")))
        }
    }

    package func savePushSubscription(_ subscription: PushSubscriptionRecord, limit: Int) async throws -> (
        PushSubscriptionRecord, created: Bool
    ) {
        try await write { connection, changes in
            let key = subscription.center
            let expiration = subscription.expirationTime.map(Self.milliseconds)
            let device = CenterDeviceQueries(
                table: "push_subscriptions",
                existing:
                    "SELECT id, center_id FROM push_subscriptions WHERE app_id = \(key.appID) AND endpoint = \(subscription.endpoint)",
                update: { id in
                    """
                    UPDATE push_subscriptions SET p256dh = \(subscription.p256dh), auth = \(subscription.auth),
                        expiration_time = \(expiration), vapid_key_id = \(subscription.vapidKeyID)
                    WHERE id = \(id)
                    """
                },
                insert:
                    """
                    INSERT INTO push_subscriptions(id, app_id, center_id, endpoint, p256dh, auth, expiration_time, vapid_key_id, created_at)
                    VALUES (\(subscription.id), \(key.appID), \(key.centerID), \(subscription.endpoint), \(subscription.p256dh), \(subscription.auth),
                        \(expiration), \(subscription.vapidKeyID), \(Self.milliseconds(subscription.createdAt)))
                    """,
                moved: { .pushSubscriptionRemoved(subscriptionID: $0, endpoint: subscription.endpoint, reason: "moved") },
                limitReached: NotificationError.pushSubscriptionLimitReached(limit))
            return try await self.saveCenterDevice(device, subscription, limit: limit, connection, &changes)
        }
    }

    package func pushSubscriptions(_ key: CenterKey) async throws -> [PushSubscriptionRecord] {
        try await read { connection in try await self.pushSubscriptions([key], connection)[key] ?? [] }
    }

    package func pushSubscriptions(ids: [String]) async throws -> [String: PushSubscriptionRecord] {
        try await read { connection in
            let found = try await connection.rows("SELECT * FROM push_subscriptions WHERE id = ANY(\(ids))", self.logger).map(
                Self.pushSubscription)
            return Dictionary(found.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        }
    }

    package func removePushSubscription(_ key: CenterKey, id: String) async throws -> Bool {
        try await removeCenterDevice(in: "push_subscriptions", key, id: id)
    }

    package func removeGonePushSubscription(id: String, at date: Date) async throws -> Bool {
        try await removeGoneCenterDevice(in: "push_subscriptions", id: id, at: date, decode: Self.pushSubscription, center: \.center) {
            .pushSubscriptionRemoved(subscriptionID: $0.id, endpoint: $0.endpoint, reason: "gone")
        }
    }

    /// The centers' subscriptions, oldest first, inside a transaction.
    func pushSubscriptions(_ keys: Set<CenterKey>, _ connection: PostgresConnection) async throws -> [CenterKey: [PushSubscriptionRecord]] {
        try await centerDevices(in: "push_subscriptions", keys, connection, decode: Self.pushSubscription, center: \.center)
    }

    /// Writes an outbox message of `event` to every push subscription and device registration of the
    /// centers but `sparing`, inside the caller's transaction; whether there was one.
    func insertPushMessages(
        _ event: DelegateEvent, for keys: Set<CenterKey>, at date: Date, traceparent: String?, sparing: String? = nil,
        _ connection: PostgresConnection
    ) async throws -> Bool {
        let messages = try await pushTargets(keys, connection).values.flatMap { $0 }.map {
            try $0.outboxMessage(event, at: date, traceparent: traceparent)
        }.filter { sparing == nil || $0.subscriptionID != sparing }
        try await insertDeliveries(messages, connection)
        return !messages.isEmpty
    }

    private static func pushSubscription(_ row: PostgresRandomAccessRow) throws -> PushSubscriptionRecord {
        PushSubscriptionRecord(
            id: try row.get("id"), center: CenterKey(appID: try row.get("app_id"), centerID: try row.get("center_id")),
            endpoint: try row.get("endpoint"), p256dh: try row.get("p256dh"), auth: try row.get("auth"),
            expirationTime: try row.get("expiration_time", as: Int64?.self).map(date), vapidKeyID: try row.get("vapid_key_id"),
            createdAt: date(try row.get("created_at")))
    }
}
