import Foundation
import NotificationCore
import Storage
import Testing
import Webhooks

/// The retention sweeps' deletes as every store makes them: only what is older than the cutoff, only
/// finished (or failed) messages with their attempts, in batches of at most `limit`.
@Suite struct RetentionContractTests {
    static let now = Date(timeIntervalSince1970: 3_000_000)
    let center = CenterKey(appID: "a", centerID: "c")

    func message(_ id: String, at date: Date) -> WebhookDeliveryRecord {
        WebhookDeliveryRecord(
            id: id, appID: "a", url: "https://example.com/hook", type: .notificationResponse, payload: Data("{}".utf8), nextAttempt: date,
            createdAt: date)
    }

    /// Claims every due message and records one attempt for each that `statuses` names, leaving it so.
    func finish(_ store: any ContractStore, _ statuses: [String: WebhookDeliveryRecord.Status]) async throws {
        let claimed = try await store.claimDueDeliveries(
            now: Self.now.addingTimeInterval(100), limit: 100, perEndpoint: [:], defaultPerEndpoint: 100,
            lease: Lease(seconds: 200, from: Self.now))
        for var message in claimed {
            guard let status = statuses[message.id] else { continue }
            message.status = status
            message.attempts = 1
            message.nextAttempt = nil
            try await store.recordAttempt(
                DeliveryAttemptRecord(
                    number: 1, at: Self.now, statusCode: status == .delivered ? 200 : 500, error: nil, durationMilliseconds: 1),
                of: message, endpoint: .answered)
        }
    }

    @Test(arguments: StoreFactory.all)
    func oldFinishedAndFailedMessagesGoPendingOnesStay(_ factory: StoreFactory) async throws {
        try await factory.run { store, _ in
            try await store.insertApp(AppRecord(id: "a", name: "A", createdAt: Self.now))
            let old = Self.now.addingTimeInterval(-8 * 86_400)
            try await store.enqueueDeliveries([
                message("msg_done", at: old), message("msg_failed", at: old), message("msg_waiting", at: old),
                message("msg_recent", at: Self.now),
            ])
            try await finish(store, ["msg_done": .delivered, "msg_failed": .failed, "msg_recent": .delivered])
            let cutoff = Self.now.addingTimeInterval(-7 * 86_400)
            #expect(try await store.deleteExpired(.finishedMessages, before: cutoff, limit: 100) == 1)
            #expect(try await store.delivery(appID: "a", id: "msg_done") == nil, "with its attempts")
            #expect(try await store.delivery(appID: "a", id: "msg_failed") != nil, "failed ones have their own retention")
            #expect(try await store.deleteExpired(.failedMessages, before: cutoff, limit: 100) == 1)
            #expect(try await store.delivery(appID: "a", id: "msg_waiting") != nil, "a message still to be sent is never swept")
            #expect(try await store.delivery(appID: "a", id: "msg_recent") != nil)
        }
    }

    @Test(arguments: StoreFactory.all)
    func retiredTokensAndEventsGoInBatches(_ factory: StoreFactory) async throws {
        try await factory.run { store, _ in
            try await store.insertApp(AppRecord(id: "a", name: "A", createdAt: Self.now))
            try await store.insertCenter(CenterRecord(id: "c", appID: "a", createdAt: Self.now))
            let old = Self.now.addingTimeInterval(-40 * 86_400)
            for _ in 0..<3 {
                _ = try await store.updateCenter(center, at: old) { center, events in
                    center.pushToken = CenterRecord.newPushToken()
                    events += [.user(.badgeChanged(1))]
                }
            }
            _ = try await store.updateCenter(center, at: Self.now) { _, events in events += [.user(.badgeChanged(2))] }
            let cutoff = Self.now.addingTimeInterval(-30 * 86_400)
            #expect(try await store.deleteExpired(.events, before: cutoff, limit: 2) == 2)
            #expect(try await store.deleteExpired(.events, before: cutoff, limit: 2) == 1)
            #expect(try await store.deleteExpired(.events, before: cutoff, limit: 2) == 0)
            #expect(try await store.events(center, after: 0, limit: 10).events.map(\.sequence) == [4], "the recent event stays")
            // The tokens were retired at the wall clock's time (the store's triggers), so sweep from a later cutoff.
            let deleted = try await store.deleteExpired(.retiredPushTokens, before: Date().addingTimeInterval(86_400), limit: 100)
            #expect(deleted == 3)
        }
    }
}
