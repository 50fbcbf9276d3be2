import Foundation
import Logging
import TestSupport
import Testing

@testable import PostgresStorage

/// A store's start against a server that refuses its connections for a while.
@Suite struct StartTests {
    /// "Too many connections" (53300) passes: the start keeps trying until the server lets it in, rather
    /// than giving up for good as for a migration PostgreSQL refused (before, the start threw PostgreSQL's
    /// error and the replica stopped). The database takes no connection until the test lifts its limit.
    @Test(.enabled(if: TestPostgres.isAvailable))
    func aServerThatRefusesConnectionsForAWhileIsWaitedFor() async throws {
        let database = try await TestPostgres.createDatabase("refusing")
        let name = String(database.path.dropFirst())
        let role = "role_\(name.suffix(16))"
        // Superusers are exempt from a database's connection limit: the store connects as its owner.
        _ = try await TestPostgres.query(
            database, "CREATE ROLE \(role) LOGIN; ALTER DATABASE \(name) OWNER TO \(role); ALTER DATABASE \(name) CONNECTION LIMIT 0")
        var url = URLComponents(url: database, resolvingAgainstBaseURL: false)!
        url.user = role
        url.query = "minConnections=1&maxConnections=1"
        try await Self.expectRefusedThenStarted(url.url!, saying: "too many connections") {
            _ = try await TestPostgres.query(database, "ALTER DATABASE \(name) CONNECTION LIMIT -1")
        }
        await TestPostgres.dropDatabase(database)
        if let server = TestPostgres.serverURL { _ = try? await TestPostgres.query(server, "DROP ROLE \(role)") }
    }

