import Foundation
import GRDB
import NotificationCore
import Storage
import Synchronization
import Testing
import Webhooks

@testable import SQLiteStorage

/// The outbox's listing by destination walks that destination's index, not every message of the app: the
/// statement the store runs, planned by SQLite as it plans it (before it knows its values).
@Suite struct DeliveryListingPlanTests {
    @Test(arguments: [WebhookDeliveryRecord.Destination.webhook, .browser, .phone])
    func aListingByDestinationUsesItsIndex(destination: WebhookDeliveryRecord.Destination) async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("listing-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("usernotifyd.sqlite").path
        let listings = Mutex<[String]>([])
        let store = try SQLiteStore(
            path: path, walLimits: .init(), secrets: SecretBox(),
            readerStatements: { sql in if sql.contains("FROM deliveries WHERE app_id") { listings.withLock { $0.append(sql) } } })
        let now = Date(timeIntervalSince1970: 1_000)
        try await store.insertApp(AppRecord(id: "a", name: "a", createdAt: now))
        try await store.enqueueDeliveries([
            WebhookDeliveryRecord(
                id: "msg_1", appID: "a", url: "https://example.com/hook", type: .notificationResponse, payload: Data("{}".utf8),
                nextAttempt: now, createdAt: now, destination: destination)
        ])

        let page = try await store.deliveries(appID: "a", filter: DeliveryFilter(destination: destination), after: nil, limit: 10)
        #expect(page.items.map(\.id) == ["msg_1"])
        // The trace names the statement after its duration ("0.000s SELECT …").
        let traced = try #require(listings.withLock { $0.last })
        let listing = try #require(traced.range(of: "SELECT").map { traced[$0.lowerBound...] })
        let plan = try await DatabaseQueue(path: path).read { db in
            try Row.fetchAll(db, sql: "EXPLAIN QUERY PLAN \(listing)").map { $0["detail"] as String }
        }
        #expect(plan.contains { $0.contains("deliveries_by_destination") }, "planned as \(plan)")
        // Listed without a destination, every message of the app, in order.
        #expect(try await store.deliveries(appID: "a", filter: DeliveryFilter(), after: nil, limit: 10).items.count == 1)
    }
}
