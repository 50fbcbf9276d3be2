import Foundation
import Synchronization
import TestSupport
import Testing

/// `usernotifyd backup` and `usernotifyd migrate`, run as an operator runs them beside the real server.
@Suite struct MaintenanceCommandTests {
    /// The command's exit code and output lines.
    static func run(_ arguments: [String]) async throws -> (code: Int32, lines: [String]) {
        let process = try ServerProcess(product: "usernotifyd", arguments: arguments)
        let code = try await process.waitForExit(timeout: 300)
        return (code, try await process.allOutputLines())
    }

    /// A backup taken while the server keeps adding requests is consistent: restored (its files and the
    /// secrets key in an empty data directory), the server has every request acknowledged before the
    /// backup began, the attachment's bytes, and the same Web Push key. A second backup to the same place
    /// is refused; the copy is whole or absent.
    @Test func aBackupTakenWhileTheServerWritesRestoresEverythingAcknowledgedBeforeIt() async throws {
        let server = try await APIServer()
        let (_, key) = try await server.makeApp()
        _ = try await server.makeAuthorizedCenter("phone", key: key)
        let picture = MediaSamples.png()
        let mediaID = try server.field("id", of: try await AttachmentTests.upload(server, key: key, picture))
        let added = try await server.call(
            "POST", "/v1/centers/phone/requests", token: key,
            json: [
                "identifier": "pic", "content": ["title": "Look", "attachments": [["identifier": "p", "mediaID": mediaID]]],
                "trigger": ["type": "timeInterval", "timeInterval": 3600],
            ])
        #expect(added.status == 201, "\(added.text)")
        let vapid = try server.field("publicKey", of: try await server.call("GET", "/v1/web-push/key", token: key))

        // Adds go on during the backup: those acknowledged before it began must all be in it.
        let adds = Adds()
        let backupDirectory = TestDirectories.unique("backup")
        let (backup, before) = try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask {
                var index = 0
                while !adds.stop.load(ordering: .relaxed) {
                    let identifier = "w\(index)"
                    index += 1
                    let response = try await server.call(
                        "POST", "/v1/centers/phone/requests", token: key,
                        json: [
                            "identifier": identifier, "content": ["title": identifier],
                            "trigger": ["type": "timeInterval", "timeInterval": 3600],
                        ])
                    guard response.status == 201 else { throw LoopbackConnection.Failure("add \(identifier): \(response.text)") }
                    adds.acknowledged.withLock { $0.append(identifier) }
                }
            }
            try await waitUntil("adds to go on") { adds.acknowledged.withLock { $0.count >= 5 } }
            let before = adds.acknowledged.withLock { $0 }
            let result = try await Self.run(["backup", backupDirectory, "--data-dir", server.dataDirectory])
            adds.stop.store(true, ordering: .relaxed)
            try await group.waitForAll()
            return (result, before)
        }
        #expect(backup.code == 0, "\(backup.lines)")
        let report = try #require(
            backup.lines.compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }.first {
                $0["databaseBytes"] != nil
            },
            "\(backup.lines)")
        #expect(report["mediaFiles"] as? Int == 1 && report["mediaMissing"] as? Int == 0, "\(report)")
        #expect(report["secretsKeyFile"] as? String == server.dataDirectory + "/secrets.key", "left out, to be kept apart")

        let again = try await Self.run(["backup", backupDirectory, "--data-dir", server.dataDirectory])
        #expect(again.code == 1 && again.lines.contains { $0.contains("exists already") }, "\(again.lines)")
        try await server.stop()

        // The restore, as docs/operations.md says: the backup's files and the key in an empty data directory.
        let restored = TestDirectories.unique("restored")
        try FileManager.default.copyItem(atPath: backupDirectory, toPath: restored)
        try FileManager.default.copyItem(atPath: server.dataDirectory + "/secrets.key", toPath: restored + "/secrets.key")
        let back = try await APIServer(dataDirectory: restored)
        var pending: Set<String> = []
        var cursor: String?
        repeat {
            let page = try await back.call(
                "GET", "/v1/centers/phone/requests?limit=500" + (cursor.map { "&cursor=\($0)" } ?? ""), token: key)
            pending.formUnion((page.json["requests"] as? [[String: Any]] ?? []).compactMap { $0["identifier"] as? String })
            cursor = page.json["nextCursor"] as? String
        } while cursor != nil
        #expect(pending.isSuperset(of: before + ["pic"]), "missing: \(Set(before + ["pic"]).subtracting(pending).sorted())")
        #expect(try await back.call("GET", "/v1/media/\(mediaID)/content", token: key).body == picture)
        #expect(try back.field("publicKey", of: try await back.call("GET", "/v1/web-push/key", token: key)) == vapid)
        try await back.stop()
    }

    @Test func aBackupOfAPostgreSQLDatabaseIsRefusedWithTheRecipe() async throws {
        let result = try await Self.run(["backup", TestDirectories.unique("backup"), "--database-url", "postgres://u@127.0.0.1:1/db"])
        #expect(result.code == 1 && result.lines.contains { $0.contains("pg_dump") }, "\(result.lines)")
        let usage = try await Self.run(["backup"])
        #expect(usage.code == 64 && usage.lines.contains { $0.contains("usage: usernotifyd backup DIRECTORY") }, "\(usage.lines)")
    }

    /// `migrate` brings a new database to this version's schema and stops; a server started on it then
    /// has nothing to migrate. It is refused while a server owns the data directory.
    @Test func migrateRunsTheMigrationsOnceAndNotBesideARunningServer() async throws {
        let directory = TestDirectories.unique("migrate")
        let first = try await Self.run(["migrate", "--data-dir", directory])
        #expect(first.code == 0, "\(first.lines)")
        #expect(first.lines.contains { $0.contains("the database's schema is this version's") })
        let second = try await Self.run(["migrate", "--data-dir", directory])
        #expect(second.code == 0 && !second.lines.contains { $0.contains("database migrated") }, "nothing left: \(second.lines)")

        let server = try await APIServer(dataDirectory: directory)
        #expect(!server.process.outputSoFar.contains("database migrated"))
        let beside = try await Self.run(["migrate", "--data-dir", directory])
        #expect(beside.code == 1 && beside.lines.contains { $0.contains("in use by process") }, "\(beside.lines)")
        try await server.stop()
    }

    /// `compact` rewrites the SQLite database of a stopped server and reports its page size and bytes; a
    /// server started on it has everything; beside a running server, on PostgreSQL, or where there is no
    /// database, it is refused with what to do. (`SQLiteCompactionTests` convert a file with 4 KB pages.)
    @Test func compactRewritesTheDatabaseOfAStoppedServerOnly() async throws {
        let directory = TestDirectories.unique("compact")
        let server = try await APIServer(dataDirectory: directory)
        let (appID, key) = try await server.makeApp()
        _ = try await server.makeAuthorizedCenter("phone", key: key)
        let beside = try await Self.run(["compact", "--data-dir", directory])
        #expect(beside.code == 1 && beside.lines.contains { $0.contains("in use by process") }, "\(beside.lines)")
        try await server.stop()

        let compacted = try await Self.run(["compact", "--data-dir", directory])
        #expect(compacted.code == 0, "\(compacted.lines)")
        let report = try #require(
            compacted.lines.compactMap { line in
                try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
            }.first)
        #expect(report["pageSize"] as? Int == 16_384 && report["pageSizeBefore"] as? Int == 16_384, "\(report)")
        #expect((report["database"] as? String)?.hasSuffix("usernotifyd.sqlite") == true && (report["bytes"] as? Int ?? 0) > 0)

        let restarted = try await APIServer(dataDirectory: directory)
        let settings = try await restarted.call("GET", "/v1/centers/phone/settings", token: key)
        #expect(settings.status == 200 && settings.text.contains("authorized"), "\(appID): \(settings.text)")
        try await restarted.stop()

        let postgres = try await Self.run(["compact", "--data-dir", directory, "--database-url", "postgres://u@127.0.0.1:1/db"])
        #expect(postgres.code == 1 && postgres.lines.contains { $0.contains("VACUUM FULL") }, "\(postgres.lines)")
        let wrong = TestDirectories.unique("compact-nothing")
        let nothing = try await Self.run(["compact", "--data-dir", wrong])
        #expect(nothing.code == 1 && nothing.lines.contains { $0.contains("there is no database at") }, "\(nothing.lines)")
        #expect(!FileManager.default.fileExists(atPath: wrong), "a wrong data directory is not made")
    }

    /// On PostgreSQL, the rolling upgrade's step: `migrate` from a data directory of its own migrates the
    /// shared database, and the replicas started afterwards find nothing to do.
    @Test(.enabled(if: TestPostgres.isAvailable, "needs the PostgreSQL server that make test starts"))
    func migrateOnPostgreSQLLeavesNothingForTheReplicas() async throws {
        let database = try await TestPostgres.createDatabase("migrate")
        let result = try await Self.run([
            "migrate", "--data-dir", TestDirectories.unique("migrate"), "--database-url", database.absoluteString,
        ])
        #expect(result.code == 0, "\(result.lines)")
        #expect(result.lines.contains { $0.contains("\"database migrated\"") })
        let migrations = try await TestPostgres.count(database, "SELECT count(*) FROM schema_migrations")
        #expect(migrations > 10)
        let replica = try await APIServer(database: database)
        #expect(!replica.process.outputSoFar.contains("database migrated"))
        try await replica.stop()
        await TestPostgres.dropDatabase(database)
    }
}

/// The adds a test keeps making until told to stop, and those acknowledged.
private final class Adds: Sendable {
    let acknowledged = Mutex<[String]>([])
    let stop = Atomic<Bool>(false)
}
