import Foundation
import NotificationCore
import Storage
import Testing
import Webhooks

/// Scheduled Summaries on every store: a held notification is kept with its date, survives a reopen,
/// and is released by the summary of its center once — with its `presented` anew, the summary's events,
/// and a push of the summary and of each released notification to the center's browsers — whichever
/// replica delivers it, however many try at once. A removed one leaves the summary.
@Suite struct SummaryContractTests {
    static let now = StoreContractTests.now
    let contract = StoreContractTests()
    var center: CenterKey { contract.center }

    /// Delivers `identifier` at `now`, held until `until`.
    func hold(_ store: any ContractStore, _ identifier: String, until: Date, relevance: Double? = nil) async throws {
        let request = NotificationRequest(
            identifier: identifier, content: NotificationContent(title: identifier, relevanceScore: relevance))
        try await store.recordFirings(
            [
                FiringRecord(
                    center: center, identifier: identifier, revision: 0,
                    delivered: DeliveredNotification(
                        date: Self.now, request: request, presentation: Presentation(reasons: ["scheduledSummary"], heldUntil: until)),
                    nextFireDate: nil)
            ], at: Self.now)
    }

    static func make(_ center: CenterRecord, _ held: [DeliveredNotification], at date: Date) -> SummaryDelivery? {
        SummaryDelivery(held: held, center: center, categories: [], at: date)
    }

    @Test(arguments: StoreFactory.all)
    func heldNotificationsComeInTheirSummaryOnce(_ factory: StoreFactory) async throws {
        try await contract.withStore(factory) { (store, reopen) async throws in
            _ = try await store.savePushSubscription(
                PushSubscriptionRecord(
                    center: center, endpoint: "https://push.example/1", p256dh: "BP", auth: "auth", vapidKeyID: "vapid_1",
                    createdAt: Self.now),
                limit: 10)
            let evening = Self.now.addingTimeInterval(3600)
            let morning = Self.now.addingTimeInterval(7200)
            #expect(try await store.nextSummaryDate() == nil)
            try await hold(store, "low", until: evening, relevance: 0.1)
            try await hold(store, "high", until: evening, relevance: 0.9)
            try await hold(store, "gone", until: evening)
            try await hold(store, "later", until: morning)
            _ = try await store.removeDelivered(center, identifiers: ["gone"], at: Self.now) { [.user(.deliveredRemoved($0))] }
            // Held: in the list with its date, and nothing pushed for it, nor a close of the one removed.
            func shown() async throws -> Int {
                try await store.deliveries(appID: "a", filter: DeliveryFilter(destination: .browser), after: nil, limit: 10).items.count
            }
            #expect(try await shown() == 0)

            let store = try await reopen()
            #expect(try await store.nextSummaryDate() == evening)
            #expect(try await store.deliveredNotification(center, identifier: "high")?.presentation.heldUntil == evening)
            #expect(try await store.centersWithSummaryDue(by: evening.addingTimeInterval(-1), limit: 10).isEmpty)
            #expect(try await store.centersWithSummaryDue(by: evening, limit: 10) == [center])
            let sequence = try #require(try await store.latestEvent(center))

            let delivery = try #require(
                try await store.deliverSummary(center, dueBy: evening, at: evening) { center, held in
                    #expect(Set(held.map(\.request.identifier)) == ["low", "high"])
                    return Self.make(center, held, at: evening)
                })
            #expect(delivery.summary.featured == "high" && delivery.summary.count == 2)
            // Delivered once: the next try finds nothing held for it.
            #expect(try await store.deliverSummary(center, dueBy: evening, at: evening) { Self.make($0, $1, at: evening) } == nil)
            #expect(try await store.nextSummaryDate() == morning)
            let list = try await store.deliveredNotifications(center, after: nil, limit: 10).items
            #expect(Set(list.prefix(2).map(\.request.identifier)) == ["low", "high"])
            #expect(list.first { $0.request.identifier == "high" }?.presentation.heldUntil == nil)
            #expect(list.first { $0.request.identifier == "later" }?.presentation.heldUntil == morning)
            let events = try await store.events(center, after: sequence, limit: 10).events.map(\.name)
            #expect(events == ["presented", "presented", "summaryDelivered"])
            // The summary, then each released notification, to the browser.
            #expect(try await shown() == 3)

            // "Show next summary": what is held for later comes now.
            let next = try await store.deliverSummary(center, dueBy: nil, at: evening) { Self.make($0, $1, at: evening) }
            #expect(next?.summary.groups.flatMap(\.items).map(\.identifier) == ["later"])
            #expect(try await store.nextSummaryDate() == nil)
        }
    }

    @Test(arguments: StoreFactory.all)
    func replicasDeliveringTheSameSummaryAtOnceDeliverItOnce(_ factory: StoreFactory) async throws {
        try await contract.withStore(factory) { (store, reopen) async throws in
            let evening = Self.now.addingTimeInterval(3600)
            for index in 0..<20 { try await hold(store, "n\(index)", until: evening) }
            let other = try await reopen()
            let sequence = try #require(try await store.latestEvent(center))
            let delivered = try await withThrowingTaskGroup(of: SummaryDelivery?.self) { group in
                for replica in [store, other, store, other] as [any ContractStore] {
                    group.addTask {
                        try await replica.deliverSummary(self.center, dueBy: evening, at: evening) { Self.make($0, $1, at: evening) }
                    }
                }
                return try await group.reduce(into: [SummaryDelivery]()) { if let delivery = $1 { $0.append(delivery) } }
            }
            #expect(delivered.count == 1 && delivered.first?.released.count == 20)
            let events = try await store.events(center, after: sequence, limit: 100).events.map(\.name)
            #expect(events.filter { $0 == "summaryDelivered" }.count == 1 && events.filter { $0 == "presented" }.count == 20)
        }
    }
}
