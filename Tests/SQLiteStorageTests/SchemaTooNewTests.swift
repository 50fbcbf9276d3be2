import Foundation
import GRDB
import SQLiteStorage
import Storage
import TestSupport
import Testing

/// A file a newer usernotifyd migrated is refused, by the store and by the server, naming both versions.
@Suite struct SchemaTooNewTests {
    /// A data directory whose database has every migration this binary knows and one it does not.
    static func migratedByANewerVersion() throws -> (directory: String, known: Int) {
        let directory = TestDirectories.unique("newer")
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let pool = try DatabasePool(path: directory + "/usernotifyd.sqlite")
        try SQLiteStore.migrator.migrate(pool)
        try pool.write { db in
            try db.execute(sql: "INSERT INTO grdb_migrations(identifier) VALUES ('v999: from the future')")
        }
        let known = Int(SQLiteStore.migrator.migrations.last?.dropFirst().prefix { $0.isNumber } ?? "") ?? 0
        return (directory, known)
    }

    @Test func theStoreRefusesIt() throws {
        let (directory, known) = try Self.migratedByANewerVersion()
        #expect(throws: SchemaTooNew(found: 999, foundName: "v999: from the future", known: known)) {
            try SQLiteStore(path: directory + "/usernotifyd.sqlite")
        }
    }

    @Test func theServerRefusesToStartAndSaysWhy() async throws {
        let (directory, known) = try Self.migratedByANewerVersion()
        let server = try ServerProcess(product: "usernotifyd", arguments: ["--port", "0", "--data-dir", directory])
        #expect(try await server.waitForExit(timeout: 120) == 1)
        let output = try await server.allOutputLines().joined(separator: "\n")
        #expect(output.contains("schema is version 999") && output.contains("knows up to version \(known)"), "\(output)")
        // `usernotifyd migrate` refuses it the same way.
        let migrate = try ServerProcess(product: "usernotifyd", arguments: ["migrate", "--data-dir", directory])
        #expect(try await migrate.waitForExit(timeout: 120) == 1)
        #expect(
            try await migrate.allOutputLines().contains { $0.contains("usernotifyd migrate: ") && $0.contains("schema is version 999") })
    }
}

/// A database file that cannot be used until someone acts is refused, naming it and what to do.
@Suite struct UnusableDatabaseTests {
    @Test func aFileThatIsNotADatabaseIsRefusedByName() throws {
        let directory = TestDirectories.unique("unusable")
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let path = directory + "/usernotifyd.sqlite"
        let garbage = Data(String(repeating: "not a database, ", count: 400).utf8)
        _ = FileManager.default.createFile(atPath: path, contents: garbage)
        let error = try #require(throws: UnusableDatabase.self) { try SQLiteStore(path: path) }
        #expect(error.path == path)
        #expect(error.description.hasPrefix("the database \(path) cannot be used: file is not a database (SQLite error 26). Restore it"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == garbage, "nothing was written to it")
    }

    /// Another process holds a write transaction (`Tests/Scripts/hold-write-transaction.py`, as a `sqlite3`
    /// shell left in `BEGIN IMMEDIATE` would): the store's first write waits out its busy time-out (10 s),
    /// then says what to do.
    @Test func aFileAnotherProcessHoldsAWriteTransactionOnSaysSo() async throws {
        let directory = TestDirectories.unique("held")
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let path = directory + "/usernotifyd.sqlite"
        try SQLiteStore.migrator.migrate(try DatabasePool(path: path))
        let holder = try ServerProcess(
            executable: URL(fileURLWithPath: "/usr/bin/python3"),
            arguments: [ServerProcess.packageRoot.appendingPathComponent("Tests/Scripts/hold-write-transaction.py").path, path])
        try #require(try await holder.waitForLine(containing: "holding") != nil)
        let error = try #require(throws: UnusableDatabase.self) { try SQLiteStore(path: path) }
        #expect(error.description.contains("database is locked (SQLite error 5). Another process holds a write transaction on it"))
        holder.signal(SIGKILL)
        _ = try await holder.waitForExit()
        _ = try SQLiteStore(path: path)
    }
}
