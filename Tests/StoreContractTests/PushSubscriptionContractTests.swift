import ErrorCodes
import Foundation
import NotificationCore
import Storage
import Testing
import Webhooks

/// The contract of `PushSubscriptionStore` on every store: VAPID keys, subscriptions, and the outbox
/// messages a presentation or a removal writes to them in its own transaction.
@Suite struct PushSubscriptionContractTests {
    static let now = StoreContractTests.now
    let contract = StoreContractTests()
    var center: CenterKey { contract.center }

    /// A subscription made `endpoint`'s last character seconds after `now` (the list is oldest first).
    func subscription(_ endpoint: String, center: CenterKey? = nil, key: String = "vapid_1") -> PushSubscriptionRecord {
        PushSubscriptionRecord(
            center: center ?? self.center, endpoint: endpoint, p256dh: "BP-\(endpoint)", auth: "auth-\(endpoint)", vapidKeyID: key,
            createdAt: Self.now.addingTimeInterval(Double(String(endpoint.last ?? "0")) ?? 0))
    }

    func key(_ id: String) -> VAPIDKeyRecord {
        VAPIDKeyRecord(id: id, privateKey: Data(repeating: UInt8(id.count), count: 32), isPrimary: true, createdAt: Self.now)
    }

    @Test(arguments: StoreFactory.all)
    func theFirstKeyStaysPrimaryUntilARotationKeepsItForItsSubscriptions(_ factory: StoreFactory) async throws {
        try await contract.withStore(factory) { (store, reopen) async throws in
            #expect(try await store.vapidKeys().isEmpty)
            #expect(try await store.installVAPIDKey(key("vapid_1"), rotating: false).map(\.id) == ["vapid_1"])
            // A second replica starting at the same time keeps the first one's key.
            #expect(try await store.installVAPIDKey(key("vapid_2"), rotating: false).map(\.id) == ["vapid_1"])
            let rotated = try await store.installVAPIDKey(key("vapid_3"), rotating: true)
            #expect(rotated.map(\.id) == ["vapid_3", "vapid_1"] && rotated.map(\.isPrimary) == [true, false])
            let reopened = try await reopen().vapidKeys()
            #expect(reopened.map(\.id) == ["vapid_3", "vapid_1"] && reopened.first?.privateKey == Data(repeating: 7, count: 32))
        }
    }

