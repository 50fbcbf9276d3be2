import Foundation
import Logging
import Storage
import TestSupport
import Testing

@testable import PostgresStorage

/// A database that takes no writes — a standby the URL points at after a failover, or one set
/// `default_transaction_read_only` — while it answers reads.
@Suite struct ReadOnlyDatabaseTests {
    /// A write is `unavailable` (a 503 the client retries), not a bug's 500, and reads go on. It was
    /// untranslated: every write answered `500 internalError`.
    @Test(.enabled(if: TestPostgres.isAvailable))
    func aWriteToADatabaseThatTakesNoWritesIsUnavailableAndReadsGoOn() async throws {
        let server = try #require(TestPostgres.serverURL)
        let database = try await TestPostgres.createDatabase("readonly")
        let name = String(database.path.dropFirst())
        let clock = Date(timeIntervalSince1970: 1_800_000_000)
        // Migrated and written while it takes writes.
        try await Self.withStore(database) { store in
            try await withDeadline(.seconds(600)) { try await store.prepare() }
            _ = try await store.advanceVirtualClock(to: clock)
        }
        // Sessions that start from now on take no writes: all of the next store's.
        _ = try await TestPostgres.query(server, "ALTER DATABASE \(name) SET default_transaction_read_only = on")
        try await Self.withStore(database) { store in
            try await withDeadline(.seconds(600)) {
                while !store.isReachable { try await Task.sleep(for: .milliseconds(20)) }
            }
            let refusal = await #expect(throws: StoreError.self) {
                _ = try await store.advanceVirtualClock(to: clock.addingTimeInterval(60))
            }
            #expect(refusal?.code == .unavailable)
            #expect(refusal?.message.contains("the database takes no writes: cannot execute") == true, "\(String(describing: refusal))")
            #expect(try await store.virtualClock() == clock, "reads go on")
        }
        await TestPostgres.dropDatabase(database)
    }

    /// Runs a store on `database` while `body` runs.
    static func withStore(_ database: URL, _ body: (PostgresStore) async throws -> Void) async throws {
        var configuration = try PostgresStore.Configuration(url: database)
        // Long enough that no call meets it on a loaded machine (the default 5 s was met once).
        configuration.deadline = .seconds(60)
        let store = PostgresStore(
            configuration: configuration, logger: Logger(label: "readonly", factory: { _ in SwiftLogNoOpLogHandler() }))
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { await store.run() }
            defer { group.cancelAll() }
            try await body(store)
        }
    }
}
