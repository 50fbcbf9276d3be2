import Foundation
import GRDB
import NotificationCore
import Storage
import Synchronization
import Testing
import Webhooks

@testable import SQLiteStorage

/// The outbox's listings walk the index of what they ask for, not every message of the app: the statement
/// the store runs, planned by SQLite as it plans it (before it knows its values).
@Suite struct DeliveryListingPlanTests {
    /// A store with one message of `status` to `destination`, and the plan of its listing with `filter`
    /// (which finds that message).
    private static func plan(
        of filter: DeliveryFilter, status: WebhookDeliveryRecord.Status = .pending,
        destination: WebhookDeliveryRecord.Destination = .webhook
    ) async throws -> [String] {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("listing-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("usernotifyd.sqlite").path
        let listings = Mutex<[String]>([])
        let store = try SQLiteStore(
            path: path, walLimits: .init(), secrets: SecretBox(),
            readerStatements: { sql in
                if sql.contains("FROM deliveries") && sql.contains("WHERE app_id") { listings.withLock { $0.append(sql) } }
            })
        let now = Date(timeIntervalSince1970: 1_000)
        try await store.insertApp(AppRecord(id: "a", name: "a", createdAt: now))
        try await store.enqueueDeliveries([
            WebhookDeliveryRecord(
                id: "msg_1", appID: "a", url: "https://example.com/hook", type: .notificationResponse, payload: Data("{}".utf8),
                status: status, nextAttempt: status == .pending ? now : nil, createdAt: now, destination: destination)
        ])

        let page = try await store.deliveries(appID: "a", filter: filter, after: nil, limit: 10)
        #expect(page.items.map(\.id) == ["msg_1"])
        // The trace names the statement after its duration ("0.000s SELECT …").
        let traced = try #require(listings.withLock { $0.last })
        let listing = try #require(traced.range(of: "SELECT").map { traced[$0.lowerBound...] })
        return try await DatabaseQueue(path: path).read { db in
            try Row.fetchAll(db, sql: "EXPLAIN QUERY PLAN \(listing)").map { $0["detail"] as String }
        }
    }

    @Test(arguments: [WebhookDeliveryRecord.Destination.webhook, .browser, .phone])
    func aListingByDestinationUsesItsIndex(destination: WebhookDeliveryRecord.Destination) async throws {
        let plan = try await Self.plan(of: DeliveryFilter(destination: destination), destination: destination)
        #expect(plan.contains { $0.contains("deliveries_by_destination") }, "planned as \(plan)")
        // Listed without a destination: each destination's walk, merged; none scans the table.
        let merged = try await Self.plan(of: DeliveryFilter(), destination: destination)
        #expect(merged.filter { $0.contains("USING INDEX deliveries_by_destination") }.count == 3, "planned as \(merged)")
        #expect(!merged.contains { $0.hasPrefix("SCAN deliveries") }, "planned as \(merged)")
    }

    /// The few that did not succeed, with a destination or without: their own index, not every delivered
    /// message of the app or of the destination.
    @Test(arguments: WebhookDeliveryRecord.Status.unsuccessful)
    func aListingOfTheUnsuccessfulUsesTheirIndex(status: WebhookDeliveryRecord.Status) async throws {
        for destination in [nil, WebhookDeliveryRecord.Destination.browser] {
            let plan = try await Self.plan(
                of: DeliveryFilter(status: status, destination: destination), status: status, destination: .browser)
            #expect(plan.contains { $0.contains("deliveries_unsuccessful") }, "planned as \(plan)")
        }
    }
}
