import Foundation
import NotificationCore
import PostgresStorage
import Storage
import TestSupport
import Testing
import Webhooks

/// Deleting an app a bounded transaction at a time, as every store does it: what would still notify first
/// (its broadcasts end, its pending requests go), then its outbox, then its centers a batch at a time (with
/// their tokens, and push tokens retired); the app stays until the last, a deletion cut short is finished
/// by deleting again, and no other app loses anything.
@Suite struct AppDeletionContractTests {
    static let now = Date(timeIntervalSince1970: 2_000_000)

    /// App `a` with five centers, each with a request, a center token and a push token; app `b` with one.
    func seed(_ store: any ContractStore) async throws -> [CenterRecord] {
        var centers: [CenterRecord] = []
        for app in ["a", "b"] {
            try await store.insertApp(AppRecord(id: app, name: app, createdAt: Self.now))
            try await store.insertCredential(
                CredentialRecord(id: "key_\(app)", kind: .appKey, appID: app, centerID: nil, secretHash: Data([1]), createdAt: Self.now))
            for index in 0..<(app == "a" ? 5 : 1) {
                let center = CenterRecord(id: "c\(index)", appID: app, createdAt: Self.now)
                try await store.insertCenter(center)
                try await store.insertCredential(
                    CredentialRecord(
                        id: "tok_\(app)\(index)", kind: .centerToken, appID: app, centerID: center.id, secretHash: Data([2]),
                        createdAt: Self.now))
                let request = NotificationRequest(
                    identifier: "r", content: NotificationContent(title: "r"), trigger: .timeInterval(60, repeats: false))
                _ = try await store.upsertPending(
                    PendingRequest(center: center.key, request: request, addedAt: Self.now, nextFireDate: Self.now.addingTimeInterval(60)),
                    limit: 64)
                centers.append(center)
            }
            try await store.enqueueDeliveries([
                WebhookDeliveryRecord(
                    id: "msg_\(app)", appID: app, url: "https://\(app).example/hook", type: .notificationResponse, payload: Data("{}".utf8),
                    nextAttempt: Self.now, createdAt: Self.now)
            ])
        }
        return centers
    }

    func centers(_ store: any ContractStore, app: String) async throws -> [String] {
        try await store.centers(appID: app, after: nil, limit: 100).items.map(\.id)
    }

    @Test(arguments: StoreFactory.all)
    func whatWouldNotifyGoesFirstThenTheOutboxThenTheCentersABatchAtATimeAndTheAppStays(_ factory: StoreFactory) async throws {
        try await factory.run { store, _ in
            let seeded = try await seed(store)
            let broadcast = BroadcastRecord(
                appID: "a",
                broadcast: Broadcast(
                    id: Broadcast.newID(), request: NotificationRequest(identifier: "all", content: NotificationContent(title: "All")),
                    audience: .all, createdAt: Self.now, nextFireDate: Self.now.addingTimeInterval(60)))
            _ = try await store.insertBroadcast(broadcast, form: try broadcast.broadcast.request.storedForm())
            let deletedAt = Self.now.addingTimeInterval(5)
            // The broadcast ends and the pending requests go, 16 × 2 a transaction: nothing fires any more.
            #expect(try await store.deleteAppContents(appID: "a", limit: 2, at: deletedAt) == 6)
            #expect(try await store.broadcast(appID: "a", id: broadcast.broadcast.id)?.status == .canceled)
            #expect(try await store.nextBroadcastDate() == nil)
            #expect(try await store.pendingRequests(CenterKey(appID: "a", centerID: "c4"), after: nil, limit: 10).items.isEmpty)
            #expect(try await centers(store, app: "a").count == 5, "the centers are still there")
            // Then the outbox.
            #expect(try await store.deleteAppContents(appID: "a", limit: 2, at: deletedAt) == 1)
            #expect(try await store.delivery(appID: "a", id: "msg_a") == nil)
            // Then the centers, two a transaction.
            #expect(try await store.deleteAppContents(appID: "a", limit: 2, at: deletedAt) == 2)
            #expect(try await centers(store, app: "a") == ["c2", "c3", "c4"])
            #expect(try await store.app(id: "a") != nil, "the app stays until its last transaction")
            #expect(try await store.credential(id: "tok_a0") == nil, "a deleted center's token goes with it")
            #expect(try await store.credential(id: "tok_a2") != nil)
            let token = try #require(seeded.first { $0.appID == "a" && $0.id == "c0" }).pushToken
            #expect(try await store.center(pushToken: token) == .retired(appID: "a", at: deletedAt))
            #expect(try await store.deleteAppContents(appID: "a", limit: 2, at: deletedAt) == 2)
            #expect(try await store.deleteAppContents(appID: "a", limit: 2, at: deletedAt) == 1)
            #expect(try await store.deleteAppContents(appID: "a", limit: 2, at: deletedAt) == 0)
            #expect(try await store.app(id: "a") != nil)
            #expect(try await centers(store, app: "b") == ["c0"])
            #expect(try await store.delivery(appID: "b", id: "msg_b") != nil)
            #expect(try await store.pendingRequests(CenterKey(appID: "b", centerID: "c0"), after: nil, limit: 10).items.count == 1)
        }
    }