    /// A migration PostgreSQL refuses (a role that may not create tables in `public`, PostgreSQL 15's
    /// default for a role that does not own the schema) ends the start at once, saying what the server
    /// said: before, it said only PostgresNIO's "generic description", which is all an operator read.
    @Test(.enabled(if: TestPostgres.isAvailable))
    func aMigrationPostgreSQLRefusesEndsTheStartSayingWhy() async throws {
        let database = try await TestPostgres.createDatabase("refused")
        let name = String(database.path.dropFirst())
        let role = "role_\(name.suffix(16))"
        _ = try await TestPostgres.query(database, "CREATE ROLE \(role) LOGIN; GRANT CONNECT ON DATABASE \(name) TO \(role)")
        var url = URLComponents(url: database, resolvingAgainstBaseURL: false)!
        url.user = role
        let store = PostgresStore(
            configuration: try PostgresStore.Configuration(url: url.url!),
            logger: Logger(label: "start", factory: { _ in SwiftLogNoOpLogHandler() }))
        // Named for the watchdog's report: one local run of the whole suite once never finished this test, and
        // the report said where: the pool's run did not end once cancelled, which the store's run now bounds
        // (`PostgresStore.poolGrace`).
        try await HangReport.entry("StartTests.aMigrationPostgreSQLRefusesEndsTheStartSayingWhy", details: { store.activity.description }) {
            step in
            // As the server runs it: the group ends once the store's run has ended.
            await withDiscardingTaskGroup { group in
                group.addTask { await store.run() }
                step("starting")
                let error = await #expect(throws: PostgresError.self) {
                    try await withDeadline(.seconds(600)) { try await store.prepare() }
                }
                #expect(error?.description == "PostgreSQL said: permission denied for schema public (SQLSTATE 42501)")
                step("ending the store's run")
                group.cancelAll()
            }
            step("dropping the database")
            await TestPostgres.dropDatabase(database)
        }
        if let server = TestPostgres.serverURL { _ = try? await TestPostgres.query(server, "DROP ROLE \(role)") }
    }

    /// A database that does not exist yet is waited for (a replica may start before it is made), and the
    /// log says why in PostgreSQL's words, not "did not answer within 5 s": the start reaches the database
    /// on a connection of its own, whose connect throws what the server said, where the pool's kept it.
    @Test(.enabled(if: TestPostgres.isAvailable))
    func aDatabaseNotMadeYetIsWaitedForSayingWhy() async throws {
        let server = try #require(TestPostgres.serverURL)
        let name = "later_\(UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased().prefix(16))"
        var url = URLComponents(url: server, resolvingAgainstBaseURL: false)!
        url.path = "/" + name
        try await Self.expectRefusedThenStarted(url.url!, saying: "PostgreSQL said: database \"\(name)\" does not exist (SQLSTATE 3D000)") {
            _ = try await TestPostgres.query(server, "CREATE DATABASE \(name)")
        }
        await TestPostgres.dropDatabase(url.url!)
    }

    /// A database that takes no writes (a standby the URL reaches in the middle of a failover) is waited
    /// for until it does, rather than ending the start at the migrations' first statement.
    @Test(.enabled(if: TestPostgres.isAvailable))
    func aDatabaseThatTakesNoWritesYetIsWaitedForSayingWhy() async throws {
        let server = try #require(TestPostgres.serverURL)
        let database = try await TestPostgres.createDatabase("standby")
        let name = String(database.path.dropFirst())
        _ = try await TestPostgres.query(server, "ALTER DATABASE \(name) SET default_transaction_read_only = on")
        try await Self.expectRefusedThenStarted(database, saying: "in a read-only transaction (SQLSTATE 25006)") {
            // Promoted: sessions that start from now on take writes, as the migration's own connection does.
            _ = try await TestPostgres.query(server, "ALTER DATABASE \(name) SET default_transaction_read_only = off")
        }
        await TestPostgres.dropDatabase(database)
    }

    /// Runs a store on `url` and expects its start to be refused and tried again, its log's error
    /// `saying` why, before it is done; then `letIn` lets it in, and the start must end. A start done
    /// first fails the test, rather than leaving it waiting for a refusal that will not come.
    static func expectRefusedThenStarted(_ url: URL, saying: String, letIn: () async throws -> Void) async throws {
        let refusals = Refusals(saying: saying)
        let store = PostgresStore(
            configuration: try PostgresStore.Configuration(url: url), logger: Logger(label: "start", factory: { _ in refusals.handler }))
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { await store.run() }
            defer { group.cancelAll() }
            try await withThrowingTaskGroup(of: Bool.self) { starting in
                starting.addTask {
                    try await withDeadline(.seconds(600)) { try await store.prepare() }
                    return true
                }
                starting.addTask {
                    for await _ in refusals.heard { break }
                    return false
                }
                defer { starting.cancelAll() }
                #expect(try await starting.next() == false, "the start was refused, said why, and tried again")
                refusals.stop()
                try await letIn()
                while try await starting.next() != nil {}
            }
        }
    }

    /// Tells of the start's retries whose error says `saying`, as its loggers' handlers hear them.
    final class Refusals: Sendable {
        /// One element for each retry after a refusal.
        let heard: AsyncStream<Void>
        private let hearing: AsyncStream<Void>.Continuation
        private let saying: String

        init(saying: String) {
            self.saying = saying
            (heard, hearing) = AsyncStream.makeStream(of: Void.self)
        }

        /// Ends `heard`.
        func stop() { hearing.finish() }

        /// A handler for one logger: a value of its own, as swift-log expects (a shared one had its
        /// metadata set from several connections' threads at once, and crashed).
        var handler: some LogHandler { Handler(refusals: self) }

        private struct Handler: LogHandler {
            let refusals: Refusals
            var metadata: Logger.Metadata = [:]
            var logLevel: Logger.Level = .warning
            subscript(metadataKey key: String) -> Logger.Metadata.Value? {
                get { metadata[key] }
                set { metadata[key] = newValue }
            }

            func log(event: LogEvent) {
                guard event.message.description.contains("database not reachable"),
                    event.metadata?["error"]?.description.contains(refusals.saying) == true
                else { return }
                refusals.hearing.yield()
            }
        }
    }
}
