import Foundation
import Logging
import PostgresNIO
import Storage
import Synchronization
import TestSupport
import Testing

@testable import PostgresStorage

/// A write PostgreSQL rolls back for its clash with another (a deadlock, a serialization failure) is run
/// again by the store, not handed to the client as a 503: two writes that lock the same two rows in
/// opposite orders both succeed, the deadlock's victim run twice.
@Suite(.enabled(if: TestPostgres.isAvailable)) struct TransactionRetryTests {
    @Test func bothWritesOfADeadlockSucceedAndTheVictimRunsTwice() async throws {
        try await Self.withStore("deadlock") { store, database in
            _ = try await TestPostgres.query(
                database, "CREATE TABLE pair(id int PRIMARY KEY, v int NOT NULL); INSERT INTO pair VALUES (1, 0), (2, 0)")
            let (runsOne, runsTwo) = (AsyncCounter(), AsyncCounter())
            let (first, second) = (AsyncGate(), AsyncGate())
            let (oneDone, twoDone) = (AsyncGate(), AsyncGate())
            async let one: Void = Self.write(
                store, 1, then: 2, runs: runsOne, held: first, awaiting: second, done: oneDone, otherDone: twoDone)
            async let two: Void = Self.write(
                store, 2, then: 1, runs: runsTwo, held: second, awaiting: first, done: twoDone, otherDone: oneDone)
            try await one
            try await two
            #expect([runsOne.current, runsTwo.current].sorted() == [1, 2], "one of the two ran again")
            // What `/metrics` says of it (`usernotifyd_database_transactions_run_again_total`).
            #expect(store.figures.deadlocksRunAgain == 1)
            #expect(store.figures.serializationFailuresRunAgain == 0)
            // Each row: its own write's +1 and the other's +10, once each.
            #expect(try await TestPostgres.query(database, "SELECT v FROM pair ORDER BY id") == [["11"], ["11"]])
        }
    }

    @Test func aWriteThatKeepsClashingFailsAsUnavailableAfterItsAttempts() async throws {
        try await Self.withStore("clashes") { store, _ in
            let runs = Mutex(0)
            let thrown = await #expect(throws: StoreError.self) {
                try await store.write { connection, _ in
                    runs.withLock { $0 += 1 }
                    try await connection.run(
                        "DO $$ BEGIN RAISE EXCEPTION 'clash' USING ERRCODE = '40001'; END $$", store.logger)
                }
            }
            #expect(thrown?.code == .unavailable)
            #expect(runs.withLock { $0 } == PostgresStore.transactionAttempts)
            // Run again twice, the third a 503.
            #expect(store.figures.serializationFailuresRunAgain == PostgresStore.transactionAttempts - 1)
            #expect(store.figures.deadlocksRunAgain == 0)
        }
    }

    @Test func otherErrorsAreNotRunAgain() async throws {
        try await Self.withStore("once") { store, _ in
            let runs = Mutex(0)
            await #expect(throws: StoreError.self) {
                try await store.write { connection, _ in
                    runs.withLock { $0 += 1 }
                    try await connection.run(
                        "DO $$ BEGIN RAISE EXCEPTION 'taken' USING ERRCODE = '23505'; END $$", store.logger)
                }
            }
            #expect(runs.withLock { $0 } == 1)
            #expect(store.figures.serializationFailuresRunAgain + store.figures.deadlocksRunAgain == 0)
        }
    }

    /// Locks its own row, waits until the other write holds its own, then asks for the other's row:
    /// PostgreSQL finds the cycle (after `deadlock_timeout`) and rolls one back. Run again, the victim
    /// passes the gates at once and waits for the survivor's commit (`otherDone`): run at once, it could
    /// take its own row back before the survivor, woken by the rollback, took it, and clash again.
    static func write(
        _ store: PostgresStore, _ own: Int, then other: Int, runs: AsyncCounter, held: AsyncGate, awaiting: AsyncGate,
        done: AsyncGate, otherDone: AsyncGate
    ) async throws {
        defer { done.open() }
        try await store.writeOnceStarted { connection, _ in
            runs.add(1)
            if runs.current > 1 { await otherDone.wait() }
            try await connection.run("UPDATE pair SET v = v + 1 WHERE id = \(own)", store.logger)
            held.open()
            await awaiting.wait()
            try await connection.run("UPDATE pair SET v = v + 10 WHERE id = \(other)", store.logger)
        }
    }

    static func withStore(_ name: String, _ body: (PostgresStore, URL) async throws -> Void) async throws {
        let database = try await TestPostgres.createDatabase(name)
        var configuration = try PostgresStore.Configuration(url: database)
        // Long enough that no call meets it on a loaded machine.
        configuration.deadline = .seconds(120)
        let store = PostgresStore(configuration: configuration, logger: Logger(label: name, factory: { _ in SwiftLogNoOpLogHandler() }))
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { await store.run() }
            defer { group.cancelAll() }
            try await store.prepare()
            try await body(store, database)
        }
        await TestPostgres.dropDatabase(database)
    }
}
