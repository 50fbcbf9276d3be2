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

    /// Messages written before destinations were recorded (schema version 11) keep going where their
    /// recipient said once the database is migrated. (The SQLite file's own case is in SQLiteStoreTests.)
    @Test(.enabled(if: TestPostgres.isAvailable))
    func messagesInFlightBeforeTheMigrationKeepTheirWay() async throws {
        try await StoreFactory.withPostgresDatabase("destinations") { url, open in
            let store = try await open(SecretBox())
            try await store.insertApp(AppRecord(id: "a", name: "A", createdAt: Self.now))
            try await store.enqueueDeliveries(Self.messages)
            // Back to version 11: the column and its index gone, the migration not applied.
            _ = try await TestPostgres.query(
                url,
                """
                DROP INDEX deliveries_by_destination; ALTER TABLE deliveries DROP COLUMN destination;
                DELETE FROM schema_migrations WHERE version = 12;
                """)
            try await Self.expectListedByDestination(try await open(SecretBox()))
        }
    }
}
