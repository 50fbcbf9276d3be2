import Foundation
import GRDB
import Storage

extension SQLiteStore: ClockStore {
    package func virtualClock() async throws -> Date? {
        try await read { db in try Int64.fetchOne(db, sql: "SELECT now FROM virtual_clock WHERE id = 1").map(Self.date) }
    }

    package func advanceVirtualClock(to date: Date) async throws -> Date {
        try await write { db, effects in
            let now = try Int64.fetchOne(
                db,
                sql: """
                    INSERT INTO virtual_clock(id, now) VALUES (1, :now)
                    ON CONFLICT(id) DO UPDATE SET now = MAX(now, excluded.now) RETURNING now
                    """, arguments: ["now": Self.milliseconds(date)])!
            effects.announce(.clock(Self.date(now)))
            return Self.date(now)
        }
    }
}
