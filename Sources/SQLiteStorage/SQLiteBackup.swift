import Foundation
import GRDB
import Storage

/// A consistent copy of a database that a server may be writing to (`usernotifyd backup`), made with
/// SQLite's online backup API: copying the files instead would catch the database between a commit's pages.
package enum SQLiteBackup {
    /// Copies the database at `source` to `destination`, which must not exist yet: into a file beside it,
    /// checked (`PRAGMA integrity_check`), then renamed, so that `destination` is a whole copy or nothing.
    /// Returns the copy's size in bytes and the SHA-256s of the media files it refers to.
    package static func copy(_ source: String, to destination: String) throws(StoreError) -> (bytes: Int, media: [String]) {
        guard FileManager.default.fileExists(atPath: source) else {
            throw StoreError(.notFound, "there is no database at \(source): is the data directory right?")
        }
        guard !FileManager.default.fileExists(atPath: destination) else {
            throw StoreError(.conflict, "\(destination) exists already; a backup goes to a new place")
        }
        let partial = destination + ".partial"
        try? FileManager.default.removeItem(atPath: partial)
        do {
            var reading = Configuration()
            reading.readonly = true
            // The server's commits hold the write lock for milliseconds; a step waits for them.
            reading.busyMode = .timeout(30)
            let live = try DatabaseQueue(path: source, configuration: reading)
            let copy = try DatabaseQueue(path: partial)
            try live.backup(to: copy)
            let media = try copy.read { db in
                guard try String.fetchOne(db, sql: "PRAGMA integrity_check") == "ok" else {
                    throw StoreError(.unavailable, "the copy of \(source) failed SQLite's integrity check")
                }
                let hasMedia = try db.tableExists("media")
                return hasMedia ? try String.fetchAll(db, sql: "SELECT DISTINCT sha256 FROM media ORDER BY sha256") : []
            }
            try copy.close()
            try live.close()
            try FileManager.default.moveItem(atPath: partial, toPath: destination)
            let bytes = ((try? FileManager.default.attributesOfItem(atPath: destination))?[.size] as? Int) ?? 0
            return (bytes, media)
        } catch let error as StoreError {
            try? FileManager.default.removeItem(atPath: partial)
            throw error
        } catch {
            try? FileManager.default.removeItem(atPath: partial)
            throw StoreError(.unavailable, "the backup of \(source) failed: \(error)")
        }
    }
}
