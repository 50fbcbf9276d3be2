import Foundation
import NotificationCore
import Storage
import Testing
import Webhooks

/// Receipts on every store: each step written by the change it tells of — the firing (with what the
/// center decided and when the request was added), the outbox's record of an attempt (only under the
/// claim that holds the message), a confirmation (with the token it spends) or response, a removal —
/// read back in order after a reopen, gone with the center, and swept by age.
@Suite struct ReceiptContractTests {
    static let now = StoreContractTests.now
    let contract = StoreContractTests()
    var center: CenterKey { contract.center }

    /// Fires `identifier` (added at `now`, due `after` seconds later): delivered visibly, quietly, or not at all.
    func fire(_ store: any ContractStore, _ identifier: String, presentation: Presentation?, after: TimeInterval = 60) async throws -> Date
    {
        _ = try await store.upsertPending(contract.pending(identifier, fireIn: after), limit: 64)
        let due = Self.now.addingTimeInterval(after)
        let claims = try await store.claimDue(now: due, limit: 10, lease: Lease(seconds: 60, from: due)).claims
        let fired = try await store.fire(claims, at: due) { claim, _ in
            FiringRecord(
                center: claim.center, identifier: claim.identifier, revision: claim.revision,
                delivered: presentation.map { DeliveredNotification(date: due, request: claim.pending.request, presentation: $0) },
                nextFireDate: nil, scheduledAt: claim.pending.addedAt)
        }
        #expect(fired.recorded.count == 1)
        return due
    }

