import GRDB
import Testing

@testable import SQLiteStorage

/// What a batch binds as JSON comes back from SQLite's `json_each` as it was: quotes, backslashes,
/// control characters and Unicode included.
@Suite struct JSONRowsTests {
    static let values = ["phone-1", "quote\"d", "back\\slash", "tab\tand\nnewline\u{1}", "zone-ünïcode 🛎️", ""]

    @Test func aListReadsBackAsItsValues() throws {
        let queue = try DatabaseQueue()
        let read = try queue.read { db in
            try String.fetchAll(db, sql: "SELECT value FROM json_each(?) ORDER BY key", arguments: [JSONRows.list(Self.values)])
        }
        #expect(read == Self.values)
    }

    @Test func rowsReadBackAsTheirFields() throws {
        var rows = JSONRows()
        for value in Self.values { rows.append("app", value) }
        let queue = try DatabaseQueue()
        let read = try queue.read { db in
            try Row.fetchAll(db, sql: "SELECT value ->> 0, value ->> 1 FROM json_each(?) ORDER BY key", arguments: [rows.json])
                .map { [$0[0] as String, $0[1] as String] }
        }
        #expect(read == Self.values.map { ["app", $0] })
    }
}
