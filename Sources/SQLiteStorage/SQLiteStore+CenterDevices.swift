import Foundation
import GRDB
import NotificationCore
import Storage

/// How one kind of a center's devices is kept: a browser's push subscription or a phone's registration.
struct CenterDeviceTable {
    var table: String
    /// What makes a device unique within its app (`endpoint = ?`), and its values.
    var unique: String
    var uniqueArguments: StatementArguments
    /// The columns a save again changes (`environment = ?`), and their values.
    var update: String
    var updateArguments: StatementArguments
    /// Every column of a new row but `id, app_id, center_id, created_at`, and their values.
    var columns: [String]
    var values: StatementArguments
    /// What the center that lost a moved device hears, from its id.
    var moved: @Sendable (String) -> DelegateEvent
    var limitReached: any Error
}

extension SQLiteStore {
    /// Saves a center's device by the rules both kinds keep: unique within its app (another app's is never
    /// touched); the same center saving it again updates it and keeps its id; another center of the app
    /// takes it over and the one that lost it hears; at most `limit` a center. Returns the record as it is
    /// kept (under the id it had) and whether it is new.
    static func saveCenterDevice<Target: OutboxTarget>(
        _ device: CenterDeviceTable, _ target: Target, limit: Int, _ db: Database, _ effects: inout ChangeSet
    ) throws -> (Target, created: Bool) {
        let key = target.center
        var saved = target
        if let existing = try Row.fetchOne(
            db, sql: "SELECT id, center_id FROM \(device.table) WHERE app_id = ? AND \(device.unique)",
            arguments: [key.appID] + device.uniqueArguments)
        {
            let existingID: String = existing["id"]
            if existing["center_id"] == key.centerID {
                try db.execute(
                    sql: "UPDATE \(device.table) SET \(device.update) WHERE id = ?", arguments: device.updateArguments + [existingID])
                saved.id = existingID
                return (saved, false)
            }
            // Another user signed in on the browser or phone: it moves, and the center that lost it hears.
            try db.execute(sql: "DELETE FROM \(device.table) WHERE id = ?", arguments: [existingID])
            let loser = CenterKey(appID: key.appID, centerID: existing["center_id"])
            try append([.app(device.moved(existingID))], for: loser, at: target.createdAt, db, &effects)
        }
        let count =
            try Int.fetchOne(
                db, sql: "SELECT count(*) FROM \(device.table) WHERE app_id = ? AND center_id = ?", arguments: [key.appID, key.centerID])
            ?? 0
        guard count < limit else { throw device.limitReached }
        guard
            try Bool.fetchOne(
                db, sql: "SELECT EXISTS (SELECT 1 FROM centers WHERE app_id = ? AND id = ?)", arguments: [key.appID, key.centerID])
                == true
        else { throw NotificationError.centerNotFound(key.centerID) }
        let columns = ["id", "app_id", "center_id", "created_at"] + device.columns
        try db.execute(
            sql:
                "INSERT INTO \(device.table)(\(columns.joined(separator: ", "))) VALUES (\(columns.map { _ in "?" }.joined(separator: ", ")))",
            arguments: [target.id, key.appID, key.centerID, milliseconds(target.createdAt)] + device.values)
        return (target, true)
    }

    /// The center's devices of `rows`' kind, oldest first, inside a transaction.
    static func centerDevices<Device>(_ rows: DeviceRows<Device>, _ key: CenterKey, _ db: Database) throws -> [Device] {
        try Row.fetchAll(
            try db.cachedStatement(
                sql: "SELECT \(rows.list) FROM \(rows.table) WHERE app_id = ? AND center_id = ? ORDER BY created_at, id"),
            arguments: [key.appID, key.centerID]
        ).map(rows.decode)
    }

    /// The devices of `rows`' kind of each of the centers, oldest first, inside a transaction: one query per
    /// app, for a batch of firings; none for an app without any (one look, where the query looks once per
    /// center).
    static func centerDevices<Device>(_ rows: DeviceRows<Device>, _ keys: Set<CenterKey>, _ db: Database) throws -> [CenterKey: [Device]] {
        var devices: [CenterKey: [Device]] = [:]
        for (appID, centers) in Dictionary(grouping: keys, by: \.appID) {
            let any = try db.cachedStatement(sql: "SELECT EXISTS (SELECT 1 FROM \(rows.table) WHERE app_id = ?)")
            guard try Bool.fetchOne(any, arguments: [appID]) == true else { continue }
            let list = JSONRows.list(centers.map(\.centerID))
            // A cursor: each row decoded where it is (`fetchAll` copies every row, with its column names, first).
            let found = try Row.fetchCursor(
                try db.cachedStatement(
                    sql: """
                        SELECT \(rows.list) FROM \(rows.table) WHERE app_id = ? AND center_id IN (SELECT value FROM json_each(?))
                        ORDER BY created_at, id
                        """
                ),
                arguments: [appID, list])
            while let row = try found.next() {
                let device = rows.decode(row)
                devices[device.center, default: []].append(device)
            }
        }
        return devices
    }

    /// The devices of `rows`' kind of the app's centers in `only` whose ids are after `after` and up to
    /// `upTo` (nil: no bound), oldest first, inside a transaction: one walk of the range by center id,
    /// which is what a broadcast chunk's members are (with no list of ids to parse and look up one by one).
    static func centerDevices<Device>(
        _ rows: DeviceRows<Device>, appID: String, after: String, upTo: String?, only: Set<String>, _ db: Database
    ) throws -> [CenterKey: [Device]] {
        var sql = "SELECT \(rows.list) FROM \(rows.table) WHERE app_id = ? AND center_id > ?"
        var arguments: StatementArguments = [appID, after]
        if let upTo {
            sql += " AND center_id <= ?"
            arguments += [upTo]
        }
        var devices: [CenterKey: [Device]] = [:]
        devices.reserveCapacity(only.count)
        let found = try Row.fetchCursor(try db.cachedStatement(sql: sql + " ORDER BY center_id, created_at, id"), arguments: arguments)
        while let row = try found.next() {
            guard only.contains(row[2]) else { continue }
            let device = rows.decode(row)
            devices[device.center, default: []].append(device)
        }
        return devices
    }

    /// Removes the center's device `id` of `rows`' kind; whether it had one.
    func removeCenterDevice<Device>(_ rows: DeviceRows<Device>, _ key: CenterKey, id: String) async throws -> Bool {
        try await write { db, _ in
            try db.execute(
                sql: "DELETE FROM \(rows.table) WHERE app_id = ? AND center_id = ? AND id = ?", arguments: [key.appID, key.centerID, id])
            return db.changesCount == 1
        }
    }

    /// Removes the device `id` of `rows`' kind — its push service or provider said it is gone — and tells its
    /// app what `event` says of it; whether there was one.
    func removeGoneCenterDevice<Device>(
        _ rows: DeviceRows<Device>, id: String, at date: Date, event: @escaping @Sendable (Device) -> DelegateEvent
    ) async throws -> Bool {
        try await write { db, effects in
            guard let row = try Row.fetchOne(db, sql: "SELECT \(rows.list) FROM \(rows.table) WHERE id = ?", arguments: [id]) else {
                return false
            }
            let device = rows.decode(row)
            try db.execute(sql: "DELETE FROM \(rows.table) WHERE id = ?", arguments: [id])
            try Self.append([.app(event(device))], for: device.center, at: date, db, &effects)
            return true
        }
    }
}