    @Test(arguments: StoreFactory.all)
    func aBrowserSubscribingAgainIsUpdatedAndTheCentersSubscriptionsAreBounded(_ factory: StoreFactory) async throws {
        try await contract.withStore(factory) { (store, reopen) async throws in
            let (first, created) = try await store.savePushSubscription(subscription("https://push.example/1"), limit: 2)
            #expect(created)
            var again = subscription("https://push.example/1", key: "vapid_2")
            again.p256dh = "BP-new"
            let (updated, createdAgain) = try await store.savePushSubscription(again, limit: 2)
            #expect(!createdAgain && updated.id == first.id && updated.p256dh == "BP-new" && updated.vapidKeyID == "vapid_2")
            _ = try await store.savePushSubscription(subscription("https://push.example/2"), limit: 2)
            await #expect {
                try await store.savePushSubscription(subscription("https://push.example/3"), limit: 2)
            } throws: { ($0 as? NotificationError)?.code == .pushSubscriptionLimitReached }
            let stored = try await reopen().pushSubscriptions(center)
            #expect(stored.map(\.endpoint) == ["https://push.example/1", "https://push.example/2"])
            // A claim's batch in one read, by id; a subscription gone is left out.
            let batch = try await store.pushSubscriptions(ids: stored.map(\.id) + ["wps_gone"])
            #expect(batch == Dictionary(uniqueKeysWithValues: stored.map { ($0.id, $0) }))
            #expect(stored.first?.p256dh == "BP-new" && stored.first?.auth == "auth-https://push.example/1")
            #expect(try await store.pushSubscription(id: first.id)?.center == center)
            await #expect {
                try await store.savePushSubscription(
                    subscription("https://push.example/9", center: CenterKey(appID: "a", centerID: "gone")), limit: 2)
            } throws: { ($0 as? NotificationError)?.code == .centerNotFound }
        }
    }

    @Test(arguments: StoreFactory.all)
    func anEndpointMovesWithItsBrowserAndRemovalsStayInTheirCenter(_ factory: StoreFactory) async throws {
        try await contract.withStore(factory) { (store, _) async throws in
            try await store.setWebhookConfiguration(
                appID: "a",
                WebhookConfiguration(
                    delegateURL: "https://example.com/hook", secrets: [WebhookSecret.generate().text],
                    events: [.pushSubscriptionRemoved]))
            let other = CenterKey(appID: "a", centerID: "d")
            try await store.insertCenter(CenterRecord(id: "d", appID: "a", createdAt: Self.now))
            let (mine, _) = try await store.savePushSubscription(subscription("https://push.example/1"), limit: 5)
            let (moved, created) = try await store.savePushSubscription(subscription("https://push.example/1", center: other), limit: 5)
            #expect(created && moved.id != mine.id)
            #expect(try await store.pushSubscriptions(center).isEmpty)
            // The center that lost it hears, in the move's own change.
            let told = try await store.deliveries(appID: "a", status: nil, after: nil, limit: 10).items
            #expect(told.map(\.type) == [.pushSubscriptionRemoved])
            let message = try #require(told.first)
            let data = (try JSONSerialization.jsonObject(with: message.payload) as? [String: Any])?["data"] as? [String: Any]
            #expect(data?["centerID"] as? String == "c" && data?["subscriptionID"] as? String == mine.id)
            #expect(data?["reason"] as? String == "moved" && data?["endpoint"] as? String == "https://push.example/1")
            #expect(try await store.pushSubscriptions(other).map(\.id) == [moved.id])
            #expect(try await !store.removePushSubscription(center, id: moved.id), "another center's subscription")
            #expect(try await store.removePushSubscription(other, id: moved.id))
            #expect(try await !store.removePushSubscription(other, id: moved.id))
            _ = try await store.savePushSubscription(subscription("https://push.example/2", center: other), limit: 5)
            #expect(try await store.deleteCenter(other, at: Self.now))
            #expect(try await store.pushSubscription(id: moved.id) == nil)
            #expect(try await store.savePushSubscription(subscription("https://push.example/2"), limit: 5).created, "gone with its center")
        }
    }

    /// An endpoint is unique within its app only: another app's center posting it takes nothing away.
    @Test(arguments: StoreFactory.all)
    func anotherAppsCenterCannotTakeASubscription(_ factory: StoreFactory) async throws {
        try await contract.withStore(factory) { (store, reopen) async throws in
            try await store.insertApp(AppRecord(id: "b", name: "B", createdAt: Self.now))
            try await store.insertCenter(CenterRecord(id: "c", appID: "b", createdAt: Self.now))
            let intruder = CenterKey(appID: "b", centerID: "c")
            let (mine, _) = try await store.savePushSubscription(subscription("https://push.example/1"), limit: 5)
            let (theirs, created) = try await store.savePushSubscription(subscription("https://push.example/1", center: intruder), limit: 5)
            #expect(created && theirs.id != mine.id)
            let reopened = try await reopen()
            #expect(try await reopened.pushSubscriptions(center).map(\.id) == [mine.id], "the owner keeps it")
            #expect(try await reopened.pushSubscriptions(intruder).map(\.id) == [theirs.id])
            #expect(try await reopened.deliveries(appID: "a", status: nil, after: nil, limit: 10).items.isEmpty, "no event: nothing moved")
        }
    }

    @Test(arguments: StoreFactory.all)
    func aVisiblePresentationAndARemovalWriteOneMessageToEachSubscription(_ factory: StoreFactory) async throws {
        try await contract.withStore(factory) { (store, _) async throws in
            let (one, _) = try await store.savePushSubscription(subscription("https://push.example/1"), limit: 5)
            let (two, _) = try await store.savePushSubscription(subscription("https://push.example/2"), limit: 5)
            _ = try await store.upsertPending(contract.pending("tea", fireIn: 10), limit: 64)
            _ = try await store.upsertPending(contract.pending("quiet", fireIn: 10), limit: 64)
            let claims = try await store.claimDue(
                now: Self.now.addingTimeInterval(10), limit: 10, lease: Lease(seconds: 60, from: Self.now)
            )
            .claims
            let fired = Self.now.addingTimeInterval(10)
            _ = try await store.fire(claims, at: fired) { claim, _ in
                FiringRecord(
                    center: claim.center, identifier: claim.identifier, revision: claim.revision,
                    delivered: DeliveredNotification(
                        date: fired, request: claim.pending.request,
                        presentation: claim.identifier == "tea" ? Presentation(banner: true, list: true) : Presentation()),
                    nextFireDate: nil)
            }
            var messages = try await store.deliveries(appID: "a", status: nil, after: nil, limit: 10).items
            #expect(Set(messages.compactMap(\.subscriptionID)) == [one.id, two.id] && messages.count == 2, "the quiet one goes nowhere")
            #expect(Set(messages.map(\.url)) == ["https://push.example"], "one lane: the push service's origin")
            #expect(messages.allSatisfy { $0.type == .notificationDelivered && $0.status == .pending })
            let body = try #require(try JSONSerialization.jsonObject(with: messages[0].payload) as? [String: Any])
            let data = try #require(body["data"] as? [String: Any])
            #expect(data["centerID"] as? String == "c")
            #expect(((data["notification"] as? [String: Any])?["request"] as? [String: Any])?["identifier"] as? String == "tea")

            _ = try await store.removeDelivered(center, identifiers: ["tea"], at: fired) { [.user(.deliveredRemoved($0))] }
            messages = try await store.deliveries(appID: "a", status: nil, after: nil, limit: 10).items
            let closes = messages.filter { $0.type == .notificationRemoved }
            #expect(Set(closes.compactMap(\.subscriptionID)) == [one.id, two.id] && closes.count == 2)
            let close = try #require(try JSONSerialization.jsonObject(with: closes[0].payload) as? [String: Any])
            #expect((close["data"] as? [String: Any])?["identifiers"] as? [String] == ["tea"])
            // A claim hands the dispatcher the subscription with the message.
            let claimed = try await store.claimDueDeliveries(
                now: fired, limit: 10, perEndpoint: [:], defaultPerEndpoint: 10, lease: Lease(seconds: 30, from: fired))
            #expect(claimed.count == 4 && claimed.allSatisfy { $0.subscriptionID != nil })
            // Removed by an answer from one browser: only the other is sent the close.
            _ = try await store.removeDelivered(center, identifiers: ["quiet"], at: fired) {
                [.user(.deliveredRemoved($0)), .answeredOn(destination: one.id)]
            }
            let quietCloses = try await store.deliveries(appID: "a", status: nil, after: nil, limit: 20).items.filter {
                $0.type == .notificationRemoved
                    && (try? JSONSerialization.jsonObject(with: $0.payload) as? [String: Any])
                        .flatMap { ($0["data"] as? [String: Any])?["identifiers"] as? [String] } == ["quiet"]
            }
            #expect(quietCloses.map(\.subscriptionID) == [two.id])
        }
    }

    @Test(arguments: StoreFactory.all)
    func aGoneSubscriptionIsRemovedAndTheAppToldInOneChange(_ factory: StoreFactory) async throws {
        try await contract.withStore(factory) { (store, _) async throws in
            try await store.setWebhookConfiguration(
                appID: "a", WebhookConfiguration(delegateURL: "https://example.com/hook", secrets: [WebhookSecret.generate().text]))
            let (gone, _) = try await store.savePushSubscription(subscription("https://push.example/1"), limit: 5)
            #expect(try await store.removeGonePushSubscription(id: gone.id, at: Self.now))
            #expect(try await !store.removeGonePushSubscription(id: gone.id, at: Self.now))
            #expect(try await store.pushSubscriptions(center).isEmpty)
            let messages = try await store.deliveries(appID: "a", status: nil, after: nil, limit: 10).items
            #expect(messages.map(\.type) == [.pushSubscriptionRemoved] && messages.first?.url == "https://example.com/hook")
            let body = try #require(try JSONSerialization.jsonObject(with: messages[0].payload) as? [String: Any])
            let data = try #require(body["data"] as? [String: Any])
            #expect(data["subscriptionID"] as? String == gone.id && data["endpoint"] as? String == "https://push.example/1")
            #expect(data["reason"] as? String == "gone")
        }
    }
}
