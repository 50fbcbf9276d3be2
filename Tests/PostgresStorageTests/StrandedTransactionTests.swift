import Foundation
import Logging
import PostgresNIO
import Storage
import TestSupport
import Testing

@testable import PostgresStorage

/// A replica that freezes or loses the network in the middle of a transaction closes nothing the server
/// hears of: without more, its session would hold the rows it locked until TCP's keepalive gave up on it
/// (two hours by default), and every other replica's call on those rows would fail meanwhile. The server
/// ends a pooled session idle in a transaction for twice the call deadline
/// (`idle_in_transaction_session_timeout`), by which time the call has given up on it.
@Suite(.enabled(if: TestPostgres.isAvailable)) struct StrandedTransactionTests {
    @Test func aTransactionStrandedBehindAPartitionLetsGoOfItsLocks() async throws {
        let database = try await TestPostgres.createDatabase("stranded")
        let proxy = try LoopbackProxy(to: database.port ?? 5432)
        defer { proxy.stop() }
        var behind = try #require(URLComponents(url: database, resolvingAgainstBaseURL: false))
        behind.port = proxy.port
        var strandedConfiguration = try PostgresStore.Configuration(url: try #require(behind.url))
        strandedConfiguration.deadline = .seconds(2)
        var otherConfiguration = try PostgresStore.Configuration(url: database)
        // Far past the stranded session's end (4 s), so that only a session never ended fails the test.
        otherConfiguration.deadline = .seconds(60)
        let logger = Logger(label: "stranded", factory: { _ in SwiftLogNoOpLogHandler() })
        let (stranded, other) = (
            PostgresStore(configuration: strandedConfiguration, logger: logger),
            PostgresStore(configuration: otherConfiguration, logger: logger)
        )
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { await stranded.run() }
            group.addTask { await other.run() }
            defer { group.cancelAll() }
            try await other.prepare()
            try await stranded.prepare()
            _ = try await TestPostgres.query(
                database, "CREATE TABLE pair(id int PRIMARY KEY, v int NOT NULL); INSERT INTO pair VALUES (1, 0)")
            let held = AsyncGate()
            async let strandedWrite: Void = stranded.write { connection, _ in
                try await connection.run("UPDATE pair SET v = 1 WHERE id = 1", stranded.logger)
                held.open()
                // Until the call's deadline gives up on it (and cancels this).
                try await Task.sleep(for: .seconds(600))
            }
            await held.wait()
            proxy.freeze()
            do {
                try await strandedWrite
                Issue.record("the stranded write succeeded")
            } catch {
                #expect((error as? StoreError)?.code == .unavailable, "\(error)")
            }
            // The row the stranded transaction locked: the other replica's write gets it once the server has
            // ended that session, and the stranded update is rolled back.
            try await other.write { connection, _ in try await connection.run("UPDATE pair SET v = v + 2 WHERE id = 1", other.logger) }
            #expect(try await TestPostgres.query(database, "SELECT v FROM pair") == [["2"]])
        }
        proxy.stop()
        await TestPostgres.dropDatabase(database)
    }
}
