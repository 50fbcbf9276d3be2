import Foundation
import NotificationCore
import PostgresStorage
import Storage
import TestSupport
import Testing
import Webhooks

/// Topics, subscriptions and broadcasts' fan-out on every store: limits and cascades; a zone planned into
/// chunks of `broadcastChunkSize` by center id; a chunk claimed under a fenced lease and fired in one
/// transaction for the members it has then, a zone's members each marked once (a stale claim records nothing, a member
/// that moved zones is not fired again); counts; completion with `broadcast.completed`; a later broadcast
/// with the same identifier replacing an active one; replicas claiming chunks at once firing each member once.
@Suite struct BroadcastContractTests {
    static let now = StoreContractTests.now
    let contract = StoreContractTests()

    static func center(_ id: String, zone: String) -> CenterRecord {
        var state = CenterState()
        state.timeZone = zone
        var center = CenterRecord(id: id, appID: "a", state: state, createdAt: now)
        center.settings.authorizationStatus = .authorized
        return center
    }

    static func record(_ identifier: String = "news", audience: Broadcast.Audience) -> BroadcastRecord {
        BroadcastRecord(
            appID: "a",
            broadcast: Broadcast(
                id: Broadcast.newID(),
                request: NotificationRequest(identifier: identifier, content: NotificationContent(title: "Hello")), audience: audience,
                createdAt: now, nextFireDate: now))
    }

    /// A firing as the service makes one: delivered when the user allowed notifications, else nothing.
    static let decide: @Sendable (Broadcast, CenterRecord) -> FiringRecord = { broadcast, center in
        FiringRecord(
            center: center.key, identifier: broadcast.request.identifier, revision: 0,
            delivered: center.settings.authorizationStatus == .authorized
                ? DeliveredNotification(date: now, request: broadcast.request, presentation: Presentation(banner: true, list: true)) : nil,
            nextFireDate: nil)
    }

    static func lease(_ seconds: TimeInterval = 60, at date: Date = Date()) -> Lease { Lease(seconds: seconds, from: date) }

