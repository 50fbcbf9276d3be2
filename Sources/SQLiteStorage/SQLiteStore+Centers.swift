import Foundation
import GRDB
import NotificationCore
import Storage

extension SQLiteStore {
    package func insertCenter(_ center: CenterRecord) async throws {
        try await write { db, effects in
            try db.execute(
                sql: """
                    INSERT INTO centers(app_id, id, settings, state, badge, prompt, created_at, push_token, time_zone)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
                    """,
                arguments: [
                    center.appID, center.id, try Self.encodeShared(center.settings), try Self.encodeShared(center.state), center.badge,
                    try center.prompt.map(Self.encode), Self.milliseconds(center.createdAt), center.pushToken, center.state.timeZone,
                ]
            )
            effects.announce(.centers([center.key]))
        }
    }

    package func center(_ key: CenterKey) async throws -> CenterRecord? {
        try await read { db in try Self.fetchCenter(key, db) }
    }

    package func centers(_ keys: Set<CenterKey>) async throws -> [CenterKey: CenterRecord] {
        guard !keys.isEmpty else { return [:] }
        return try await read { db in
            var centers: [CenterKey: CenterRecord] = [:]
            try Self.fetchCenters(keys, db) { center, _ in centers[center.key] = center }
            return centers
        }
    }

    package func updateCenter<T: Sendable>(
        _ key: CenterKey, at date: Date, _ change: @escaping @Sendable (inout CenterRecord, inout [ChangeEvent]) throws -> T
    ) async throws -> T? {
        let traceparent = TraceContext.traceparent  // read here: the writer's queue does not see task-locals
        return try await write { db, effects in
            guard var center = try Self.fetchCenter(key, db) else { return nil }
            let before = center
            var events: [ChangeEvent] = []
            let result = try change(&center, &events)
            if center != before {
                // Only what changed: an authorization does not re-encode the state, nor a state change the settings.
                var columns: [String] = []
                var arguments = StatementArguments()
                if center.settings != before.settings {
                    columns.append("settings = ?")
                    arguments += [try Self.encodeShared(center.settings)]
                }
                if center.state != before.state {
                    columns.append("state = ?")
                    arguments += [try Self.encodeShared(center.state)]
                    if center.state.timeZone != before.state.timeZone {
                        columns.append("time_zone = ?")
                        arguments += [center.state.timeZone]
                    }
                }
                if center.badge != before.badge {
                    columns.append("badge = ?")
                    arguments += [center.badge]
                }
                if center.prompt != before.prompt {
                    columns.append("prompt = ?")
                    arguments += [try center.prompt.map(Self.encode)]
                }
                if center.pushToken != before.pushToken {
                    columns.append("push_token = ?")
                    arguments += [center.pushToken]
                }
                if !columns.isEmpty {
                    arguments += [key.appID, key.centerID]
                    try db.cachedStatement(sql: "UPDATE centers SET \(columns.joined(separator: ", ")) WHERE app_id = ? AND id = ?")
                        .execute(arguments: arguments)
                }
                if center.pushToken != before.pushToken { try Self.retirePushToken(before.pushToken, appID: key.appID, at: date, db) }
                effects.announce(.centers([key]))
            }
            try Self.append(events, for: key, at: date, traceparent: traceparent, db, &effects)
            return result
        }
    }

    package func deleteCenter(_ key: CenterKey, at date: Date) async throws -> Bool {
        try await write { db, effects in
            guard
                let token = try String.fetchOne(
                    db, sql: "SELECT push_token FROM centers WHERE app_id = ? AND id = ?", arguments: [key.appID, key.centerID])
            else { return false }
            try Self.uncount(key, db)
            // Its requests, notifications, events, holds, held push, token and subscriptions go with it (ON
            // DELETE CASCADE).
            try db.execute(sql: "DELETE FROM centers WHERE app_id = ? AND id = ?", arguments: [key.appID, key.centerID])
            try Self.retirePushToken(token, appID: key.appID, at: date, db)
            effects.announce(.centers([key]))
            effects.announce(.notifications([key]))
            effects.announce(.credentials)
            return true
        }
    }

    package func record(_ events: [ChangeEvent], for key: CenterKey, at date: Date) async throws -> Bool {
        let traceparent = TraceContext.traceparent
        return try await write { db, effects in
            guard try Self.centerExists(key, db) else { return false }
            try Self.append(events, for: key, at: date, traceparent: traceparent, db, &effects)
            return true
        }
    }

    package func replaceCategories(appID: String, _ categories: [NotificationCategory]) async throws {
        try await write { db, _ in
            try db.execute(sql: "DELETE FROM categories WHERE app_id = ?", arguments: [appID])
            for (position, category) in categories.enumerated() {
                try db.execute(
                    sql: "INSERT INTO categories(app_id, identifier, position, body) VALUES (?, ?, ?, ?)",
                    arguments: [appID, category.identifier, position, try Self.encode(category)]
                )
            }
        }
    }

    package func categories(appID: String) async throws -> [NotificationCategory] {
        try await read { db in
            try Data.fetchAll(db, sql: "SELECT body FROM categories WHERE app_id = ? ORDER BY position", arguments: [appID])
                .map { try Self.decode(NotificationCategory.self, $0) }
        }
    }

    static func fetchCenter(_ key: CenterKey, _ db: Database) throws -> CenterRecord? {
        try Row.fetchOne(
            try db.cachedStatement(sql: "SELECT \(centerColumns) FROM centers WHERE app_id = ? AND id = ?"),
            arguments: [key.appID, key.centerID]
        ).map(centerRecord)
    }

