import GRDB

/// The file at the database's path is not a database SQLite can read: another kind of file, or one
/// damaged (a copy taken while it was written without its WAL, a disk that lost pages). Nothing is
/// written to it; the start ends saying so.
package struct UnreadableDatabase: Error, Sendable, Equatable, CustomStringConvertible {
    package let path: String
    /// SQLite's words and result code.
    package let reason: String

    init(path: String, _ error: DatabaseError) {
        self.path = path
        reason = "\(error.message ?? "\(error.resultCode)") (SQLite error \(error.resultCode.rawValue))"
    }

    package var description: String {
        "the database \(path) cannot be read: \(reason). Restore it from a backup (docs/operations.md, \"Backup and restore\"), or move it aside to start with an empty one"
    }

    /// Whether `error` says the file is not a database, or a damaged one.
    static func means(_ error: DatabaseError) -> Bool {
        error.resultCode == .SQLITE_NOTADB || error.resultCode == .SQLITE_CORRUPT
    }
}
