import Foundation
import Logging
import Storage
import TestSupport
import Testing

@testable import PostgresStorage

/// Whether the store says it can reach its database (`/readyz`) when its pool cannot connect while the
/// change listener's connection lives on: what a replica sees after a long outage, when PostgresNIO's pool
/// waits up to a minute between connects and the listener is back within seconds.
@Suite struct PoolReachabilityTests {
    /// PostgreSQL refuses new connections to the database and the pool's are ended, the listener's kept:
    /// once a call finds the pool out of reach the store is unreachable, and once the database takes
    /// connections again it is reachable without any caller's call (the store tries one each second).
    @Test(.enabled(if: TestPostgres.isAvailable))
    func aPoolThatCannotConnectMakesTheStoreUnreachableUntilACallGetsAConnection() async throws {
        let server = try #require(TestPostgres.serverURL)
        let database = try await TestPostgres.createDatabase("pool")
        let name = String(database.path.dropFirst())
        var configuration = try PostgresStore.Configuration(url: database)
        // Long enough that no call of a reachable database meets it on a loaded machine; a call waiting for a
        // connection none can make meets it (that is how the pool is found out of reach).
        configuration.deadline = .seconds(10)
        let store = PostgresStore(configuration: configuration, logger: Logger(label: "pool", factory: { _ in SwiftLogNoOpLogHandler() }))
        func connected(_ applicationName: String) async throws -> Int {
            try await TestPostgres.count(
                server, "SELECT count(*) FROM pg_stat_activity WHERE datname = '\(name)' AND application_name = '\(applicationName)'")
        }
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { await store.run() }
            defer { group.cancelAll() }
            // Bounds that only turn a hang into a failure.
            try await withDeadline(.seconds(600)) { try await store.prepare() }
            _ = try await store.webhookConfiguration(appID: "none")
            #expect(store.isReachable)

            _ = try await TestPostgres.query(server, "ALTER DATABASE \(name) ALLOW_CONNECTIONS false")
            _ = try await TestPostgres.query(
                server,
                "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = '\(name)' AND application_name = 'usernotifyd'")
            // A call may still find a pooled connection the server has not ended yet; the pool then cannot
            // make another.
            for _ in 0..<10 where store.isReachable { _ = try? await store.webhookConfiguration(appID: "none") }
            #expect(!store.isReachable, "a call waited out its deadline for a connection none could make")
            #expect(try await connected("usernotifyd listener") == 1, "while the listener stayed connected")
            await #expect(throws: StoreError.self) { _ = try await store.webhookConfiguration(appID: "none") }

            _ = try await TestPostgres.query(server, "ALTER DATABASE \(name) ALLOW_CONNECTIONS true")
            try await withDeadline(.seconds(600)) {
                while !store.isReachable { try await Task.sleep(for: .milliseconds(50)) }
            }
            #expect(try await connected("usernotifyd") >= 1, "the store's own call got a connection")
            _ = try await store.webhookConfiguration(appID: "none")
        }
        await TestPostgres.dropDatabase(database)
    }
}