    /// The centers as a firing reads them, in one statement: each with its event sequence, which the
    /// firing moves on. A center that is gone is not in the result.
    static func centersForFiring(_ keys: some Collection<CenterKey>, _ db: Database) throws -> [CenterKey: (
        center: CenterRecord, sequence: Int64
    )] {
        var centers: [CenterKey: (center: CenterRecord, sequence: Int64)] = [:]
        centers.reserveCapacity(keys.count)
        try fetchCenters(keys, also: latestEventSQL("centers"), db) { center, row in centers[center.key] = (center, row[8]) }
        return centers
    }

    /// `centersForFiring` in the writer, by the index of `keys` (nil for a center that is gone): the
    /// centers read ahead (`readAhead`) that no write changed since taken as they were read, the others read.
    /// By reference: a caller copies out the records it uses, not a batch of them into an array first.
    static func centersForFiring(
        _ keys: [CenterKey], ahead snapshots: CenterSnapshots, _ db: Database
    ) throws -> [CenterSnapshots.Snapshot?] {
        let version = try Int64.fetchOne(db.cachedStatement(sql: "PRAGMA data_version")) ?? 0
        var centers = snapshots.take(keys, dataVersion: version)
        let changed = keys.indices.filter { centers[$0] == nil }
        guard !changed.isEmpty else { return centers }
        let read = try centersForFiring(changed.map { keys[$0] }, db)
        for index in changed {
            centers[index] = read[keys[index]].map { CenterSnapshots.Snapshot(center: $0.center, sequence: $0.sequence, token: 0) }
        }
        return centers
    }

    /// Reads the centers of `keys` ahead of their firings, on a reader whose transaction began after
    /// `token` was taken (`CenterSnapshots.token()`).
    static func readAhead(
        _ keys: some Collection<CenterKey>, token: UInt64, into snapshots: CenterSnapshots, _ db: Database
    ) throws {
        var found: [(center: CenterRecord, sequence: Int64)] = []
        found.reserveCapacity(keys.count)
        try fetchCenters(keys, also: latestEventSQL("centers"), db) { center, row in found.append((center, row[8])) }
        snapshots.keep(found, token: token)
    }

    /// The centers of `keys` that exist, in one statement per app, each with its row (`centerColumns`,
    /// then the `also` columns, if any). A list of ids is cheaper to parse and look up than one of
    /// (app, id) pairs (a batch of 1,024 from a burst's database: ~7.3 ms against ~8.3).
    static func fetchCenters(
        _ keys: some Collection<CenterKey>, also: String? = nil, _ db: Database, _ each: (CenterRecord, Row) throws -> Void
    ) throws {
        let statement = try db.cachedStatement(
            sql: """
                SELECT \(centerColumns)\(also.map { ", " + $0 } ?? "") FROM centers
                WHERE app_id = ? AND id IN (SELECT value FROM json_each(?))
                """)
        for (appID, centers) in Dictionary(grouping: keys, by: \.appID) {
            let found = try Row.fetchCursor(statement, arguments: [appID, JSONRows.list(centers.map(\.centerID))])
            var last = CenterForms()
            while let row = try found.next() { try each(try centerRecord(row, last: &last), row) }
        }
    }

    /// The columns `centerRecord` reads, by position (a lookup by name compares every column's name,
    /// case-insensitively, each time).
    static let centerColumns = "id, app_id, settings, state, badge, prompt, created_at, push_token"

    /// The settings and state a run of rows decoded last, with their bytes: an app's centers mostly
    /// share them, and bytes equal to the last row's need neither a decoding nor the shared cache's lookup
    /// (a hash of the bytes under a lock, and a cast).
    struct CenterForms {
        var settings: (bytes: Data, value: NotificationSettings)?
        var state: (bytes: Data, value: CenterState)?
    }

    /// A center from a row of `centerColumns`.
    static func centerRecord(_ row: Row) throws -> CenterRecord {
        var last = CenterForms()
        return try centerRecord(row, last: &last)
    }

    /// A center from a row of `centerColumns`, with the forms of the row before it.
    static func centerRecord(_ row: Row, last: inout CenterForms) throws -> CenterRecord {
        let (settingsBytes, stateBytes): (Data, Data) = (row[2], row[3])
        if last.settings?.bytes != settingsBytes {
            last.settings = (settingsBytes, try decodeShared(NotificationSettings.self, settingsBytes))
        }
        if last.state?.bytes != stateBytes { last.state = (stateBytes, try decodeShared(CenterState.self, stateBytes)) }
        return CenterRecord(
            id: row[0], appID: row[1],
            settings: last.settings!.value,
            state: last.state!.value,
            badge: row[4],
            prompt: try (row[5] as Data?).map { try decode(AuthorizationPrompt.self, $0) },
            createdAt: date(row[6]),
            pushToken: row[7]
        )
    }

    static func centerExists(_ key: CenterKey, _ db: Database) throws -> Bool {
        try Bool.fetchOne(
            try db.cachedStatement(sql: "SELECT 1 FROM centers WHERE app_id = ? AND id = ?"), arguments: [key.appID, key.centerID]) ?? false
    }

    /// A push token that no longer names its center answers `Unregistered` from now on.
    static func retirePushToken(_ token: String, appID: String, at date: Date, _ db: Database) throws {
        try db.execute(
            sql: "INSERT OR REPLACE INTO retired_push_tokens(token, app_id, retired_at) VALUES (?, ?, ?)",
            arguments: [token, appID, milliseconds(date)])
    }
}
