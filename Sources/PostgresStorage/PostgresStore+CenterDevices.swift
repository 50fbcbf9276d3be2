import Foundation
import NotificationCore
import PostgresNIO
import Storage

/// How one kind of a center's devices is kept: a browser's push subscription or a phone's registration.
struct CenterDeviceQueries {
    var table: String
    /// `SELECT id, center_id` of the app's device that is the same as the one saved (at most one).
    var existing: PostgresQuery
    /// Updates the row with this id to what was saved again.
    var update: @Sendable (String) -> PostgresQuery
    /// Inserts the new row, under the id saved.
    var insert: PostgresQuery
    /// What the center that lost a moved device hears, from its id.
    var moved: @Sendable (String) -> DelegateEvent
    var limitReached: any Error
}

extension PostgresStore {
    /// Saves a center's device by the rules both kinds keep: unique within its app (another app's is never
    /// touched); the same center saving it again updates it and keeps its id; another center of the app
    /// takes it over and the one that lost it hears; at most `limit` a center, counted one save after the
    /// other (the center's row is locked). Returns the record as it is kept (under the id it had) and
    /// whether it is new.
    func saveCenterDevice<Target: OutboxTarget>(
        _ device: CenterDeviceQueries, _ target: Target, limit: Int, _ connection: PostgresConnection, _ changes: inout ChangeSet
    ) async throws -> (Target, created: Bool) {
        let key = target.center
        var saved = target
        guard
            try await !connection.rows(
                "SELECT 1 FROM centers WHERE app_id = \(key.appID) AND id = \(key.centerID) FOR UPDATE", logger
            ).isEmpty
        else { throw NotificationError.centerNotFound(key.centerID) }
        if let existing = try await connection.rows(device.existing, logger).first {
            let existingID = try existing.get("id", as: String.self)
            let holder = try existing.get("center_id", as: String.self)
            if holder == key.centerID {
                try await connection.run(device.update(existingID), logger)
                saved.id = existingID
                return (saved, false)
            }
            // Another user signed in on the browser or phone: it moves, and the center that lost it hears.
            var bindings = PostgresBindings()
            bindings.append(existingID)
            try await connection.run(PostgresQuery(unsafeSQL: "DELETE FROM \(device.table) WHERE id = $1", binds: bindings), logger)
            let loser = CenterKey(appID: key.appID, centerID: holder)
            try await append([.app(device.moved(existingID))], for: loser, at: target.createdAt, traceparent: nil, connection, &changes)
        }
        var bindings = PostgresBindings()
        bindings.append(key.appID)
        bindings.append(key.centerID)
        let count =
            try await connection.rows(
                PostgresQuery(
                    unsafeSQL: "SELECT count(*) AS n FROM \(device.table) WHERE app_id = $1 AND center_id = $2", binds: bindings),
                logger
            ).first?.get("n", as: Int64.self) ?? 0
        guard count < limit else { throw device.limitReached }
        try await connection.run(device.insert, logger)
        return (target, true)
    }

    /// The centers' devices in `table`, oldest first, inside a transaction.
    func centerDevices<Device>(
        in table: String, _ keys: Set<CenterKey>, _ connection: PostgresConnection, decode: (PostgresRandomAccessRow) throws -> Device,
        center: (Device) -> CenterKey
    ) async throws -> [CenterKey: [Device]] {
        guard !keys.isEmpty else { return [:] }
        let keys = Array(keys)
        var bindings = PostgresBindings()
        bindings.append(keys.map(\.appID))
        bindings.append(keys.map(\.centerID))
        let query = PostgresQuery(
            unsafeSQL: """
                SELECT d.* FROM \(table) d JOIN unnest($1, $2) AS k(app_id, center_id) ON d.app_id = k.app_id AND d.center_id = k.center_id
                ORDER BY d.created_at, d.id
                """, binds: bindings)
        var devices: [CenterKey: [Device]] = [:]
        for row in try await connection.rows(query, logger) {
            let device = try decode(row)
            devices[center(device), default: []].append(device)
        }
        return devices
    }

    /// Removes the center's device `id` from `table`; whether it had one.
    func removeCenterDevice(in table: String, _ key: CenterKey, id: String) async throws -> Bool {
        var bindings = PostgresBindings()
        bindings.append(key.appID)
        bindings.append(key.centerID)
        bindings.append(id)
        let query = PostgresQuery(
            unsafeSQL: "DELETE FROM \(table) WHERE app_id = $1 AND center_id = $2 AND id = $3 RETURNING id", binds: bindings)
        return try await write { connection, _ in try await !connection.rows(query, self.logger).isEmpty }
    }

    /// Removes the device `id` from `table` — its push service or provider said it is gone — and tells its
    /// app what `event` says of it; whether there was one.
    func removeGoneCenterDevice<Device>(
        in table: String, id: String, at date: Date, decode: @escaping @Sendable (PostgresRandomAccessRow) throws -> Device,
        center: @escaping @Sendable (Device) -> CenterKey, event: @escaping @Sendable (Device) -> DelegateEvent
    ) async throws -> Bool {
        var bindings = PostgresBindings()
        bindings.append(id)
        let query = PostgresQuery(unsafeSQL: "DELETE FROM \(table) WHERE id = $1 RETURNING *", binds: bindings)
        return try await write { connection, changes in
            guard let row = try await connection.rows(query, self.logger).first else { return false }
            let device = try decode(row)
            try await self.append([.app(event(device))], for: center(device), at: date, traceparent: nil, connection, &changes)
            return true
        }
    }
}
