import Foundation
import NotificationCore
import PostgresNIO
import Storage

extension PostgresStore {
    package func stringTables(appID: String) async throws -> StringTables {
        try await read { connection in
            var tables = StringTables()
            for row in try await connection.rows("SELECT locale, strings FROM string_tables WHERE app_id = \(appID)", self.logger) {
                tables.tables[try row.get("locale")] = try Self.decode([String: String].self, try row.get("strings"))
            }
            tables.defaultLocale = try await connection.rows("SELECT locale FROM default_locales WHERE app_id = \(appID)", self.logger)
                .first?.get("locale")
            return tables
        }
    }

    package func setStringTable(appID: String, locale: String, _ strings: [String: String]?) async throws {
        let encoded = try strings.map(Self.encode)
        try await write { connection, changes in
            if let encoded {
                try await connection.run(
                    """
                    INSERT INTO string_tables(app_id, locale, strings) VALUES (\(appID), \(locale), \(encoded))
                    ON CONFLICT (app_id, locale) DO UPDATE SET strings = excluded.strings
                    """, self.logger)
            } else {
                try await connection.run("DELETE FROM string_tables WHERE app_id = \(appID) AND locale = \(locale)", self.logger)
            }
            changes.announce(.stringTables(appID))
        }
    }

    package func setDefaultLocale(appID: String, _ locale: String?) async throws {
        try await write { connection, changes in
            if let locale {
                try await connection.run(
                    """
                    INSERT INTO default_locales(app_id, locale) VALUES (\(appID), \(locale))
                    ON CONFLICT (app_id) DO UPDATE SET locale = excluded.locale
                    """, self.logger)
            } else {
                try await connection.run("DELETE FROM default_locales WHERE app_id = \(appID)", self.logger)
            }
            changes.announce(.stringTables(appID))
        }
    }
}
