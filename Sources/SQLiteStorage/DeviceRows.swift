import Foundation
import GRDB
import NotificationCore
import Storage

/// How a center's devices of one kind are read: their table, the columns selected in order, and the
/// record made from a row of them by position. A column found by name costs a case-insensitive search
/// of the row's columns per field, which a broadcast's fan-out paid for every member's subscription.
struct DeviceRows<Device: OutboxTarget>: Sendable {
    let table: String
    let columns: [String]
    /// The columns as a select list.
    let list: String
    let decode: @Sendable (Row) -> Device

    init(table: String, columns: [String], decode: @escaping @Sendable (Row) -> Device) {
        (self.table, self.columns, self.decode) = (table, columns, decode)
        list = columns.joined(separator: ", ")
    }

    /// The columns as a select list of the table aliased `alias`.
    func list(of alias: String) -> String {
        columns.map { "\(alias).\($0)" }.joined(separator: ", ")
    }
}

extension SQLiteStore {
    static let pushSubscriptionRows = DeviceRows<PushSubscriptionRecord>(
        table: "push_subscriptions",
        columns: ["id", "app_id", "center_id", "endpoint", "p256dh", "auth", "expiration_time", "vapid_key_id", "created_at"]
    ) { row in
        let expiration: Int64? = row[6]
        return PushSubscriptionRecord(
            id: row[0], center: CenterKey(appID: row[1], centerID: row[2]), endpoint: row[3], p256dh: row[4], auth: row[5],
            expirationTime: expiration.map(date), vapidKeyID: row[7], createdAt: date(row[8]))
    }

    static let deviceRegistrationRows = DeviceRows<DeviceRegistrationRecord>(
        table: "device_registrations", columns: ["id", "app_id", "center_id", "provider", "token", "environment", "created_at"]
    ) { row in
        DeviceRegistrationRecord(
            id: row[0], center: CenterKey(appID: row[1], centerID: row[2]), provider: PushProvider(rawValue: row[3]) ?? .apns,
            token: row[4], environment: row[5], createdAt: date(row[6]))
    }
}
