import Foundation
import GRDB
import Storage

/// The database file rewritten (`usernotifyd compact`, with no server on it): with this version's page size
/// (`SQLiteStore.pageSize`; a file made before 16 KB pages keeps 4 KB ones until then) and without the free
/// pages that deletions left (SQLite never gives them back to the disk by itself).
package enum SQLiteCompaction {
    /// What the rewrite did (`usernotifyd compact` prints it as JSON).
    package struct Outcome: Sendable, Equatable, Codable {
        package var database: String
        package var pageSizeBefore: Int
        package var pageSize: Int
        /// The database's bytes before and after, its write-ahead log included.
        package var bytesBefore: Int
        package var bytes: Int
    }

    /// Rewrites the database at `path` (SQLite's `VACUUM`, which writes a new copy through a rollback
    /// journal: a failure or a crash midway leaves the file as it was). It needs as much free disk as the
    /// database takes. Refused while any other connection has the file open.
    package static func compact(_ path: String) throws(StoreError) -> Outcome {
        try requireDatabase(path)
        let bytesBefore = bytes(of: path)
        do {
            let queue = try DatabaseQueue(path: path)
            defer { try? queue.close() }
            let pageSizeBefore = try queue.writeWithoutTransaction { db in
                let before = try Int.fetchOne(db, sql: "PRAGMA page_size") ?? 0
                // Leaving WAL mode checkpoints the log and needs the file to itself: any other connection
                // keeps it in WAL mode.
                guard try String.fetchOne(db, sql: "PRAGMA journal_mode = DELETE") == "delete" else {
                    throw StoreError(.conflict, "another process has \(path) open: stop the server that uses it first")
                }
                try db.execute(sql: "PRAGMA page_size = \(SQLiteStore.pageSize)")
                try db.execute(sql: "VACUUM")
                _ = try String.fetchOne(db, sql: "PRAGMA journal_mode = WAL")
                guard try String.fetchOne(db, sql: "PRAGMA quick_check") == "ok" else {
                    throw StoreError(.unavailable, "\(path) failed SQLite's check after it was rewritten")
                }
                return before
            }
            let pageSize = try queue.read { db in try Int.fetchOne(db, sql: "PRAGMA page_size") ?? 0 }
            try queue.close()
            return Outcome(
                database: path, pageSizeBefore: pageSizeBefore, pageSize: pageSize, bytesBefore: bytesBefore, bytes: bytes(of: path))
        } catch let error as StoreError {
            throw error
        } catch let error as DatabaseError where error.resultCode == .SQLITE_BUSY || error.resultCode == .SQLITE_LOCKED {
            throw StoreError(.conflict, "another process has \(path) open: stop the server that uses it first")
        } catch {
            throw StoreError(.unavailable, "the compaction of \(path) failed, and left it as it was: \(error)")
        }
    }

    /// Fails unless there is a database file at `path` (before anything, a lock say, is made beside it).
    package static func requireDatabase(_ path: String) throws(StoreError) {
        guard FileManager.default.fileExists(atPath: path) else {
            throw StoreError(.notFound, "there is no database at \(path): is the data directory right?")
        }
    }

    /// The file's size with its write-ahead log's.
    private static func bytes(of path: String) -> Int {
        [path, path + "-wal"].reduce(0) { total, file in
            total + (((try? FileManager.default.attributesOfItem(atPath: file))?[.size] as? Int) ?? 0)
        }
    }
}
