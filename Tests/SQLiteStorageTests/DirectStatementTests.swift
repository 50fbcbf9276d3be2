import Foundation
import GRDB
import Testing

@testable import SQLiteStorage

/// The writer's statements bound through SQLite's C API: values land as GRDB would bind them, a failure
/// is GRDB's error and leaves the cached statement fit for the next run (its own or GRDB's), and nothing
/// runs outside a transaction.
@Suite struct DirectStatementTests {
    private static let insert = "INSERT INTO t(i, s, b, n) VALUES (?, ?, ?, ?)"

    private func database() throws -> DatabaseQueue {
        let queue = try DatabaseQueue()
        try queue.write { db in try db.execute(sql: "CREATE TABLE t(i INTEGER PRIMARY KEY, s TEXT NOT NULL, b BLOB, n INTEGER)") }
        return queue
    }

    private func insert(_ i: Int64, _ s: String, _ b: Data, _ n: Int?, _ db: Database) throws -> Int {
        var statement = try DirectStatement(db, sql: Self.insert)
        statement.bind(i)
        statement.bind(s)
        statement.bind(b)
        statement.bind(n)
        return try statement.execute(db)
    }

    @Test func valuesLandAsGRDBBindsThem() throws {
        let queue = try database()
        try queue.write { db in
            #expect(try insert(1, "é ✓", Data([0, 1, 2]), 7, db) == 1)
            #expect(try insert(2, "", Data(), nil, db) == 1)
            // GRDB's own binding of the same values, for comparison.
            try db.cachedStatement(sql: Self.insert).execute(arguments: [3, "", Data(), nil])
        }
        let rows = try queue.read { db in try Row.fetchAll(db, sql: "SELECT i, s, b, n, typeof(b) FROM t ORDER BY i") }
        #expect(rows[0] == ["i": 1, "s": "é ✓", "b": Data([0, 1, 2]), "n": 7, "typeof(b)": "blob"])
        #expect(rows[1][4] == rows[2][4] as String, "empty data binds as GRDB binds it")
        #expect(rows[1][1] == "", "an empty string is text, not NULL")
        #expect(rows[1][3] == nil as Int?)
    }

    @Test func aFailureIsGRDBsErrorAndTheStatementRunsAgain() throws {
        let queue = try database()
        try queue.write { db in
            _ = try insert(1, "a", Data(), nil, db)
            let error = #expect(throws: DatabaseError.self) { try insert(1, "b", Data(), nil, db) }
            #expect(error?.resultCode == .SQLITE_CONSTRAINT)
            #expect(error?.sql == Self.insert)
            #expect(try insert(2, "c", Data(), nil, db) == 1, "the cached statement was reset")
            try db.cachedStatement(sql: Self.insert).execute(arguments: [3, "d", nil, nil])
            #expect(try insert(4, "e", Data(), nil, db) == 1, "after GRDB ran it")
        }
        #expect(try queue.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM t") } == 4)
    }

    @Test func aQuerySaysWhetherItFoundARowAndRunsAgain() throws {
        let queue = try database()
        let select = "SELECT 1 FROM t WHERE s = ?"
        func finds(_ s: String, _ db: Database) throws -> Bool {
            var statement = try DirectStatement(db, sql: select)
            statement.bind(s)
            return try statement.fetchesRow(db)
        }
        try queue.write { db in
            _ = try insert(1, "a", Data(), nil, db)
            _ = try insert(2, "a", Data(), nil, db)
            #expect(try finds("a", db), "two rows match: the first is enough")
            #expect(try !finds("b", db))
            #expect(try finds("a", db), "the statement was reset after the row it stopped at")
            #expect(try Int.fetchOne(db.cachedStatement(sql: select), arguments: ["a"]) == 1, "and GRDB runs it too")
        }
    }

    @Test func nothingRunsOutsideATransaction() throws {
        let queue = try database()
        queue.writeWithoutTransaction { db in
            let error = #expect(throws: DatabaseError.self) { try insert(1, "a", Data(), nil, db) }
            #expect(error?.resultCode == .SQLITE_ABORT)
        }
        #expect(try queue.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM t") } == 0)
    }
}
