import Foundation
import Logging
import PostgresNIO
import Storage
import Synchronization
import TestSupport
import Testing

@testable import PostgresStorage

/// A replica that freezes or loses the network in the middle of a transaction closes nothing the server
/// hears of: without more, its session would hold the rows it locked until TCP's keepalive gave up on it
/// (two hours by default), and every other replica's call on those rows would fail meanwhile. A pooled
/// session ends a statement that runs for twice the call deadline (`statement_timeout`), and the server
/// ends it once idle in a transaction for as long (`idle_in_transaction_session_timeout`): by then the
/// call has given up on it. Here the limits are short and the deadline long, so that nothing races them.
@Suite(.enabled(if: TestPostgres.isAvailable)) struct StrandedTransactionTests {
    /// Where the transaction is when the network goes.
    enum Stranded: String, CaseIterable, Sendable {
        /// Between two statements: the replica's code was running, or the next statement is lost.
        case idle
        /// In a statement that runs on and on.
        case inAStatement
    }

    @Test(arguments: Stranded.allCases)
    func aTransactionStrandedBehindAPartitionLetsGoOfItsLocks(_ stranded: Stranded) async throws {
        let database = try await TestPostgres.createDatabase("stranded")
        let proxy = try LoopbackProxy(to: database.port ?? 5432)
        defer { proxy.stop() }
        // Calls long enough that none meets its deadline on a loaded machine, and the server's limits
        // (twice the deadline in use) short, so that only a session never ended fails the test.
        var partedConfiguration = try PostgresStore.Configuration(url: proxy.url(inFrontOf: database))
        partedConfiguration.deadline = .seconds(60)
        partedConfiguration.serverTimeout = .seconds(2)
        var otherConfiguration = try PostgresStore.Configuration(url: database)
        otherConfiguration.deadline = .seconds(60)
        let logger = Logger(label: "stranded", factory: { _ in SwiftLogNoOpLogHandler() })
        let (parted, other) = (
            PostgresStore(configuration: partedConfiguration, logger: logger),
            PostgresStore(configuration: otherConfiguration, logger: logger)
        )
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { await parted.run() }
            group.addTask { await other.run() }
            defer { group.cancelAll() }
            try await other.prepare()
            try await parted.prepare()
            _ = try await TestPostgres.query(
                database, "CREATE TABLE pair(id int PRIMARY KEY, v int NOT NULL); INSERT INTO pair VALUES (1, 0)")
            // The statement reaches the server, and the network goes at once: its answer (the server's statement
            // timeout ends it within seconds) never comes back, however slow the machine.
            if stranded == .inAStatement { proxy.freeze(afterPassing: "pg_sleep(600)") }
            let held = AsyncGate()
            async let partedWrite: Void = parted.writeOnceStarted { connection, _ in
                try await connection.run("UPDATE pair SET v = 1 WHERE id = 1", parted.logger)
                held.open()
                // Stuck, until the call's deadline gives up on it (and cancels this).
                switch stranded {
                case .idle: try await Task.sleep(for: .seconds(600))
                case .inAStatement: try await connection.run("SELECT pg_sleep(600)", parted.logger)
                }
            }
            await held.wait()
            switch stranded {
            case .idle: proxy.freeze()
            case .inAStatement: try await waitUntil("the statement to pass to the server") { proxy.frozen }
            }
            // The row the stranded transaction locked: the other replica's write gets it once the server has
            // ended that session, while the stranded replica still waits, and the stranded update is rolled back.
            try await other.write { connection, _ in try await connection.run("UPDATE pair SET v = v + 2 WHERE id = 1", other.logger) }
            #expect(try await TestPostgres.query(database, "SELECT v FROM pair") == [["2"]])
            do {
                try await partedWrite
                Issue.record("the stranded write succeeded")
            } catch {
                #expect((error as? StoreError)?.code == .unavailable, "\(error)")
            }
        }
        proxy.stop()
        await TestPostgres.dropDatabase(database)
    }
}
