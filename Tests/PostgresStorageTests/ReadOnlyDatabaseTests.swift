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
        var configuration = try PostgresStore.Configuration(url: database)
        // Long enough that no call meets it on a loaded machine (the default 5 s was met once).
        configuration.deadline = .seconds(60)
        let store = PostgresStore(
            configuration: configuration, logger: Logger(label: "readonly", factory: { _ in SwiftLogNoOpLogHandler() }))
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { await store.run() }
            defer { group.cancelAll() }
            // Bounds that only turn a hang into a failure.
            try await withDeadline(.seconds(600)) { try await store.prepare() }
            _ = try await store.advanceVirtualClock(to: Date(timeIntervalSince1970: 1_800_000_000))

            // Sessions that start from now on take no writes: the pool's are ended, and made again.
            _ = try await TestPostgres.query(server, "ALTER DATABASE \(name) SET default_transaction_read_only = on")
            _ = try await TestPostgres.query(
                server, "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = '\(name)' AND pid <> pg_backend_pid()")
            // The listener reconnects (calls are refused meanwhile), and a call may first meet a pooled
            // connection the server just ended: unavailable too, for those reasons.
            var refusal: StoreError?
            for _ in 0..<20 where refusal?.message.contains("takes no writes") != true {
                try await Self.untilReachable(store)
                do {
                    _ = try await store.advanceVirtualClock(to: Date(timeIntervalSince1970: 1_800_000_060))
                    Issue.record("a write to a database that takes no writes succeeded")
                    break
                } catch let error as StoreError {
                    refusal = error
                }
            }
            #expect(refusal?.code == .unavailable)
            #expect(refusal?.message.contains("cannot execute") == true, "PostgreSQL's words: \(String(describing: refusal))")
            try await Self.untilReachable(store)
            #expect(try await store.virtualClock() == Date(timeIntervalSince1970: 1_800_000_000), "reads go on")
        }
        await TestPostgres.dropDatabase(database)
    }

    static func untilReachable(_ store: PostgresStore) async throws {
        try await withDeadline(.seconds(600)) {
            while !store.isReachable { try await Task.sleep(for: .milliseconds(20)) }
        }
    }
}
