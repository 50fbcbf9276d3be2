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
}
