import Foundation
import Logging
import NotificationCore
import PostgresNIO
import Storage
import TestSupport
import Testing

@testable import PostgresStorage

/// A subscription made while its topic is being deleted, on PostgreSQL, where they are transactions of
/// their own running side by side: the subscription holds its topic's row until it commits, so the
/// purge waits for it and takes it away with the rest (before, the purge could delete the topic's row
/// between the subscription's check and its insert, which then failed its foreign key).
@Suite(.enabled(if: TestPostgres.isAvailable)) struct TopicSubscriptionRaceTests {
    static let now = Date(timeIntervalSince1970: 1_000_000)

    @Test func aSubscriptionBesideTheTopicsPurgeSucceedsAndIsPurgedWithIt() async throws {
        let database = try await TestPostgres.createDatabase("topicrace")
        var configuration = try PostgresStore.Configuration(url: database)
        // Long enough that no call meets it on a loaded machine.
        configuration.deadline = .seconds(120)
        let store = PostgresStore(configuration: configuration, logger: Logger(label: "race", factory: { _ in SwiftLogNoOpLogHandler() }))
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { await store.run() }
            defer { group.cancelAll() }
            try await store.prepare()
            try await store.insertApp(AppRecord(id: "a", name: "A", createdAt: Self.now))
            try await store.insertCenter(CenterRecord(id: "c", appID: "a", createdAt: Self.now))
            try await store.insertTopic(appID: "a", Topic(identifier: "news", displayName: "News", createdAt: Self.now), limit: 10)
            // The subscription stops between its check of the topic and its insert, until the test lets it go:
            // its insert waits for an advisory lock the test holds.
            _ = try await TestPostgres.query(
                database,
                """
                CREATE FUNCTION wait_for_the_test() RETURNS trigger LANGUAGE plpgsql AS
                    $$ BEGIN PERFORM pg_advisory_xact_lock_shared(42); RETURN NULL; END $$;
                CREATE TRIGGER wait_for_the_test BEFORE INSERT ON topic_subscriptions
                    FOR EACH STATEMENT EXECUTE FUNCTION wait_for_the_test();
                """)
            let (held, release, purged) = (AsyncGate(), AsyncGate(), AsyncGate())
            async let holding: Void = store.writeOnceStarted { connection, _ in
                try await connection.run("SELECT pg_advisory_xact_lock(42)", store.logger)
                held.open()
                await release.wait()
            }
            await held.wait()
            async let subscribing: Void = store.subscribe(CenterKey(appID: "a", centerID: "c"), to: ["news"], limit: 10, at: Self.now)
            try await waitUntil("the subscription to wait", within: 600) {
                try await Self.waiting(database, on: "wait_event = 'advisory'") == 1
            }
            // The deletion: marked at once; its purge waits for the subscription's transaction.
            #expect(try await store.deleteTopic(appID: "a", identifier: "news", at: Self.now))
            async let purging: Void = {
                defer { purged.open() }
                try await store.purgeDeletedTopic(appID: "a", identifier: "news", batch: 100)
            }()
            try await waitUntil("the purge to wait or end", within: 600) {
                try await Self.waiting(database, on: "wait_event IN ('transactionid', 'tuple')") == 1 || purged.isOpen
            }
            release.open()
            try await holding
            try await subscribing
            try await purging
            #expect(try await TestPostgres.count(database, "SELECT COUNT(*) FROM topic_subscriptions") == 0)
            #expect(try await TestPostgres.count(database, "SELECT COUNT(*) FROM topics") == 0)
        }
        await TestPostgres.dropDatabase(database)
    }

    /// How many sessions of the database wait on a lock of the kind `condition` names.
    static func waiting(_ database: URL, on condition: String) async throws -> Int {
        try await TestPostgres.count(
            database,
            "SELECT COUNT(*) FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock' AND \(condition)")
    }
}
