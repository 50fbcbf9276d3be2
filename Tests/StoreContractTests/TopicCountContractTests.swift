import Foundation
import NotificationCore
import PostgresStorage
import Storage
import TestSupport
import Testing

/// A topic's subscriber count is kept as subscriptions come and go, on every store, rather than counted at
/// each read: subscribing (again: once), unsubscribing, a center's deletion, a topic deleted and made
/// again, an app's deletion; and a database of the version before counts its subscriptions when migrated.
@Suite struct TopicCountContractTests {
    static let now = StoreContractTests.now
    let contract = StoreContractTests()

    static func count(_ store: any ContractStore, _ topic: String) async throws -> Int? {
        try await store.topic(appID: "a", identifier: topic)?.subscriberCount
    }

    @Test(arguments: StoreFactory.all)
    func countsFollowEverySubscriptionThatComesAndGoes(_ factory: StoreFactory) async throws {
        try await contract.withStore(factory) { (store, _) async throws in
            for topic in ["news", "sport", "empty"] {
                try await store.insertTopic(appID: "a", Topic(identifier: topic, displayName: topic, createdAt: Self.now), limit: 10)
            }
            // Forty centers (spread over the count's rows), each subscribed to both in one call; the first
            // ten again, and to one of them a third time.
            let keys = (0..<40).map { CenterKey(appID: "a", centerID: String(format: "m%02d", $0)) }
            for key in keys {
                try await store.insertCenter(BroadcastContractTests.center(key.centerID, zone: "UTC"))
                try await store.subscribe(key, to: ["news", "sport"], limit: 5, at: Self.now)
            }
            for key in keys.prefix(10) {
                try await store.subscribe(key, to: ["sport", "news"], limit: 5, at: Self.now)
                try await store.subscribe(key, to: ["news"], limit: 5, at: Self.now)
            }
            #expect(try await Self.count(store, "news") == 40)
            #expect(try await Self.count(store, "sport") == 40)
            #expect(try await Self.count(store, "empty") == 0)
            // A subscription refused whole counts nothing.
            await #expect(throws: NotificationError.topicNotFound("nope")) {
                try await store.subscribe(CenterKey(appID: "a", centerID: "c"), to: ["news", "nope"], limit: 5, at: Self.now)
            }
            #expect(try await Self.count(store, "news") == 40)

            // Ten leave `news`, five of them twice (the second time is not one).
            for key in keys[10..<20] { #expect(try await store.unsubscribe(key, from: ["news", "empty"]) == ["news"]) }
            for key in keys[10..<15] { #expect(try await store.unsubscribe(key, from: ["news"]).isEmpty) }
            #expect(try await Self.count(store, "news") == 30)
            // Five centers subscribed to both, and five to `sport` alone, go.
            for key in keys[5..<15] { #expect(try await store.deleteCenter(key, at: Self.now)) }
            #expect(try await Self.count(store, "news") == 25)
            #expect(try await Self.count(store, "sport") == 30)
            #expect(try await store.topics(appID: "a", after: nil, limit: 10).items.map(\.subscriberCount) == [0, 25, 30])
            #expect(try await store.subscribers(appID: "a", topic: "news", after: nil, limit: 100).items.count == 25)

            // A topic made again after its deletion counts from nothing.
            #expect(try await store.deleteTopic(appID: "a", identifier: "sport", at: Self.now))
            try await store.purgeDeletedTopic(appID: "a", identifier: "sport")
            try await store.insertTopic(appID: "a", Topic(identifier: "sport", displayName: "Sport", createdAt: Self.now), limit: 10)
            #expect(try await Self.count(store, "sport") == 0)
            try await store.subscribe(keys[0], to: ["sport"], limit: 5, at: Self.now)
            #expect(try await Self.count(store, "sport") == 1)

            // An app's deletion deletes its topics with its first step.
            #expect(try await store.deleteAppContents(appID: "a", limit: 256, at: Self.now) > 0)
            #expect(try await store.topics(appID: "a", after: nil, limit: 10).items.isEmpty)
            #expect(try await store.deletedTopics(limit: 10).count == 3)
        }
    }

    /// Two replicas on one database, 64 centers at once (four to each of the count's 16 rows), subscribing
    /// to two topics named in either order, then some leaving and some deleted at once: every call succeeds
    /// (the count's rows are locked in topic order by all: no deadlock) and the counts come out exact.
    @Test(.enabled(if: TestPostgres.isAvailable))
    func replicasSubscribingAtOnceCountEveryone() async throws {
        try await StoreFactory.withPostgresDatabase("topic-counts-at-once") { _, open in
            let replicas = [try await open(SecretBox()), try await open(SecretBox())]
            try await replicas[0].insertApp(AppRecord(id: "a", name: "A", createdAt: Self.now))
            for topic in ["news", "sport"] {
                try await replicas[0].insertTopic(appID: "a", Topic(identifier: topic, displayName: topic, createdAt: Self.now), limit: 10)
            }
            let keys = (0..<64).map { CenterKey(appID: "a", centerID: "r\($0)") }
            for key in keys { try await replicas[0].insertCenter(BroadcastContractTests.center(key.centerID, zone: "UTC")) }
            try await withThrowingTaskGroup(of: Void.self) { group in
                for (index, key) in keys.enumerated() {
                    group.addTask {
                        try await replicas[index % 2].subscribe(
                            key, to: index % 4 < 2 ? ["news", "sport"] : ["sport", "news"], limit: 5, at: Self.now)
                    }
                }
                try await group.waitForAll()
            }
            #expect(try await replicas[1].topic(appID: "a", identifier: "news")?.subscriberCount == 64)
            try await withThrowingTaskGroup(of: Void.self) { group in
                for (index, key) in keys.enumerated() where index % 3 != 0 {
                    group.addTask { () async throws in
                        if index % 3 == 1 {
                            #expect(try await replicas[index % 2].unsubscribe(key, from: ["sport", "news"]) == ["sport", "news"])
                        } else {
                            #expect(try await replicas[index % 2].deleteCenter(key, at: Self.now))
                        }
                    }
                }
                try await group.waitForAll()
            }
            let left = keys.indices.filter { $0 % 3 == 0 }.count
            #expect(try await replicas[0].topic(appID: "a", identifier: "news")?.subscriberCount == left)
            #expect(try await replicas[1].topic(appID: "a", identifier: "sport")?.subscriberCount == left)
        }
    }

    /// A database of schema 19 (before counts were kept) counts each topic's subscriptions as it migrates.
    @Test(.enabled(if: TestPostgres.isAvailable))
    func aVersion19DatabaseCountsItsSubscribers() async throws {
        try await StoreFactory.withPostgresDatabase("topic-counts") { url, open in
            try await StoreFactory.migratePostgres(url, upTo: 19)
            _ = try await TestPostgres.query(
                url,
                """
                INSERT INTO apps(id, name, authorization_policy, created_at) VALUES ('a', 'A', 'prompt', 0);
                INSERT INTO centers(app_id, id, settings, state, created_at, push_token)
                SELECT 'a', 'c' || n, '\\x7b7d', '\\x7b7d', 0, 'token-' || n FROM generate_series(1, 50) n;
                INSERT INTO topics(app_id, id, display_name, created_at) VALUES ('a', 'news', 'News', 0), ('a', 'sport', 'Sport', 0);
                INSERT INTO topic_subscriptions(app_id, topic_id, center_id, created_at)
                SELECT 'a', 'news', 'c' || n, 0 FROM generate_series(1, 50) n
                UNION ALL SELECT 'a', 'sport', 'c' || n, 0 FROM generate_series(1, 7) n;
                """)
            let store = try await open(SecretBox())
            #expect(try await store.topic(appID: "a", identifier: "news")?.subscriberCount == 50)
            #expect(try await store.topic(appID: "a", identifier: "sport")?.subscriberCount == 7)
            #expect(try await store.unsubscribe(CenterKey(appID: "a", centerID: "c3"), from: ["news", "sport"]) == ["news", "sport"])
            #expect(try await store.deleteCenter(CenterKey(appID: "a", centerID: "c4"), at: Self.now))
            #expect(try await store.topic(appID: "a", identifier: "news")?.subscriberCount == 48)
            #expect(try await store.topic(appID: "a", identifier: "sport")?.subscriberCount == 5)
        }
    }
}
