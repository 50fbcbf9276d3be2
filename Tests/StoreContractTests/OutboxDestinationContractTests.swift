import Foundation
import PostgresStorage
import Storage
import TestSupport
import Testing
import Webhooks

/// Every outbox message records where it goes — the app's webhook, a browser, a phone — on every store:
/// kept as written, read back by a claim, and what a listing filters by.
@Suite struct OutboxDestinationContractTests {
    static let now = StoreContractTests.now
    let contract = StoreContractTests()

    /// One message to each destination, and a delivered webhook message.
    static let messages: [WebhookDeliveryRecord] = [
        WebhookDeliveryRecord(
            id: "msg_w", appID: "a", url: "https://example.com/hook", type: .notificationResponse, payload: Data("{}".utf8),
            nextAttempt: now, createdAt: now),
        WebhookDeliveryRecord(
            id: "msg_b", appID: "a", url: "https://push.example/1", type: .notificationDelivered, payload: Data("{}".utf8),
            nextAttempt: now, createdAt: now, destination: .browser, subscriptionID: "wps_1"),
        WebhookDeliveryRecord(
            id: "msg_p", appID: "a", url: "apns:dev_1", type: .notificationDelivered, payload: Data("{}".utf8), nextAttempt: now,
            createdAt: now, destination: .phone, subscriptionID: "dev_1"),
        WebhookDeliveryRecord(
            id: "msg_d", appID: "a", url: "https://example.com/hook", type: .notificationResponse, payload: Data("{}".utf8),
            status: .delivered, attempts: 1, nextAttempt: nil, createdAt: now),
    ]

    /// What a listing with `filter` shows, by id.
    static func listed(_ store: any ContractStore, _ filter: DeliveryFilter) async throws -> [String] {
        try await store.deliveries(appID: "a", filter: filter, after: nil, limit: 10).items.map(\.id)
    }

    /// Each destination's messages, and the whole outbox, as a listing shows them.
    static func expectListedByDestination(_ store: any ContractStore) async throws {
        #expect(try await listed(store, DeliveryFilter()) == ["msg_w", "msg_b", "msg_p", "msg_d"])
        #expect(try await listed(store, DeliveryFilter(destination: .webhook)) == ["msg_w", "msg_d"])
        #expect(try await listed(store, DeliveryFilter(destination: .browser)) == ["msg_b"])
        #expect(try await listed(store, DeliveryFilter(destination: .phone)) == ["msg_p"])
        #expect(try await listed(store, DeliveryFilter(status: .pending, destination: .webhook)) == ["msg_w"])
        #expect(try await listed(store, DeliveryFilter(status: .delivered, destination: .phone)).isEmpty)
    }

