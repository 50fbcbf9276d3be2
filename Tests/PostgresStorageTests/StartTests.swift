import Foundation
import Logging
import TestSupport
import Testing

@testable import PostgresStorage

/// A store's start against a server that refuses its connections for a while.
@Suite struct StartTests {
    /// "Too many connections" (53300) is a server error that passes: the start keeps trying until the
    /// server lets it in, rather than giving up for good as for a migration PostgreSQL refused. The
    /// database takes two connections, which the pool's one and the listener's fill: the migration's own
    /// is refused (before, the start threw PostgreSQL's error and the replica stopped).
    @Test(.enabled(if: TestPostgres.isAvailable))
    func aServerThatRefusesConnectionsForAWhileIsWaitedFor() async throws {
        let database = try await TestPostgres.createDatabase("refusing")
        let name = String(database.path.dropFirst())
        let role = "role_\(name.suffix(16))"
        // Superusers are exempt from a database's connection limit: the store connects as its owner.
        _ = try await TestPostgres.query(
            database, "CREATE ROLE \(role) LOGIN; ALTER DATABASE \(name) OWNER TO \(role); ALTER DATABASE \(name) CONNECTION LIMIT 2")
        var url = URLComponents(url: database, resolvingAgainstBaseURL: false)!
        url.user = role
        url.query = "minConnections=1&maxConnections=1"
        let refusals = Refusals()
        let store = PostgresStore(
            configuration: try PostgresStore.Configuration(url: url.url!), logger: Logger(label: "start", factory: { _ in refusals }))
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
                #expect(try await starting.next() == false, "the start was refused, and tried again")
                _ = try await TestPostgres.query(database, "ALTER DATABASE \(name) CONNECTION LIMIT -1")
                while try await starting.next() != nil {}
            }
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
        await withTaskGroup(of: Void.self) { group in
            group.addTask { await store.run() }
            defer { group.cancelAll() }
            let error = await #expect(throws: PostgresError.self) { try await withDeadline(.seconds(600)) { try await store.prepare() } }
            #expect(error?.description == "PostgreSQL said: permission denied for schema public (SQLSTATE 42501)")
        }
        await TestPostgres.dropDatabase(database)
        if let server = TestPostgres.serverURL { _ = try? await TestPostgres.query(server, "DROP ROLE \(role)") }
    }

    /// A log handler that tells of the start's retries after a refusal for too many connections.
    final class Refusals: LogHandler, @unchecked Sendable {
        /// One element for each retry after a refusal.
        let heard: AsyncStream<Void>
        private let hearing: AsyncStream<Void>.Continuation
        var metadata: Logger.Metadata = [:]
        var logLevel: Logger.Level = .warning
        subscript(metadataKey key: String) -> Logger.Metadata.Value? {
            get { metadata[key] }
            set { metadata[key] = newValue }
        }

        init() { (heard, hearing) = AsyncStream.makeStream(of: Void.self) }

        func log(event: LogEvent) {
            guard event.message.description.contains("database not reachable"),
                event.metadata?["error"]?.description.contains("too many connections") == true
            else { return }
            hearing.yield()
        }
    }
}