    @Test(arguments: StoreFactory.all)
    func aMarkedAppIsGoneAtOnceAndAPurgeCutShortIsFinishedByPurgingAgain(_ factory: StoreFactory) async throws {
        try await factory.run { store, _ in
            let seeded = try await seed(store)
            try await store.insertTopic(appID: "a", Topic(identifier: "news", displayName: "News", createdAt: Self.now), limit: 10)
            try await store.subscribe(CenterKey(appID: "a", centerID: "c0"), to: ["news"], limit: 10, at: Self.now)
            #expect(try await store.markAppDeleted(id: "a", at: Self.now))
            #expect(try await !store.markAppDeleted(id: "a", at: Self.now), "marked once")
            #expect(try await !store.markAppDeleted(id: "nope", at: Self.now))
            // Gone for every read at once, with its keys and its centers' tokens; its centers go with the purge.
            #expect(try await store.app(id: "a") == nil)
            #expect(try await store.apps(after: nil, limit: 10).items.map(\.id) == ["b"])
            #expect(try await store.credential(id: "key_a") == nil)
            #expect(try await store.credential(id: "tok_a0") == nil)
            #expect(try await centers(store, app: "a").count == 5)
            #expect(try await store.deletedApps(limit: 10) == ["a"])
            // Cut short after three batches (as a crash would leave it): still marked, with fewer centers.
            #expect(try await store.deleteAppContents(appID: "a", limit: 2, at: Self.now) == 6, "its topic, its pending requests")
            #expect(try await store.deleteAppContents(appID: "a", limit: 2, at: Self.now) == 1, "the outbox")
            #expect(try await store.deleteAppContents(appID: "a", limit: 2, at: Self.now) == 2, "two centers")
            #expect(try await store.deletedApps(limit: 10) == ["a"])
            // Its topic's subscriptions go with its centers, not by the topics' own purge.
            #expect(try await store.deletedTopics(limit: 10).isEmpty)
            try await store.purgeDeletedApp(id: "a", at: Self.now, centersPerTransaction: 2)
            #expect(try await store.deletedApps(limit: 10).isEmpty)
            #expect(try await centers(store, app: "a").isEmpty)
            for center in seeded where center.appID == "a" {
                #expect(try await store.credential(id: "tok_a\(center.id.dropFirst())") == nil)
                guard case .retired(appID: "a", _) = try await store.center(pushToken: center.pushToken) else {
                    Issue.record("\(center.id)'s push token is not retired")
                    continue
                }
            }
            try await store.purgeDeletedApp(id: "a", at: Self.now, centersPerTransaction: 2)
            // The other app keeps everything.
            #expect(try await store.app(id: "b") != nil)
            #expect(try await store.credential(id: "key_b") != nil)
            #expect(try await store.credential(id: "tok_b0") != nil)
            #expect(try await store.delivery(appID: "a", id: "msg_a") == nil)
            #expect(try await store.delivery(appID: "b", id: "msg_b") != nil)
            #expect(try await store.pendingRequests(CenterKey(appID: "b", centerID: "c0"), after: nil, limit: 10).items.count == 1)
            let other = try #require(seeded.first { $0.appID == "b" })
            guard case .center(let found) = try await store.center(pushToken: other.pushToken) else {
                Issue.record("the other app's push token no longer names its center")
                return
            }
            #expect(found.key == other.key)
        }
    }

    /// Two replicas purging one app at once take turns, a batch each: both finish, and the app is gone.
    @Test(.enabled(if: TestPostgres.isAvailable))
    func replicasPurgingOneAppAtOnceBothFinish() async throws {
        try await StoreFactory.withPostgresDatabase("app-purge") { _, open in
            let replicas = [try await open(SecretBox()), try await open(SecretBox())]
            _ = try await seed(replicas[0])
            for index in 5..<60 { try await replicas[0].insertCenter(CenterRecord(id: "m\(index)", appID: "a", createdAt: Self.now)) }
            #expect(try await replicas[1].markAppDeleted(id: "a", at: Self.now))
            try await withThrowingTaskGroup(of: Void.self) { group in
                for replica in replicas {
                    group.addTask { try await replica.purgeDeletedApp(id: "a", at: Self.now, centersPerTransaction: 2) }
                }
                try await group.waitForAll()
            }
            #expect(try await replicas[0].deletedApps(limit: 10).isEmpty)
            #expect(try await replicas[1].centers(appID: "a", after: nil, limit: 10).items.isEmpty)
            #expect(try await replicas[1].centers(appID: "b", after: nil, limit: 10).items.count == 1)
        }
    }
}
