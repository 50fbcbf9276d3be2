import Foundation
import GRDB
import GRDBSQLite

/// One of the writer's hottest statements (a firing's rows, an outbox message), bound and run through
/// SQLite's C API instead of GRDB's `execute(arguments:)`: no `StatementArguments` array of enums, no nested
/// binding closures, no access bookkeeping. What that bookkeeping is for is not used by this store (no
/// `TransactionObserver`, no `ValueObservation`), and what it guards against is checked here: a
/// statement of this kind runs only inside a transaction, with every parameter bound.
///
/// The statement is GRDB's cached one, so GRDB may run it again itself: it resets and binds anew, as here.
struct DirectStatement {
    private let statement: Statement
    private var index: CInt = 0

    init(_ db: Database, sql: String) throws {
        statement = try db.cachedStatement(sql: sql)
        // The statement is reset after each run here; GRDB resets its own runs before them.
        sqlite3_reset(statement.sqliteStatement)
    }

    /// SQLite copies the bytes bound: nothing need outlive the call.
    private static let transient = unsafeBitCast(OpaquePointer(bitPattern: -1), to: sqlite3_destructor_type.self)

    mutating func bind(_ value: Int64) {
        index += 1
        check(sqlite3_bind_int64(statement.sqliteStatement, index, value))
    }

    mutating func bind(_ value: Int) { bind(Int64(value)) }

    mutating func bind(_ value: String) {
        index += 1
        let code = value.withCString { sqlite3_bind_text(statement.sqliteStatement, index, $0, -1, Self.transient) }
        check(code)
    }

    /// As GRDB binds it: empty data has no address, and binds as NULL.
    mutating func bind(_ value: Data) {
        index += 1
        let code = value.withUnsafeBytes {
            sqlite3_bind_blob(statement.sqliteStatement, index, $0.baseAddress, CInt($0.count), Self.transient)
        }
        check(code)
    }

    mutating func bind(_ value: Int64?) { if let value { bind(value) } else { bindNull() } }
    mutating func bind(_ value: Int?) { if let value { bind(value) } else { bindNull() } }
    mutating func bind(_ value: String?) { if let value { bind(value) } else { bindNull() } }

    mutating func bindNull() {
        index += 1
        check(sqlite3_bind_null(statement.sqliteStatement, index))
    }

    /// A bind fails only on a wrong index or an out-of-memory, both programming errors here (GRDB does the same).
    private func check(_ code: CInt) {
        guard code == SQLITE_OK else { fatalError("binding parameter \(index) of \(statement.sql): SQLite code \(code)") }
    }

    /// Runs a query with the values bound, and returns whether it found a row (read no further).
    mutating func fetchesRow(_ db: Database) throws -> Bool {
        try step(db, rows: true) == SQLITE_ROW
    }

    /// Runs the statement with the values bound, and returns the number of rows it changed.
    @discardableResult
    mutating func execute(_ db: Database) throws -> Int {
        _ = try step(db, rows: false)
        return Int(sqlite3_changes(db.sqliteConnection))
    }

    /// Steps the statement once, with every parameter bound, inside a transaction, then resets it for the
    /// next run. Its code: `SQLITE_DONE`, or `SQLITE_ROW` when `rows` allows one.
    private mutating func step(_ db: Database, rows: Bool) throws -> CInt {
        let handle = statement.sqliteStatement
        defer {
            sqlite3_reset(handle)
            index = 0
        }
        precondition(index == sqlite3_bind_parameter_count(handle), "\(statement.sql) bound \(index) parameters")
        // Outside a transaction a write would commit on its own: after a failure that rolled the transaction
        // back, say. GRDB refuses then, and so does this.
        guard sqlite3_get_autocommit(db.sqliteConnection) == 0 else {
            throw DatabaseError(resultCode: .SQLITE_ABORT, message: "not inside a transaction", sql: statement.sql)
        }
        let code = sqlite3_step(handle)
        guard code == SQLITE_DONE || (rows && code == SQLITE_ROW) else {
            throw DatabaseError(resultCode: ResultCode(rawValue: code), message: db.lastErrorMessage, sql: statement.sql)
        }
        return code
    }
}