    @Test(arguments: StoreFactory.all)
    func topicsSubscriptionsAndTheirLimits(_ factory: StoreFactory) async throws {
        try await contract.withStore(factory) { (store, _) async throws in
            let topic = Topic(identifier: "news", displayName: "News", createdAt: Self.now)
            try await store.insertTopic(appID: "a", topic, limit: 2)
            await #expect(throws: NotificationError.topicExists("news")) { try await store.insertTopic(appID: "a", topic, limit: 2) }
            try await store.insertTopic(appID: "a", Topic(identifier: "sport", displayName: "Sport", createdAt: Self.now), limit: 2)
            await #expect(throws: NotificationError.topicLimitReached(perApp: 2)) {
                try await store.insertTopic(appID: "a", Topic(identifier: "third", displayName: "x", createdAt: Self.now), limit: 2)
            }
            for id in ["d", "e", "f"] { try await store.insertCenter(Self.center(id, zone: "UTC")) }
            for id in ["c", "d", "e", "f"] {
                try await store.subscribe(CenterKey(appID: "a", centerID: id), to: ["news"], limit: 1, at: Self.now)
            }
            let c = CenterKey(appID: "a", centerID: "c")
            // Subscribing again changes nothing; a second topic passes the center's limit; an unknown one is refused whole.
            try await store.subscribe(c, to: ["news"], limit: 1, at: Self.now)
            await #expect(throws: NotificationError.topicLimitReached(perCenter: 1)) {
                try await store.subscribe(c, to: ["sport"], limit: 1, at: Self.now)
            }
            await #expect(throws: NotificationError.topicNotFound("nope")) {
                try await store.subscribe(c, to: ["nope"], limit: 5, at: Self.now)
            }
            #expect(try await store.topics(of: c) == ["news"])
            #expect(try await store.topic(appID: "a", identifier: "news")?.subscriberCount == 4)
            let first = try await store.subscribers(appID: "a", topic: "news", after: nil, limit: 3)
            #expect(first.items == ["c", "d", "e"])
            #expect(try await store.subscribers(appID: "a", topic: "news", after: first.nextCursor, limit: 3).items == ["f"])
            #expect(try await store.unsubscribe(c, from: ["news", "sport"]) == ["news"])
            // A center that goes takes its subscriptions; a topic that goes takes its own.
            _ = try await store.deleteCenter(CenterKey(appID: "a", centerID: "d"), at: Self.now)
            #expect(try await store.topic(appID: "a", identifier: "news")?.subscriberCount == 2)
            let page = try await store.topics(appID: "a", after: nil, limit: 1)
            #expect(page.items.map(\.identifier) == ["news"] && page.nextCursor == "news")
            #expect(try await store.deleteTopic(appID: "a", identifier: "news", at: Self.now))
            try await store.purgeDeletedTopic(appID: "a", identifier: "news")
            #expect(try await !store.deleteTopic(appID: "a", identifier: "news", at: Self.now))
            #expect(try await store.topics(of: CenterKey(appID: "a", centerID: "e")).isEmpty)
            #expect(try await store.topic(appID: "b", identifier: "sport") == nil)
        }
    }

    @Test(arguments: StoreFactory.all)
    func aZoneIsFiredChunkByChunkOncePerMember(_ factory: StoreFactory) async throws {
        try await contract.withStore(factory) { (store, reopen) async throws in
            try await store.setWebhookConfiguration(appID: "a", WebhookConfiguration(delegateURL: "https://app.example/hooks"))
            // 1,030 in Tokyo (two chunks), two in Berlin; "c" (UTC) is not in the list.
            let tokyo = (0..<1030).map { String(format: "t%04d", $0) }
            for id in tokyo { try await store.insertCenter(Self.center(id, zone: "Asia/Tokyo")) }
            try await store.insertCenter(Self.center("b1", zone: "Europe/Berlin"))
            var denied = Self.center("b2", zone: "Europe/Berlin")
            denied.settings.authorizationStatus = .denied
            try await store.insertCenter(denied)
            let record = Self.record(audience: .centers(tokyo + ["b1", "b2", "nobody"]))
            #expect(try await store.insertBroadcast(record, form: try record.broadcast.request.storedForm()).isEmpty)
            #expect(try await store.nextBroadcastDate() == Self.now)
            #expect(try await store.broadcastsDue(by: Self.now, limit: 10).map(\.broadcast.id) == [record.broadcast.id])
            #expect(Set(try await store.unplannedZones(record)) == ["Asia/Tokyo", "Europe/Berlin"])
            #expect(try await store.claimBroadcastChunk(lease: Self.lease()) == nil)

            let later = Self.now.addingTimeInterval(3600)
            try await store.planBroadcast(record, zones: ["Asia/Tokyo"], nextFireDate: later, at: Self.now)
            #expect(try await store.unplannedZones(record) == ["Europe/Berlin"])
            #expect(try await store.nextBroadcastDate() == later)
            #expect(try await store.hasUnfiredBroadcasts(dueBy: Self.now))
            // A claim whose lease ended is taken by the next; the stale one records nothing.
            let stale = try #require(try await store.claimBroadcastChunk(lease: Self.lease(1)))
            #expect(stale.members.count == broadcastChunkSize && stale.members.first?.id == "t0000")
            let taken = try #require(try await store.claimBroadcastChunk(lease: Self.lease(at: Date().addingTimeInterval(5))))
            #expect(taken.chunk.after == stale.chunk.after && taken.chunk.claim != stale.chunk.claim)
            #expect(try await store.fireBroadcastChunk(stale.chunk, at: Self.now, decide: Self.decide) == nil)
            #expect(try await store.fireBroadcastChunk(taken.chunk, at: Self.now, decide: Self.decide)?.count == broadcastChunkSize)
            #expect(try await store.fireBroadcastChunk(taken.chunk, at: Self.now, decide: Self.decide) == nil)
            let rest = try #require(try await store.claimBroadcastChunk(lease: Self.lease()))
            #expect(rest.members.map(\.id) == Array(tokyo.suffix(6)))
            #expect(try await store.fireBroadcastChunk(rest.chunk, at: Self.now, decide: Self.decide)?.count == 6)
            #expect(try await store.claimBroadcastChunk(lease: Self.lease()) == nil)
            let t5 = CenterKey(appID: "a", centerID: "t0005")
            #expect(try await store.deliveredNotification(t5, identifier: "news") != nil)
            var firing = try #require(try await store.broadcast(appID: "a", id: record.broadcast.id))
            #expect(firing.status == .firing && firing.counts == Broadcast.Counts(targeted: 1030, presented: 1030))
            #expect(try await !store.hasUnfiredBroadcasts(dueBy: Self.now))

            // A Tokyo member that moved to Berlin is not fired again; the denied one is counted.
            _ = try await store.updateCenter(t5, at: Self.now) { center, _ in center.state.timeZone = "Europe/Berlin" }
            let reopened = try await reopen()
            try await reopened.planBroadcast(record, zones: ["Europe/Berlin"], nextFireDate: nil, at: later)
            let berlin = try #require(try await reopened.claimBroadcastChunk(lease: Self.lease()))
            #expect(berlin.members.map(\.id) == ["b1", "b2"])
            let fired = try #require(try await reopened.fireBroadcastChunk(berlin.chunk, at: later, decide: Self.decide))
            #expect(fired.map(\.delivered?.request.identifier) == ["news", nil])
            firing = try #require(try await store.broadcast(appID: "a", id: record.broadcast.id))
            #expect(firing.status == .completed && firing.completedAt == later && firing.nextFireDate == nil)
            #expect(firing.counts == Broadcast.Counts(targeted: 1032, presented: 1031, notAuthorized: 1))
            #expect(try await store.nextBroadcastDate() == nil)
            let completed = try await store.deliveries(appID: "a", filter: DeliveryFilter(), after: nil, limit: 10).items.filter {
                $0.type == .broadcastCompleted
            }
            #expect(completed.count == 1)
            // Planning again finds nothing to do.
            try await store.planBroadcast(record, zones: ["Europe/Berlin"], nextFireDate: nil, at: later)
            #expect(try await store.claimBroadcastChunk(lease: Self.lease()) == nil)
            // Retention: the members' marks (a zone's chunks leave them) go a batch at a time, then the
            // broadcast; the notifications stay.
            var swept: [Int] = []
            while swept.last.map({ $0 == 1000 }) ?? true {
                swept.append(try await store.deleteExpired(.broadcasts, before: later.addingTimeInterval(1), limit: 1000))
            }
            #expect(swept == [1000, 33], "1,032 marks, then the broadcast")
            #expect(try await store.deliveredNotification(t5, identifier: "news") != nil)
        }
    }

    @Test(arguments: StoreFactory.all)
    func aLaterBroadcastReplacesAnActiveOneAndReplicasFireEachMemberOnce(_ factory: StoreFactory) async throws {
        try await contract.withStore(factory) { (store, reopen) async throws in
            let ids = (0..<3000).map { String(format: "m%04d", $0) }
            for id in ids { try await store.insertCenter(Self.center(id, zone: "UTC")) }
            let first = Self.record(audience: .all)
            _ = try await store.insertBroadcast(first, form: try first.broadcast.request.storedForm())
            try await store.planBroadcast(first, zones: [nil], nextFireDate: nil, at: Self.now)
            let second = Self.record(audience: .all)
            #expect(try await store.insertBroadcast(second, form: try second.broadcast.request.storedForm()) == [first.broadcast.id])
            #expect(try await store.broadcast(appID: "a", id: first.broadcast.id)?.status == .replaced)
            try await store.planBroadcast(first, zones: [nil], nextFireDate: nil, at: Self.now)
            try await store.planBroadcast(second, zones: [nil], nextFireDate: nil, at: Self.now)
            // Two stores (replicas) claim and fire at once, each until nothing is left.
            let other = try await reopen()
            let fired = try await withThrowingTaskGroup(of: [String].self) { group in
                for replica in [store, other] as [any ContractStore] {
                    group.addTask {
                        var fired: [String] = []
                        while let claimed = try await replica.claimBroadcastChunk(lease: Self.lease()) {
                            #expect(claimed.broadcast.id == second.broadcast.id)
                            fired +=
                                try await replica.fireBroadcastChunk(claimed.chunk, at: Self.now, decide: Self.decide)?.map(
                                    \.center.centerID) ?? []
                        }
                        return fired
                    }
                }
                return try await group.reduce(into: [String]()) { $0 += $1 }
            }
            #expect(fired.count == 3001 && Set(fired).count == 3001)
            #expect(try await store.broadcast(appID: "a", id: second.broadcast.id)?.status == .completed)
            #expect(try await store.broadcast(appID: "a", id: first.broadcast.id)?.counts.targeted == 0)
            let page = try await store.broadcasts(appID: "a", after: nil, limit: 1)
            #expect(page.items.map(\.id) == [second.broadcast.id])
            #expect(try await store.broadcasts(appID: "a", after: page.nextCursor, limit: 1).items.map(\.id) == [first.broadcast.id])
            #expect(try await store.cancelBroadcast(appID: "a", id: second.broadcast.id, at: Self.now)?.status == .completed)
            #expect(try await store.cancelBroadcast(appID: "b", id: second.broadcast.id, at: Self.now) == nil)
            // Retention: the broadcasts go, the notifications stay. A broadcast fired at one instant everywhere
            // leaves no marks of its members (each is in one chunk, fired once): the two broadcasts alone.
            #expect(try await store.deleteExpired(.broadcasts, before: Self.now, limit: 1000) == 0)
            #expect(try await store.deleteExpired(.broadcasts, before: Self.now.addingTimeInterval(1), limit: 1000) == 2)
            #expect(try await store.broadcast(appID: "a", id: second.broadcast.id) == nil)
            #expect(try await store.broadcasts(appID: "a", after: nil, limit: 10).items.isEmpty)
            #expect(try await store.deliveredNotification(CenterKey(appID: "a", centerID: "m0001"), identifier: "news") != nil)
        }
    }

    /// A broadcast holds the media its request names while it is active: an upload it names outlives the
    /// staged uploads' lifetime (a calendar broadcast fires days after it is made), and is let go when the
    /// broadcast ends. Media the app does not have are refused, as `add` refuses them.
    @Test(arguments: StoreFactory.all)
    func aBroadcastHoldsItsMediaWhileItIsActive(_ factory: StoreFactory) async throws {
        try await contract.withStore(factory) { (store, _) async throws in
            try await contract.insertImage(store)
            var request = NotificationRequest(identifier: "news", content: NotificationContent(title: "Hello"))
            request.content.attachments = [AttachmentReference(identifier: "cover", mediaID: "nope")]
            let unknown = BroadcastRecord(
                appID: "a",
                broadcast: Broadcast(id: Broadcast.newID(), request: request, audience: .all, createdAt: Self.now, nextFireDate: Self.now))
            await #expect {
                _ = try await store.insertBroadcast(unknown, form: try request.storedForm())
            } throws: { ($0 as? NotificationError) == .attachmentNotInDataStore("nope") }
            #expect(try await store.broadcast(appID: "a", id: unknown.broadcast.id) == nil)

            request.content.attachments = [AttachmentReference(identifier: "cover", mediaID: "m1")]
            let record = BroadcastRecord(
                appID: "a",
                broadcast: Broadcast(
                    id: Broadcast.newID(),
                    request: request, audience: .all, createdAt: Self.now, nextFireDate: Self.now.addingTimeInterval(3 * 86_400)))
            _ = try await store.insertBroadcast(record, form: try request.storedForm())
            #expect(try await store.media(appID: "a", id: "m1")?.holds == 1)
            #expect(try await store.media(appID: "a", id: "m1")?.attached == true)
            // Two days on, past the staged uploads' lifetime, nothing else holds it: the broadcast keeps it.
            try await store.expireStagedMedia(before: Self.now.addingTimeInterval(2 * 86_400))
            #expect(try await store.sweepMediaFiles { _ in } == 0)
            #expect(try await store.media(appID: "a", id: "m1") != nil)
            // Canceled, it holds nothing any more.
            _ = try await store.cancelBroadcast(appID: "a", id: record.broadcast.id, at: Self.now.addingTimeInterval(2 * 86_400))
            #expect(try await store.media(appID: "a", id: "m1")?.holds == 0)
            #expect(try await store.sweepMediaFiles { _ in } == 1)
            #expect(try await store.media(appID: "a", id: "m1") == nil)
        }
    }

    /// Broadcasts active when a PostgreSQL database was at version 16 hold, after the upgrade, the media
    /// their request names that is still there; an ended one holds nothing. (The SQLite file's own case is
    /// in SQLiteStoreTests.)
    @Test(.enabled(if: TestPostgres.isAvailable))
    func activeBroadcastsOfAVersion16DatabaseHoldTheirMedia() async throws {
        try await StoreFactory.withPostgresDatabase("broadcast-media") { url, open in
            try await StoreFactory.migratePostgres(url, upTo: 16)
            func form(_ media: [String]) -> String {
                let attachments = media.map { #"{"identifier":"\#($0)","mediaID":"\#($0)"}"# }.joined(separator: ",")
                return #"convert_to('{"identifier":"news","content":{"title":"Hello","attachments":[\#(attachments)]}}', 'UTF8')"#
            }
            _ = try await TestPostgres.query(
                url,
                """
                INSERT INTO apps(id, name, authorization_policy, created_at) VALUES ('a', 'A', 'prompt', 0);
                INSERT INTO media(id, app_id, sha256, uti, mime_type, size, created_at)
                VALUES ('m1', 'a', 'ab', 'public.png', 'image/png', 10, 0), ('m2', 'a', 'cd', 'public.png', 'image/png', 10, 0);
                INSERT INTO broadcasts(app_id, id, identifier, request, audience, status, created_at)
                VALUES ('a', 'brd_active', 'news', \(form(["m1", "gone"])), '\\x7b7d', 'scheduled', 0),
                    ('a', 'brd_ended', 'news', \(form(["m2"])), '\\x7b7d', 'completed', 0);
                """)
            let store = try await open(SecretBox())
            #expect(try await store.media(appID: "a", id: "m1")?.holds == 1)
            #expect(try await store.media(appID: "a", id: "m1")?.attached == true)
            #expect(try await store.media(appID: "a", id: "m2")?.holds == 0)
            try await store.expireStagedMedia(before: Date(timeIntervalSince1970: 86_400))
            #expect(try await store.media(appID: "a", id: "m1") != nil)
            #expect(try await store.media(appID: "a", id: "m2") == nil, "staged, and held by no active broadcast")
        }
    }

    @Test(arguments: StoreFactory.all)
    func aMembersPushThatFailsForGoodCountsAgainstTheBroadcast(_ factory: StoreFactory) async throws {
        try await contract.withStore(factory) { (store, _) async throws in
            let record = Self.record(audience: .all)
            _ = try await store.insertBroadcast(record, form: try record.broadcast.request.storedForm())
            let member = CenterKey(appID: "a", centerID: "c")
            _ = try await store.updateCenter(member, at: Self.now) { center, _ in center.settings.authorizationStatus = .authorized }
            _ = try await store.savePushSubscription(
                PushSubscriptionRecord(
                    center: member, endpoint: "https://push.example/1", p256dh: "BP", auth: "auth", vapidKeyID: "vapid_1",
                    createdAt: Self.now),
                limit: 10)
            try await store.planBroadcast(record, zones: [nil], nextFireDate: nil, at: Self.now)
            let claimed = try #require(try await store.claimBroadcastChunk(lease: Self.lease()))
            let fired = try await store.fireBroadcastChunk(claimed.chunk, at: Self.now) { broadcast, center in
                var firing = Self.decide(broadcast, center)
                firing.broadcastID = broadcast.id
                return firing
            }
            #expect(fired?.count == 1)
            let messages = try await store.claimDueDeliveries(
                now: Self.now, limit: 10, perEndpoint: [:], defaultPerEndpoint: 10, lease: Lease(seconds: 600, from: Self.now))
            #expect(messages.count == 1)
            let message = try #require(messages.first)
            var failed = message
            failed.status = .failed
            failed.attempts = 1
            failed.nextAttempt = nil
            try await store.recordAttempts([
                RecordedAttempt(
                    DeliveryAttemptRecord(number: 1, at: Self.now, statusCode: 400, error: nil, durationMilliseconds: 1), of: failed,
                    endpoint: .answered,
                    receipt: ReceiptEvent(
                        center: member, identifier: "news", deliveredAt: Self.now, destination: message.subscriptionID, channel: .browser,
                        stage: .failed, at: Self.now, detail: "400"))
            ])
            #expect(try await store.broadcast(appID: "a", id: record.broadcast.id)?.counts.failed == 1)
        }
    }

    @Test(arguments: StoreFactory.all)
    func aFiringsMessagesMadeBeforeItsTransactionAreWrittenAsMade(_ factory: StoreFactory) async throws {
        try await contract.withStore(factory) { (store, _) async throws in
            // "c", a center of the app within the chunk's range of ids, is not in the audience: its browser is not read.
            var subscriptions: [String: String] = [:]
            for id in ["c", "p1", "p2"] {
                if id != "c" { try await store.insertCenter(Self.center(id, zone: "UTC")) }
                let (saved, _) = try await store.savePushSubscription(
                    PushSubscriptionRecord(
                        center: CenterKey(appID: "a", centerID: id), endpoint: "https://push.example/\(id)", p256dh: "BP", auth: "auth",
                        vapidKeyID: "vapid_1", createdAt: Self.now),
                    limit: 10)
                subscriptions[id] = saved.id
            }
            let record = Self.record(audience: .centers(["p1", "p2"]))
            _ = try await store.insertBroadcast(record, form: try record.broadcast.request.storedForm())
            try await store.planBroadcast(record, zones: [nil], nextFireDate: nil, at: Self.now)
            let claimed = try #require(try await store.claimBroadcastChunk(lease: Self.lease()))
            // SQLite reads the members' browsers and phones with the claim (beside its writer); PostgreSQL leaves
            // them to the firing's transaction.
            let expected = Dictionary(
                uniqueKeysWithValues: subscriptions.filter { $0.key != "c" }.map { (CenterKey(appID: "a", centerID: $0), [$1]) })
            #expect(claimed.targets?.mapValues { $0.map(\.id) } == (factory.name == StoreFactory.sqlite.name ? expected : nil))
            // p1's messages were made before the transaction (from the claim's devices): p1's browser copy goes
            // to p2's subscription, which the store writes as made; p2's it makes itself.
            let p1 = try #require(claimed.members.first { $0.id == "p1" })
            let made = try PushSubscriptionRecord(
                id: try #require(subscriptions["p2"]), center: CenterKey(appID: "a", centerID: "p2"), endpoint: "https://push.example/p2",
                p256dh: "BP", auth: "auth", vapidKeyID: "vapid_1", createdAt: Self.now
            ).outboxMessage(.delivered(try #require(Self.decide(record.broadcast, p1).delivered)), at: Self.now, traceparent: nil)
            let fired = try await store.fireBroadcastChunk(claimed.chunk, at: Self.now) { broadcast, center in
                var firing = Self.decide(broadcast, center)
                if center.id == "p1" { firing.pushMessages = [made] }
                return firing
            }
            #expect(fired?.count == 2)
            let messages = try await store.deliveries(appID: "a", filter: DeliveryFilter(destination: .browser), after: nil, limit: 10)
                .items
            #expect(messages.map(\.subscriptionID) == [subscriptions["p2"], subscriptions["p2"]])
        }
    }
}
