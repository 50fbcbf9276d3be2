import Foundation
import NotificationCore
import Storage
import Testing

/// Deleting a topic in a short transaction, on every store: the topic is gone at once for every read,
/// subscription and broadcast, while its subscriptions go a batch at a time after it; a deletion cut short
/// is found and finished, and the identifier can be taken again without the old subscribers.
@Suite struct TopicDeletionContractTests {
    static let now = StoreContractTests.now
    let contract = StoreContractTests()

    /// Topics `news` (centers s0…s4 and `c`) and `sport` (`c`) of app `a`.
    func seed(_ store: any ContractStore) async throws {
        for topic in ["news", "sport"] {
            try await store.insertTopic(appID: "a", Topic(identifier: topic, displayName: topic, createdAt: Self.now), limit: 10)
        }
        for index in 0..<5 {
            try await store.insertCenter(BroadcastContractTests.center("s\(index)", zone: "UTC"))
            try await store.subscribe(CenterKey(appID: "a", centerID: "s\(index)"), to: ["news"], limit: 2, at: Self.now)
        }
        try await store.subscribe(CenterKey(appID: "a", centerID: "c"), to: ["news", "sport"], limit: 2, at: Self.now)
    }

    @Test(arguments: StoreFactory.all)
    func aDeletedTopicIsGoneAtOnceAndItsSubscriptionsGoABatchAtATime(_ factory: StoreFactory) async throws {
        try await contract.withStore(factory) { (store, _) async throws in
            try await seed(store)
            let c = CenterKey(appID: "a", centerID: "c")
            // Broadcast to the topic before its deletion; its zone is planned after.
            let record = BroadcastContractTests.record(audience: .topic("news"))
            _ = try await store.insertBroadcast(record, form: try record.broadcast.request.storedForm())
            #expect(try await store.deleteTopic(appID: "a", identifier: "news", at: Self.now))
            #expect(try await !store.deleteTopic(appID: "a", identifier: "news", at: Self.now), "deleted once")

            // Gone for every read, though none of its subscriptions went yet.
            #expect(try await store.topic(appID: "a", identifier: "news") == nil)
            #expect(try await store.topics(appID: "a", after: nil, limit: 10).items.map(\.identifier) == ["sport"])
            #expect(try await store.topics(of: c) == ["sport"])
            #expect(try await store.subscribers(appID: "a", topic: "news", after: nil, limit: 10).items.isEmpty)
            await #expect(throws: NotificationError.topicNotFound("news")) {
                try await store.subscribe(CenterKey(appID: "a", centerID: "s0"), to: ["news"], limit: 2, at: Self.now)
            }
            // Its subscriptions no longer count against a center's limit.
            try await store.insertTopic(appID: "a", Topic(identifier: "third", displayName: "x", createdAt: Self.now), limit: 10)
            try await store.subscribe(c, to: ["third"], limit: 2, at: Self.now)
            // A broadcast to it reaches no one.
            #expect(try await store.unplannedZones(record).isEmpty)
            try await store.planBroadcast(record, zones: [nil], nextFireDate: nil, at: Self.now)
            let chunk = try #require(try await store.claimBroadcastChunk(lease: BroadcastContractTests.lease()))
            #expect(chunk.members.isEmpty)
            #expect(try await store.fireBroadcastChunk(chunk.chunk, at: Self.now, decide: BroadcastContractTests.decide)?.isEmpty == true)
            #expect(try await store.deliveredNotification(c, identifier: "news") == nil)
            #expect(try await store.broadcast(appID: "a", id: record.broadcast.id)?.counts.targeted == 0)

            #expect(try await store.deletedTopics(limit: 10).map(\.identifier) == ["news"])
            #expect(try await store.purgeDeletedTopic(appID: "a", identifier: "news", limit: 4) == 4)
            #expect(try await store.purgeDeletedTopic(appID: "a", identifier: "news", limit: 4) == 3, "two subscriptions and the topic")
            #expect(try await store.purgeDeletedTopic(appID: "a", identifier: "news", limit: 4) == 0)
            #expect(try await store.deletedTopics(limit: 10).isEmpty)
            // A topic not deleted is never purged.
            #expect(try await store.purgeDeletedTopic(appID: "a", identifier: "sport", limit: 4) == 0)
            #expect(try await store.topic(appID: "a", identifier: "sport")?.subscriberCount == 1)
        }
    }

    @Test(arguments: StoreFactory.all)
    func anIdentifierStillBeingDeletedIsTakenAgainOnlyOnceItsSubscriptionsAreGone(_ factory: StoreFactory) async throws {
        try await contract.withStore(factory) { (store, _) async throws in
            try await seed(store)
            // A deletion cut short after one batch, as a crash would leave it.
            #expect(try await store.deleteTopic(appID: "a", identifier: "news", at: Self.now))
            #expect(try await store.purgeDeletedTopic(appID: "a", identifier: "news", limit: 2) == 2)
            let again = Topic(identifier: "news", displayName: "News again", createdAt: Self.now)
            await #expect(throws: StoreError.topicStillDeleting("news")) { try await store.insertTopic(appID: "a", again, limit: 10) }
            // The deleted topic does not count against the app's limit: with `sport` live, a limit of two
            // takes one more topic, and only then refuses.
            try await store.insertTopic(appID: "a", Topic(identifier: "x", displayName: "x", createdAt: Self.now), limit: 2)
            await #expect(throws: NotificationError.topicLimitReached(perApp: 2)) {
                try await store.insertTopic(appID: "a", Topic(identifier: "y", displayName: "y", createdAt: Self.now), limit: 2)
            }
            try await store.purgeDeletedTopic(appID: "a", identifier: "news", batch: 2)
            try await store.insertTopic(appID: "a", again, limit: 10)
            let topic = try #require(try await store.topic(appID: "a", identifier: "news"))
            #expect(topic.displayName == "News again" && topic.subscriberCount == 0, "none of the old subscribers")
            #expect(try await store.topics(of: CenterKey(appID: "a", centerID: "c")) == ["sport"])
            // A topic deleted with no subscription left is taken again at once.
            #expect(try await store.deleteTopic(appID: "a", identifier: "news", at: Self.now))
            try await store.insertTopic(appID: "a", again, limit: 10)
            #expect(try await store.deletedTopics(limit: 10).isEmpty)
        }
    }
}