    @Test(arguments: StoreFactory.all)
    func messagesSayWhereTheyGoAndAreListedByIt(_ factory: StoreFactory) async throws {
        try await contract.withStore(factory) { (store, reopen) async throws in
            try await store.enqueueDeliveries(Self.messages)
            let reopened = try await reopen()
            try await Self.expectListedByDestination(reopened)
            let claimed = try await reopened.claimDueDeliveries(
                now: Self.now, limit: 10, perEndpoint: [:], defaultPerEndpoint: 16, lease: Lease(seconds: 30, from: Self.now))
            #expect(
                Dictionary(uniqueKeysWithValues: claimed.map { ($0.id, $0.destination) }) == [
                    "msg_w": .webhook, "msg_b": .browser, "msg_p": .phone,
                ])
            #expect(claimed.first { $0.id == "msg_p" }?.subscriptionID == "dev_1", "and its recipient")
        }
    }

    /// A listing by outcome, alone or with a destination, finds exactly the messages that ended so, in order
    /// and page by page, among many that did not: the unsuccessful ones through their own index (written as
    /// they end, as here when they are enqueued so), the others through the app's.
    @Test(arguments: StoreFactory.all)
    func aListingByOutcomeFindsExactlyThoseMessagesPageByPage(_ factory: StoreFactory) async throws {
        try await contract.withStore(factory) { (store, _) async throws in
            let statuses = WebhookDeliveryRecord.Status.allCases
            let destinations = WebhookDeliveryRecord.Destination.allCases
            let messages = (0..<60).map { index in
                WebhookDeliveryRecord(
                    id: String(format: "msg_%02d", index), appID: "a", url: "https://example.com/\(index % 3)",
                    type: .notificationResponse, payload: Data("{}".utf8), status: statuses[index % statuses.count],
                    nextAttempt: statuses[index % statuses.count] == .pending ? Self.now : nil, createdAt: Self.now,
                    destination: destinations[index / 20], subscriptionID: index / 20 == 0 ? nil : "sub_\(index)")
            }
            try await store.enqueueDeliveries(messages)
            for status in statuses {
                for destination in [nil] + destinations.map(Optional.some) {
                    let filter = DeliveryFilter(status: status, destination: destination)
                    var (listed, cursor): ([String], String?) = ([], nil)
                    repeat {
                        let page = try await store.deliveries(appID: "a", filter: filter, after: cursor, limit: 4)
                        listed += page.items.map(\.id)
                        cursor = page.nextCursor
                    } while cursor != nil
                    let expected = messages.filter { $0.status == status && (destination == nil || $0.destination == destination) }
                    #expect(listed == expected.map(\.id), "\(status) \(destination.map(\.rawValue) ?? "anywhere")")
                }
            }
        }
    }

    /// Messages in flight when a PostgreSQL database was at version 11 (before destinations and retries in
    /// real time) keep going after the upgrade: each where its recipient said, claimed as due on the
    /// scheduler's clock, none due on the wall clock. (The SQLite file's own case is in SQLiteStoreTests.)
    @Test(.enabled(if: TestPostgres.isAvailable))
    func messagesInFlightAtTheUpgradeKeepGoing() async throws {
        try await StoreFactory.withPostgresDatabase("upgrade") { url, open in
            try await StoreFactory.migratePostgres(url, upTo: 11)
            _ = try await TestPostgres.query(
                url,
                """
                INSERT INTO apps(id, name, authorization_policy, created_at) VALUES ('a', 'A', 'prompt', 0);
                INSERT INTO deliveries(id, app_id, url, type, payload, status, attempts, failures, next_attempt, created_at, subscription_id)
                VALUES ('msg_w', 'a', 'https://example.com/hook', 'notification.response', '\\x7b7d', 'pending', 0, 0, 0, 0, NULL),
                    ('msg_b', 'a', 'https://push.example/1', 'notification.delivered', '\\x7b7d', 'pending', 0, 0, 0, 0, 'wps_1'),
                    ('msg_p', 'a', 'apns:dev_1', 'notification.delivered', '\\x7b7d', 'pending', 0, 0, 0, 0, 'dev_1');
                """)
            let store = try await open(SecretBox())
            for destination in WebhookDeliveryRecord.Destination.allCases {
                let listed = try await store.deliveries(appID: "a", filter: DeliveryFilter(destination: destination), after: nil, limit: 10)
                #expect(listed.items.map(\.id) == ["msg_" + String(destination.rawValue.prefix(1))])
            }
            let claimed = try await store.claimDueDeliveries(
                now: Self.now, limit: 10, perEndpoint: [:], defaultPerEndpoint: 16, lease: Lease(seconds: 30, from: Self.now),
                orDueOnWallClock: true)
            #expect(
                Dictionary(uniqueKeysWithValues: claimed.map { ($0.id, $0.destination) }) == [
                    "msg_w": .webhook, "msg_b": .browser, "msg_p": .phone,
                ])
            #expect(claimed.allSatisfy { $0.dueOnWallClock == nil })
        }
    }

    /// A push's retry while the scheduler's clock is virtual is due at its date on that clock or at its
    /// `dueOnWallClock` in real time, whichever comes first: a claim that asks for both takes it when
    /// either came, one that does not ignores the wall clock; the store says when the next comes in real
    /// time, records it with an attempt, and a replay clears it.
    @Test(arguments: StoreFactory.all)
    func aRetryInRealTimeIsDueOnEitherClock(_ factory: StoreFactory) async throws {
        try await contract.withStore(factory) { (store, _) async throws in
            let virtual = Self.now.addingTimeInterval(86_400)  // the scheduler's clock, a day ahead
            let wall = Self.now
            func push(_ id: String, schedule: TimeInterval, wall seconds: TimeInterval?) -> WebhookDeliveryRecord {
                WebhookDeliveryRecord(
                    id: id, appID: "a", url: "https://push.example", type: .notificationDelivered, payload: Data("{}".utf8),
                    nextAttempt: virtual.addingTimeInterval(schedule), createdAt: virtual, destination: .browser,
                    subscriptionID: "wps_\(id)",
                    dueOnWallClock: seconds.map { wall.addingTimeInterval($0) })
            }
            try await store.enqueueDeliveries([
                push("msg_came", schedule: 60, wall: -1), push("msg_later", schedule: 60, wall: 30),
                push("msg_plain", schedule: 60, wall: nil),
            ])
            func claim(_ orDueOnWallClock: Bool, wallNow: Date = wall) async throws -> [String] {
                try await store.claimDueDeliveries(
                    now: virtual, limit: 10, perEndpoint: [:], defaultPerEndpoint: 16, lease: Lease(seconds: 30, from: wallNow),
                    orDueOnWallClock: orDueOnWallClock
                ).map(\.id)
            }
            #expect(try await claim(false).isEmpty, "the schedule's clock alone: none is due")
            #expect(try await store.nextDueOnWallClock(after: wall) == wall.addingTimeInterval(30))
            let claimed = try await store.claimDueDeliveries(
                now: virtual, limit: 10, perEndpoint: [:], defaultPerEndpoint: 16, lease: Lease(seconds: 30, from: wall),
                orDueOnWallClock: true)
            #expect(claimed.map(\.id) == ["msg_came"] && claimed.first?.dueOnWallClock == wall.addingTimeInterval(-1))
            // Its attempt failed again: the next retry, on both clocks, recorded with it.
            var retried = try #require(claimed.first)
            retried.attempts = 1
            retried.nextAttempt = virtual.addingTimeInterval(10)
            retried.dueOnWallClock = wall.addingTimeInterval(10)
            try await store.recordAttempts([
                RecordedAttempt(
                    DeliveryAttemptRecord(number: 1, at: virtual, statusCode: 500, error: nil, durationMilliseconds: 5), of: retried,
                    endpoint: .answered)
            ])
            #expect(try await store.delivery(appID: "a", id: "msg_came")?.0.dueOnWallClock == wall.addingTimeInterval(10))
            #expect(try await store.nextDueOnWallClock(after: wall) == wall.addingTimeInterval(10))
            #expect(try await claim(true, wallNow: wall.addingTimeInterval(31)).sorted() == ["msg_came", "msg_later"])
            #expect(try await store.replayDelivery(appID: "a", id: "msg_later", now: virtual))
            #expect(try await store.delivery(appID: "a", id: "msg_later")?.0.dueOnWallClock == nil, "a replay goes on the schedule")
        }
    }
}
