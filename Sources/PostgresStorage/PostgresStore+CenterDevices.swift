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
    /// other (the center's row is locked). Returns the id it is kept under and whether it is new.
    func saveCenterDevice(
        _ device: CenterDeviceQueries, id: String, for key: CenterKey, at date: Date, limit: Int, _ connection: PostgresConnection,
        _ changes: inout ChangeSet
    ) async throws -> (id: String, created: Bool) {
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
                return (existingID, false)
            }
            // Another user signed in on the browser or phone: it moves, and the center that lost it hears.
            var bindings = PostgresBindings()
            bindings.append(existingID)
            try await connection.run(PostgresQuery(unsafeSQL: "DELETE FROM \(device.table) WHERE id = $1", binds: bindings), logger)
            try await append(
                [.app(device.moved(existingID))], for: CenterKey(appID: key.appID, centerID: holder), at: date, traceparent: nil,
                connection, &changes)
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
        return (id, true)
    }
}
