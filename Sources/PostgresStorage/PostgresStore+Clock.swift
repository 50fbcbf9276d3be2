import Foundation
import PostgresNIO
import Storage

extension PostgresStore: ClockStore {
    package func virtualClock() async throws -> Date? {
        try await read { connection in
            try await connection.rows("SELECT now FROM virtual_clock WHERE id = 1", self.logger).first.map { Self.date(try $0.get("now")) }
        }
    }

    package func advanceVirtualClock(to date: Date) async throws -> Date {
        try await write { connection, changes in
            let now =
                try await connection.rows(
                    """
                    INSERT INTO virtual_clock(id, now) VALUES (1, \(Self.milliseconds(date)))
                    ON CONFLICT (id) DO UPDATE SET now = GREATEST(virtual_clock.now, excluded.now) RETURNING now
                    """, self.logger
                ).first?.get("now", as: Int64.self) ?? Self.milliseconds(date)
            changes.announce(.clock(Self.date(now)))
            return Self.date(now)
        }
    }
}
