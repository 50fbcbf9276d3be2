import Foundation
import GRDB
import NotificationCore
import Storage

extension SQLiteStore {
    package func stringTables(appID: String) async throws -> StringTables {
        try await read { db in
            var tables = StringTables()
            for row in try Row.fetchAll(db, sql: "SELECT locale, strings FROM string_tables WHERE app_id = ?", arguments: [appID]) {
                tables.tables[row["locale"]] = try Self.decode([String: String].self, row["strings"])
            }
            tables.defaultLocale = try String.fetchOne(db, sql: "SELECT locale FROM default_locales WHERE app_id = ?", arguments: [appID])
            return tables
        }
    }

    package func setStringTable(appID: String, locale: String, _ strings: [String: String]?) async throws {
        let encoded = try strings.map { try Self.encode($0) }
        try await write { db, effects in
            effects.announce(.stringTables(appID))
            if let encoded {
                try db.execute(
                    sql: """
                        INSERT INTO string_tables(app_id, locale, strings) VALUES (?, ?, ?)
                        ON CONFLICT(app_id, locale) DO UPDATE SET strings = excluded.strings
                        """, arguments: [appID, locale, encoded])
            } else {
                try db.execute(sql: "DELETE FROM string_tables WHERE app_id = ? AND locale = ?", arguments: [appID, locale])
            }
        }
    }

    package func setDefaultLocale(appID: String, _ locale: String?) async throws {
        try await write { db, effects in
            effects.announce(.stringTables(appID))
            if let locale {
                try db.execute(
                    sql:
                        "INSERT INTO default_locales(app_id, locale) VALUES (?, ?) ON CONFLICT(app_id) DO UPDATE SET locale = excluded.locale",
                    arguments: [appID, locale])
            } else {
                try db.execute(sql: "DELETE FROM default_locales WHERE app_id = ?", arguments: [appID])
            }
        }
    }
}
