import GRDB

/// The database file cannot be opened for use, and a retry will not change that by itself: another kind
/// of file, or one damaged (a copy taken while it was written without its WAL, a disk that lost pages),
/// or one another process holds a write transaction on (a `sqlite3` shell left in one). Nothing is
/// written to it; the start ends saying so.
package struct UnusableDatabase: Error, Sendable, Equatable, CustomStringConvertible {
    package let path: String
    /// SQLite's words and result code.
    package let reason: String
    /// What the operator can do.
    package let remedy: String

    /// nil for an error that says nothing of the sort.
    init?(path: String, _ error: DatabaseError) {
        switch error.resultCode {
        case .SQLITE_NOTADB, .SQLITE_CORRUPT:
            remedy = "Restore it from a backup (docs/operations.md, \"Backup and restore\"), or move it aside to start with an empty one"
        case .SQLITE_BUSY, .SQLITE_LOCKED:
            remedy = "Another process holds a write transaction on it (a sqlite3 shell?): end that transaction, then start again"
        default:
            return nil
        }
        self.path = path
        reason = "\(error.message ?? "\(error.resultCode)") (SQLite error \(error.resultCode.rawValue))"
    }

    package var description: String { "the database \(path) cannot be used: \(reason). \(remedy)" }
}
