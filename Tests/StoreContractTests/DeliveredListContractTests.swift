import Foundation
import NotificationCore
import Storage
import Testing
import Webhooks

/// A center's delivered list keeps its newest `DeliveredList.perCenter` notifications, on every store: the
/// oldest go as a removal would say it on the user's stream and in their receipts, but no browser or phone
/// is sent a close of them (its own tray lets its oldest go by its own rules).
@Suite struct DeliveredListContractTests {
    static let now = StoreContractTests.now
    let contract = StoreContractTests()
    let center = CenterKey(appID: "a", centerID: "c")

    @Test(arguments: StoreFactory.all)
    func aFullListLetsItsOldestGoWithoutClosingThemOnDevices(_ factory: StoreFactory) async throws {
        try await contract.withStore(factory) { (store, reopen) async throws in
            let (browser, _) = try await store.savePushSubscription(
                PushSubscriptionContractTests().subscription("https://push.example/1"), limit: 5)
            let full = Int(DeliveredList.perCenter)
            // A list one short of full, then forty more in one batch: its sequence passes a multiple of 32.
            for start in stride(from: 0, to: full - 1, by: 333) {
                let batch = (start..<min(start + 333, full - 1)).map { StoreContractTests.delivery(center, "n\($0)", "n\($0)").0 }
                try await store.recordFirings(batch, at: Self.now)
            }
            #expect(try await store.deliveredNotifications(center, after: nil, limit: 2_000).items.count == full - 1, "not full: all kept")
            let latest = try #require(try await store.latestEvent(center))
            try await store.recordFirings(
                (full - 1..<full + 40).map { StoreContractTests.delivery(center, "n\($0)", "n\($0)").0 }, at: Self.now)

            let dropped = (0..<40).map { "n\($0)" }
            for store in [store, try await reopen()] {
                let list = try await store.deliveredNotifications(center, after: nil, limit: 2_000).items.map(\.request.identifier)
                #expect(list.count == full)
                #expect(list.first == "n\(full + 39)" && list.last == "n40", "the newest kept, newest first")
                #expect(try await store.deliveredNotification(center, identifier: "n39") == nil)
                // The stream says it as a removal: the batch's presented events, then one deliveredRemoved.
                let events = try await store.events(center, after: latest, limit: 100).events
                #expect(events.map(\.name) == Array(repeating: "presented", count: 41) + ["deliveredRemoved"])
                let removed = try #require(try JSONSerialization.jsonObject(with: Data(events.last?.data ?? [])) as? [String: Any])
                #expect(Set(removed["identifiers"] as? [String] ?? []) == Set(dropped))
                // Their receipts end with `removed`, after the `fired` their rows held.
                let receipts = try await store.receipts(center, identifier: "n0").map(\.stage)
                #expect(receipts.contains(.fired) && receipts.last == .removed)
                // The browser was sent each notification, and no close of those dropped.
                let messages = try await store.deliveries(appID: "a", status: nil, after: nil, limit: 2_000).items
                #expect(messages.filter { $0.type == .notificationDelivered && $0.subscriptionID == browser.id }.count == full + 40)
                #expect(!messages.contains { $0.type == .notificationRemoved })
            }
        }
    }

    /// A list far longer than the limit (kept before an upgrade, here one large batch) shrinks a bounded
    /// number at a time, over the center's next firings.
    @Test(arguments: StoreFactory.all)
    func aListFarOverTheLimitShrinksABoundedNumberAtATime(_ factory: StoreFactory) async throws {
        try await contract.withStore(factory) { (store, _) async throws in
            let full = Int(DeliveredList.perCenter), over = 300
            try await store.recordFirings(
                (0..<full + over).map { StoreContractTests.delivery(center, "n\($0)", "n\($0)").0 }, at: Self.now)
            let count = { try await store.deliveredNotifications(center, after: nil, limit: 2_000).items.count }
            #expect(try await count() == full + over - DeliveredList.droppedPerCheck)
            #expect(try await store.deliveredNotification(center, identifier: "n\(DeliveredList.droppedPerCheck - 1)") == nil)
            #expect(try await store.deliveredNotification(center, identifier: "n\(DeliveredList.droppedPerCheck)") != nil)
            // The next 32 pass a multiple of 32: the rest go.
            try await store.recordFirings(
                (full + over..<full + over + 32).map { StoreContractTests.delivery(center, "n\($0)", "n\($0)").0 }, at: Self.now)
            #expect(try await count() == full)
        }
    }
}