    /// A message to a browser, claimed, and its attempt recorded with the receipt's step.
    @discardableResult
    func send(_ store: any ContractStore, _ receipt: ReceiptEvent, status: WebhookDeliveryRecord.Status, claim: Int64? = nil) async throws
        -> String
    {
        let id = "msg_\(UUID().uuidString.prefix(8))"
        try await store.enqueueDeliveries([
            WebhookDeliveryRecord(
                id: id, appID: "a", url: "https://push.example/1", type: .notificationDelivered, payload: Data("{}".utf8),
                nextAttempt: Self.now, createdAt: Self.now, destination: .browser, subscriptionID: receipt.destination)
        ])
        var message = try #require(
            try await store.claimDueDeliveries(
                now: receipt.at, limit: 100, perEndpoint: [:], defaultPerEndpoint: 100, lease: Lease(seconds: 600, from: Self.now)
            ).first { $0.id == id })
        message.status = status
        message.attempts = 1
        message.nextAttempt = nil
        if let claim { message.claim = claim }
        try await store.recordAttempts([
            RecordedAttempt(
                DeliveryAttemptRecord(number: 1, at: receipt.at, statusCode: 201, error: nil, durationMilliseconds: 1), of: message,
                endpoint: .answered, receipt: receipt)
        ])
        return id
    }

    @Test(arguments: StoreFactory.all)
    func eachStepIsWrittenWithTheChangeItTellsOfAndReadInOrder(_ factory: StoreFactory) async throws {
        try await contract.withStore(factory) { (store, reopen) async throws in
            #expect(try await store.receipts(center, identifier: "tea").isEmpty)
            let due = try await fire(store, "tea", presentation: Presentation(banner: true, list: true))
            let target = ReceiptTarget(center: center, identifier: "tea", deliveredAt: due, destination: "wps_1", channel: .browser)
            try await send(
                store, target.event(.sent, at: due.addingTimeInterval(1), detail: "https://push.example/m/1"), status: .delivered)
            // An attempt whose claim was taken over records nothing, its receipt neither.
            try await send(store, target.event(.failed, at: due.addingTimeInterval(2)), status: .failed, claim: 999_999)
            // A confirmation spends its token in the change that records it: the second spends nothing, writes nothing.
            let displayed = target.event(.displayed, at: due.addingTimeInterval(3))
            let spent = ChangeEvent.tokenUsed(id: "displayed:atk_1:n1", expiresAt: due.addingTimeInterval(3600))
            #expect(try await store.record([spent, .receipt(displayed)], for: center, at: displayed.at))
            await #expect(throws: StoreError.self) {
                try await store.record([.receipt(displayed), spent], for: center, at: displayed.at)
            }
            let removedAt = due.addingTimeInterval(4)
            _ = try await store.removeDelivered(center, identifiers: ["tea"], at: removedAt) { [.user(.deliveredRemoved($0))] }
            let quiet = try await fire(store, "kettle", presentation: Presentation(list: true, reasons: ["focus"]))
            let unauthorized = try await fire(store, "toast", presentation: nil)

            let store = try await reopen()
            let steps = try await store.receipts(center, identifier: "tea")
            #expect(steps.map(\.stage) == [.fired, .sent, .displayed, .removed])
            #expect(steps[0].detail == "presented" && steps[0].scheduledAt == Self.now && steps[0].deliveredAt == due)
            #expect(steps[0].destination == nil && steps[0].channel == nil)
            #expect(steps[1] == target.event(.sent, at: due.addingTimeInterval(1), detail: "https://push.example/m/1"))
            #expect(steps[2] == displayed)
            #expect(steps[3].deliveredAt == nil && steps[3].at == removedAt)
            #expect(try await store.receipts(center, identifier: "kettle").map(\.detail) == ["quiet focus"])
            #expect(try await store.receipts(center, identifier: "kettle").first?.at == quiet)
            #expect(try await store.receipts(center, identifier: "toast").map(\.detail) == ["notAuthorized"])
            #expect(try await store.receipts(center, identifier: "toast").first?.deliveredAt == unauthorized)
            #expect(try await store.receipts(CenterKey(appID: "a", centerID: "other"), identifier: "tea").isEmpty)

            // Swept by age, and gone with the center. The count is of rows: SQLite keeps the `fired` step of a
            // notification still in the delivered list ("kettle") in its delivered row, which ages out
            // with the receipts without being a row of them.
            let swept = try await store.deleteExpired(.receipts, before: due.addingTimeInterval(1.5), limit: 100)
            #expect(swept == (factory.name == "SQLite" ? 3 : 4))
            #expect(try await store.receipts(center, identifier: "tea").map(\.stage) == [.displayed, .removed])
            #expect(try await store.receipts(center, identifier: "kettle").isEmpty)
            #expect(try await store.receipts(center, identifier: "toast").isEmpty)
            #expect(try await store.deleteCenter(center, at: due))
            #expect(try await store.receipts(center, identifier: "tea").isEmpty)
            // An attempt recorded after its center was deleted is recorded; its receipt has nowhere to go.
            let late = try await send(store, target.event(.sent, at: due.addingTimeInterval(5)), status: .delivered)
            #expect(try await store.delivery(appID: "a", id: late)?.0.status == .delivered)
            #expect(try await store.receipts(center, identifier: "tea").isEmpty)
        }
    }

    /// A notification delivered again: each delivery's `fired` step comes before that delivery's other
    /// steps, whether the store wrote it with the firing or when the next delivery replaced it.
    @Test(arguments: StoreFactory.all)
    func aReplacedDeliveryKeepsItsFiredStepFirst(_ factory: StoreFactory) async throws {
        try await contract.withStore(factory) { (store, reopen) async throws in
            let first = try await fire(store, "tea", presentation: Presentation(banner: true, list: true))
            let target = ReceiptTarget(center: center, identifier: "tea", deliveredAt: first, destination: "wps_1", channel: .browser)
            try await send(store, target.event(.sent, at: first.addingTimeInterval(1), detail: "m1"), status: .delivered)
            let second = try await fire(store, "tea", presentation: Presentation(list: true, reasons: ["focus"]), after: 120)
            let store = try await reopen()
            let steps = try await store.receipts(center, identifier: "tea")
            #expect(steps.map(\.stage) == [.fired, .sent, .fired])
            #expect(steps.map(\.deliveredAt) == [first, first, second])
            #expect(steps.map(\.detail) == ["presented", "m1", "quiet focus"])
            let summary = ReceiptSummary(identifier: "tea", steps: steps, now: second)
            #expect(summary.deliveries.map(\.decision) == [.quiet, .presented])
            #expect(summary.deliveries.last?.replacedAt == second)
        }
    }
}
