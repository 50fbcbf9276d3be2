import Foundation
import GRDB
import SQLiteStorage
import Storage
import Testing

/// `usernotifyd compact`'s rewrite of the database file.
@Suite struct SQLiteCompactionTests {
    func databasePath() throws -> String {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("compact-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return directory.appendingPathComponent("usernotifyd.sqlite").path
    }

    /// A database file as a version before 16 KB pages made it (SQLite's 4 KB pages, schema v6).
    func olderFile() throws -> String {
        let path = try databasePath()
        let pool = try DatabasePool(path: path)
        try SQLiteStore.migrator.migrate(pool, upTo: "v6: push tokens and held pushes")
        try pool.close()
        return path
    }

    func pragma(_ name: String, of path: String) throws -> String? {
        try DatabaseQueue(path: path).read { db in try String.fetchOne(db, sql: "PRAGMA \(name)") }
    }

    /// A file made before 16 KB pages, with the free pages of deleted rows: rewritten, it has the store's
    /// page size, is smaller, keeps every row, is in WAL mode again, and the store takes writes on it.
    @Test func anOlderFileGetsTheStoresPageSizeLosesItsFreePagesAndKeepsEveryRow() async throws {
        let path = try olderFile()
        let store = try SQLiteStore(path: path)
        // ~8 MB of rows, most of them deleted: far more free pages than a 16 KB page per table and index
        // adds to a small database.
        let name = String(repeating: "n", count: 20_000)
        for index in 0..<400 { try await store.insertApp(AppRecord(id: "a\(index)", name: name, createdAt: Date())) }
        for index in 50..<400 { #expect(try await store.deleteApp(id: "a\(index)", at: Date())) }
        try store.close()
        #expect(try pragma("page_size", of: path) == "4096")

        let outcome = try SQLiteCompaction.compact(path)
        #expect(outcome.pageSizeBefore == 4_096 && outcome.pageSize == 16_384, "\(outcome)")
        #expect(outcome.bytes < outcome.bytesBefore, "\(outcome)")
        #expect(try pragma("page_size", of: path) == "16384")
        #expect(try pragma("journal_mode", of: path) == "wal")
        #expect(try pragma("integrity_check", of: path) == "ok")

        let reopened = try SQLiteStore(path: path)
        #expect(try await reopened.apps(after: nil, limit: 100).items.map(\.id).sorted() == (0..<50).map { "a\($0)" }.sorted())
        try await reopened.insertApp(AppRecord(id: "later", name: "later", createdAt: Date()))
        #expect(try await reopened.app(id: "later") != nil)
        try reopened.close()
    }

    /// While a store has the file open, the rewrite is refused with what to do, and the file is as it was:
    /// its page size, its rows, and the store keeps writing.
    @Test func aFileInUseIsRefusedAndLeftAsItWas() async throws {
        let path = try olderFile()
        let store = try SQLiteStore(path: path)
        try await store.insertApp(AppRecord(id: "a", name: "a", createdAt: Date()))
        #expect {
            try SQLiteCompaction.compact(path)
        } throws: { error in
            let error = error as? StoreError
            return error?.code == .conflict && error?.message.contains("stop the server") == true
        }
        try await store.insertApp(AppRecord(id: "b", name: "b", createdAt: Date()))
        #expect(try await store.app(id: "a") != nil)
        #expect(try await store.app(id: "b") != nil)
        try store.close()
        #expect(try pragma("page_size", of: path) == "4096")
        #expect(try pragma("journal_mode", of: path) == "wal")
    }

    @Test func aMissingFileIsNotFound() throws {
        let path = try databasePath()
        #expect {
            try SQLiteCompaction.compact(path)
        } throws: { error in
            (error as? StoreError)?.code == .notFound
        }
        #expect(!FileManager.default.fileExists(atPath: path), "nothing is made")
    }
}
