import Foundation
import GRDB
import NotificationCore
import Storage

extension SQLiteStore: PushSubscriptionStore {
    package func vapidKeys() async throws -> [VAPIDKeyRecord] {
        try await read { db in try Self.vapidKeys(db) }.map { try $0.opened(secrets) }
    }

    package func installVAPIDKey(_ key: VAPIDKeyRecord, rotating: Bool) async throws -> [VAPIDKeyRecord] {
        let sealed = try key.sealed(secrets)
        return try await write { db, _ in
            if rotating {
                try db.execute(sql: "UPDATE vapid_keys SET is_primary = 0 WHERE is_primary = 1")
            } else if try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM vapid_keys WHERE is_primary = 1)") == true {
                return try Self.vapidKeys(db)
            }
            try db.execute(
                sql: "INSERT INTO vapid_keys(id, private_key, is_primary, created_at) VALUES (?, ?, 1, ?)",
                arguments: [key.id, sealed, Self.milliseconds(key.createdAt)])
            return try Self.vapidKeys(db)
        }.map { try $0.opened(secrets) }
    }

    private static func vapidKeys(_ db: Database) throws -> [VAPIDKeyRecord] {
        try Row.fetchAll(db, sql: "SELECT * FROM vapid_keys ORDER BY is_primary DESC, created_at DESC").map { row in
            VAPIDKeyRecord(id: row["id"], privateKey: row["private_key"], isPrimary: row["is_primary"], createdAt: date(row["created_at"]))
        }
    }

    package func savePushSubscription(_ subscription: PushSubscriptionRecord, limit: Int) async throws -> (
        PushSubscriptionRecord, created: Bool
    ) {
        try await write { db, effects in
            let expiration = subscription.expirationTime.map(Self.milliseconds)
            let device = CenterDeviceTable(
                table: Self.pushSubscriptionRows.table, unique: "endpoint = ?", uniqueArguments: [subscription.endpoint],
                update: "p256dh = ?, auth = ?, expiration_time = ?, vapid_key_id = ?",
                updateArguments: [subscription.p256dh, subscription.auth, expiration, subscription.vapidKeyID],
                columns: ["endpoint", "p256dh", "auth", "expiration_time", "vapid_key_id"],
                values: [subscription.endpoint, subscription.p256dh, subscription.auth, expiration, subscription.vapidKeyID],
                moved: { .pushSubscriptionRemoved(subscriptionID: $0, endpoint: subscription.endpoint, reason: "moved") },
                limitReached: NotificationError.pushSubscriptionLimitReached(limit))
            return try Self.saveCenterDevice(device, subscription, limit: limit, db, &effects)
        }
    }

    package func pushSubscriptions(_ key: CenterKey) async throws -> [PushSubscriptionRecord] {
        try await read { db in try Self.pushSubscriptions(key, db) }
    }

    package func pushSubscriptions(ids: [String]) async throws -> [String: PushSubscriptionRecord] {
        let list = JSONRows.list(ids)
        return try await read { db in
            let rows = try Row.fetchAll(
                db.cachedStatement(
                    sql:
                        "SELECT \(Self.pushSubscriptionRows.list) FROM \(Self.pushSubscriptionRows.table) WHERE id IN (SELECT value FROM json_each(?))"
                ),
                arguments: [list])
            return Dictionary(rows.map(Self.pushSubscriptionRows.decode).map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        }
    }

    package func removePushSubscription(_ key: CenterKey, id: String) async throws -> Bool {
        try await removeCenterDevice(Self.pushSubscriptionRows, key, id: id)
    }

    package func removeGonePushSubscription(id: String, at date: Date) async throws -> Bool {
        try await removeGoneCenterDevice(Self.pushSubscriptionRows, id: id, at: date) {
            .pushSubscriptionRemoved(subscriptionID: $0.id, endpoint: $0.endpoint, reason: "gone")
        }
    }

    /// The center's subscriptions, oldest first, inside a transaction.
    static func pushSubscriptions(_ key: CenterKey, _ db: Database) throws -> [PushSubscriptionRecord] {
        try centerDevices(pushSubscriptionRows, key, db)
    }

    /// Writes an outbox message of `event` to every push subscription and device registration of the
    /// center but `sparing`, inside the caller's transaction: a delivery for the service workers and phones
    /// to show, or a removal for them to close; whether there was one.
    static func insertPushMessages(
        _ event: DelegateEvent, for key: CenterKey, at date: Date, traceparent: String?, sparing: String? = nil, _ db: Database
    ) throws -> Bool {
        var wrote = false
        for target in try pushTargets([key], db)[key] ?? [] where sparing == nil || target.id != sparing {
            try insertDelivery(try target.outboxMessage(event, at: date, traceparent: traceparent), db)
            wrote = true
        }
        return wrote
    }

    /// The push subscriptions, then the device registrations, of each of the centers (those with any).
    static func pushTargets(_ keys: Set<CenterKey>, _ db: Database) throws -> [CenterKey: [any OutboxTarget]] {
        targets(try centerDevices(pushSubscriptionRows, keys, db), try centerDevices(deviceRegistrationRows, keys, db))
    }

    /// `pushTargets(_:_:)` of the app's centers in `only` whose ids are in (`after`, `upTo`]: a broadcast
    /// chunk's members, read as one range.
    static func pushTargets(
        appID: String, after: String, upTo: String?, only: Set<String>, _ db: Database
    ) throws -> [CenterKey: [any OutboxTarget]] {
        targets(
            try centerDevices(pushSubscriptionRows, appID: appID, after: after, upTo: upTo, only: only, db),
            try centerDevices(deviceRegistrationRows, appID: appID, after: after, upTo: upTo, only: only, db))
    }

    /// Each center's subscriptions, then its registrations.
    private static func targets(
        _ subscriptions: [CenterKey: [PushSubscriptionRecord]], _ registrations: [CenterKey: [DeviceRegistrationRecord]]
    ) -> [CenterKey: [any OutboxTarget]] {
        var targets = subscriptions.mapValues { $0 as [any OutboxTarget] }
        for (key, devices) in registrations { targets[key, default: []] += devices as [any OutboxTarget] }
        return targets
    }
}
