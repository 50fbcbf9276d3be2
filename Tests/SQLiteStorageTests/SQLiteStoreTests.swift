import Crypto
import Foundation
import GRDB
import NotificationCore
import SQLiteStorage
import Storage
import TestSupport
import Testing
import Webhooks

/// What only the SQLite store has: its commits' durability, its WAL, its migrations from earlier files.
@Suite struct SQLiteStoreTests {
    func directory() throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("sqlite-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return directory
    }

    @Test func commitsAreSynchronousFull() async throws {
        let store = try SQLiteStore(path: try directory().appendingPathComponent("usernotifyd.sqlite").path)
        #expect(try await store.synchronousLevel() == 2, "every acknowledged write must be on disk")
    }

    /// A new file is made with the store's page size; a file made before (SQLite's 4 KB pages) keeps its
    /// own, migrates and takes writes as before.
    @Test func aNewFileGetsTheStoresPageSizeAndAnOlderOneKeepsItsOwn() async throws {
        func pageSize(_ path: String) throws -> Int? {
            try DatabaseQueue(path: path).read { db in try Int.fetchOne(db, sql: "PRAGMA page_size") }
        }
        let new = try directory().appendingPathComponent("usernotifyd.sqlite").path
        let store = try SQLiteStore(path: new)
        try await store.insertApp(AppRecord(id: "a", name: "a", createdAt: Date()))
        try store.close()
        #expect(try pageSize(new) == 16_384)
        let older = try directory().appendingPathComponent("usernotifyd.sqlite").path
        do {
            let pool = try DatabasePool(path: older)
            try SQLiteStore.migrator.migrate(pool, upTo: "v6: push tokens and held pushes")
        }
        #expect(try pageSize(older) == 4_096)
        let migrated = try SQLiteStore(path: older)
        try await migrated.insertApp(AppRecord(id: "a", name: "a", createdAt: Date()))
        #expect(try await migrated.app(id: "a") != nil)
        try migrated.close()
        #expect(try pageSize(older) == 4_096)
    }

    /// Closed, the store has no file of its database open, and a use after it fails instead of reopening it.
    @Test func aClosedStoreHasLetItsFilesGo() async throws {
        let directory = try directory()
        let store = try SQLiteStore(path: directory.appendingPathComponent("usernotifyd.sqlite").path)
        try await store.insertApp(AppRecord(id: "a", name: "a", createdAt: Date()))
        #expect(try await store.app(id: "a") != nil)
        try store.close()
        let open = openFiles(under: directory.path)
        #expect(open.isEmpty, "still open: \(open)")
        await #expect(throws: (any Error).self) { try await store.app(id: "a") }
    }

    /// A claim alone commits without the fsync (NORMAL); a write that must be durable never does, also
    /// when it shares its transaction with claims, and the level goes back to FULL after a claim.
    @Test func claimsAloneSkipTheFsyncAndNothingElseDoes() async throws {
        let store = try SQLiteStore(path: try directory().appendingPathComponent("usernotifyd.sqlite").path)
        #expect(try await store.synchronousLevel(durable: false) == 1)
        #expect(try await store.synchronousLevel() == 2)
        let levels = try await withThrowingTaskGroup(of: (Bool, Int).self) { group in
            for index in 0..<200 {
                let durable = index % 3 == 0
                group.addTask { (durable, try await store.synchronousLevel(durable: durable)) }
            }
            return try await group.reduce(into: [(Bool, Int)]()) { $0.append($1) }
        }
        #expect(levels.filter(\.0).allSatisfy { $0.1 == 2 }, "a durable write committed without its fsync")
        #expect(levels.filter { !$0.0 }.allSatisfy { $0.1 == 1 || $0.1 == 2 })
        #expect(try await store.synchronousLevel(durable: false) == 1)
        #expect(try await store.synchronousLevel() == 2)
    }

    /// Writes that queue while one commits share the next transaction, each in its own savepoint: one
    /// that fails (a duplicate) fails alone, and every other is committed.
    @Test func aWriteThatFailsInAGroupCommitFailsAlone() async throws {
        let store = try SQLiteStore(path: try directory().appendingPathComponent("usernotifyd.sqlite").path)
        let now = Date()
        try await store.insertApp(AppRecord(id: "app-7", name: "first", createdAt: now))
        let outcomes = await withTaskGroup(of: (Int, Bool).self) { group in
            for index in 0..<64 {
                group.addTask {
                    do {
                        try await store.insertApp(AppRecord(id: "app-\(index)", name: "app \(index)", createdAt: now))
                        return (index, true)
                    } catch {
                        return (index, false)
                    }
                }
            }
            return await group.reduce(into: [Int: Bool]()) { $0[$1.0] = $1.1 }
        }
        #expect(outcomes.filter { !$0.value }.keys.sorted() == [7], "only the duplicate fails")
        for index in 0..<64 {
            #expect(try await store.app(id: "app-\(index)")?.name == (index == 7 ? "first" : "app \(index)"))
        }
    }

    /// A new center's settings and state and a default presentation, as earlier versions stored them.
    func storedDefaults() throws -> (settings: Data, state: Data, presentation: Data) {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .millisecondsSince1970
        return (try encoder.encode(NotificationSettings()), try encoder.encode(CenterState()), try encoder.encode(Presentation()))
    }

    /// A file migrated up to `version`, with `insertHistory`'s rows, opened by the store (which migrates
    /// it on).
    func historyFile(_ key: CenterKey, upTo version: String, also: @Sendable (Database) throws -> Void = { _ in }) async throws
        -> SQLiteStore
    {
        let path = try directory().appendingPathComponent("usernotifyd.sqlite").path
        do {
            let pool = try DatabasePool(path: path)
            try SQLiteStore.migrator.migrate(pool, upTo: version)
            try await pool.write { db in
                try insertHistory(key, db)
                try also(db)
            }
        }
        return try SQLiteStore(path: path)
    }

    /// An app and its center as an earlier version wrote them, with three events (a settings change and two
    /// `presented`, sequences 1–3) and the two delivered notifications those presented ("older", "newer").
    func insertHistory(_ key: CenterKey, _ db: Database) throws {
        let (settings, state, presentation) = try storedDefaults()
        try db.execute(
            sql: "INSERT INTO apps(id, name, authorization_policy, created_at) VALUES (?, 'A', 'prompt', 0)", arguments: [key.appID])
        try db.execute(
            sql: """
                INSERT INTO centers(app_id, id, settings, state, badge, created_at, push_token, event_seq)
                VALUES (?, ?, ?, ?, 0, 0, 'tok1', 3)
                """, arguments: [key.appID, key.centerID, settings, state])
        for (seq, name) in [(1, "settingsChanged"), (2, "presented"), (3, "presented")] {
            try db.execute(
                sql: "INSERT INTO events(app_id, center_id, seq, name, data, created_at) VALUES (?, ?, ?, ?, '{}', ?)",
                arguments: [key.appID, key.centerID, seq, name, seq * 1000])
        }
        for (seq, identifier) in [(2, "older"), (3, "newer")] {
            try db.execute(
                sql: """
                    INSERT INTO delivered(app_id, center_id, identifier, delivered_at, request, presentation, seq)
                    VALUES (?, ?, ?, ?, ?, ?, ?)
                    """,
                arguments: [
                    key.appID, key.centerID, identifier, seq * 1000, #"{"content":{},"identifier":"\#(identifier)"}"#, presentation, seq,
                ])
        }
    }

    /// `insertHistory`'s "older" delivered again, quietly, at 10 s; returns it.
    @discardableResult
    func deliverOlderAgain(_ store: SQLiteStore, _ key: CenterKey) async throws -> DeliveredNotification {
        let again = DeliveredNotification(
            date: Date(timeIntervalSince1970: 10), request: NotificationRequest(identifier: "older", content: NotificationContent()),
            presentation: Presentation(list: true))
        try await store.recordFirings(
            [FiringRecord(center: key, identifier: "older", revision: 0, delivered: again, nextFireDate: nil)],
            at: Date(timeIntervalSince1970: 10))
        return again
    }

    /// A file written by the previous version (v6: one namespace of center ids, trigger-kept counts)
    /// migrates to app-scoped centers with everything carried over.
    @Test func aVersion6FileMigratesWithItsData() async throws {
        let path = try directory().appendingPathComponent("usernotifyd.sqlite").path
        do {
            let pool = try DatabasePool(path: path)
            try SQLiteStore.migrator.migrate(pool, upTo: "v6: push tokens and held pushes")
            let (settings, state, presentation) = try storedDefaults()
            try await pool.write { db in
                try db.execute(
                    sql:
                        "INSERT INTO centers(id, app_id, settings, state, badge, created_at, push_token) VALUES ('phone-1', 'app_a', ?, ?, 3, 0, 'tok1')",
                    arguments: [settings, state])
                try db.execute(
                    sql: """
                        INSERT INTO delivered(center_id, identifier, delivered_at, request, presentation, seq)
                        VALUES ('phone-1', 'd1', 0, '{"identifier":"d1","content":{}}', ?, 41)
                        """, arguments: [presentation])
                try db.execute(
                    sql: """
                        INSERT INTO apps(id, name, authorization_policy, created_at) VALUES ('app_a', 'A', 'prompt', 0);
                        INSERT INTO media(id, app_id, sha256, uti, mime_type, size, created_at) VALUES ('m1', 'app_a', 'ab', 'public.png', 'image/png', 5, 0);
                        INSERT INTO pending(center_id, identifier, request, trigger_kind, added_at, next_fire, revision, media)
                            VALUES ('phone-1', 'p1', '{"identifier":"p1","content":{}}', 'timeInterval', 0, 60000, 7, '["m1"]');
                        INSERT INTO credentials(id, kind, app_id, center_id, secret_hash, created_at)
                            VALUES ('cred1', 'centerToken', 'app_a', 'phone-1', x'01', 0);
                        """)
            }
        }
        let store = try SQLiteStore(path: path)
        let key = CenterKey(appID: "app_a", centerID: "phone-1")
        let center = try #require(try await store.center(key))
        #expect(center.badge == 3)
        #expect(center.pushToken == "tok1")
        #expect(try await store.pendingRequests(key, after: nil, limit: 10).items.map(\.request.identifier) == ["p1"])
        #expect(try await store.deliveredNotifications(key, after: nil, limit: 10).items.map(\.request.identifier) == ["d1"])
        #expect(try await store.credential(id: "cred1")?.centerID == "phone-1")
        #expect(try await store.media(appID: "app_a", id: "m1")?.holds == 1, "the hold moved to a row")
        #expect(try await store.latestEvent(key) == 41, "new events come after the delivered list's sequences")
        #expect(
            try await store.upsertPending(
                PendingRequest(
                    center: key, request: NotificationRequest(identifier: "p2", content: NotificationContent(title: "x")), addedAt: Date(),
                    nextFireDate: nil), limit: 2) == .added)
        await #expect(throws: NotificationError.pendingLimitReached(2)) {
            try await store.upsertPending(
                PendingRequest(
                    center: key, request: NotificationRequest(identifier: "p3", content: NotificationContent(title: "x")), addedAt: Date(),
                    nextFireDate: nil), limit: 2)
        }
    }

    /// A file written before v13 (history and delivered list keyed by center) keeps both: the events in
    /// their order, the delivered list newest first, and new writes go on from the center's sequence (a
    /// notification delivered again under its identifier replaces its row, through the new unique index).
    @Test func aVersion12FileKeepsItsHistoryAndDeliveredList() async throws {
        let key = CenterKey(appID: "app_a", centerID: "phone-1")
        let store = try await historyFile(key, upTo: "v12: no outbox index by due date alone (claims go endpoint by endpoint)")
        let page = try await store.events(key, after: 0, limit: 10)
        #expect(page.events.map(\.sequence) == [1, 2, 3])
        #expect(page.events.map(\.name) == ["settingsChanged", "presented", "presented"])
        #expect(!page.gap)
        #expect(try await store.deliveredNotifications(key, after: nil, limit: 10).items.map(\.request.identifier) == ["newer", "older"])
        #expect(try await store.record([.user(.badgeChanged(2))], for: key, at: Date()))
        #expect(try await store.events(key, after: 3, limit: 10).events.map(\.name) == ["badgeChanged"])
        // Delivered again: the row is replaced (one per identifier) and moves to the top of the list.
        let again = DeliveredNotification(
            date: Date(), request: NotificationRequest(identifier: "older", content: NotificationContent(title: "again")),
            presentation: Presentation())
        try await store.recordFirings(
            [FiringRecord(center: key, identifier: "older", revision: 0, delivered: again, nextFireDate: nil)], at: Date())
        let delivered = try await store.deliveredNotifications(key, after: nil, limit: 10).items
        #expect(delivered.map(\.request.identifier) == ["older", "newer"])
        #expect(delivered.first?.request.content.title == "again")
        #expect(try await store.deleteCenter(key, at: Date()))
        #expect(try await store.events(key, after: 0, limit: 10).events.isEmpty, "the history goes with its center")
    }

    /// Sustained writes with readers holding snapshots all along: passive checkpoints alone never reach
    /// the end of the WAL, which grew to hundreds of megabytes. The limits keep it bounded whatever the
    /// background checkpointer manages (at most the hard limit plus one group-committed transaction);
    /// without them the same load leaves a WAL of tens of megabytes.
    @Test func theWALStaysBoundedUnderSustainedWritesAndReads() async throws {
        let directory = try directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let hard = 1 << 20
        let store = try SQLiteStore(
            path: directory.appendingPathComponent("usernotifyd.sqlite").path, walLimits: .init(soft: 256 << 10, hard: hard))
        try await store.insertApp(AppRecord(id: "a", name: "A", createdAt: Date()))
        for index in 0..<40 { try await store.insertCenter(CenterRecord(id: "c\(index)", appID: "a", createdAt: Date())) }
        let body = String(repeating: "x", count: 2000)
        let writing = AsyncGate()
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { await store.runCheckpoints(every: .milliseconds(50)) }
            group.addTask {
                // Readers that always hold a snapshot while the writers commit.
                try await withThrowingTaskGroup(of: Void.self) { readers in
                    for index in 0..<4 {
                        readers.addTask {
                            while !writing.isOpen {
                                _ = try await store.pendingRequests(CenterKey(appID: "a", centerID: "c\(index)"), after: nil, limit: 50)
                            }
                        }
                    }
                    try await readers.waitForAll()
                }
            }
            try await withThrowingTaskGroup(of: Void.self) { writers in
                for writer in 0..<4 {
                    writers.addTask {
                        for index in 0..<400 {
                            var content = NotificationContent(title: "t")
                            content.body = body
                            let request = PendingRequest(
                                center: CenterKey(appID: "a", centerID: "c\((writer * 10 + index) % 40)"),
                                request: NotificationRequest(
                                    identifier: "w\(writer)-\(index % 60)", content: content, trigger: .timeInterval(60, repeats: false)),
                                addedAt: Date(), nextFireDate: Date().addingTimeInterval(Double(index + 10)))
                            _ = try await store.upsertPending(request, limit: 64)
                        }
                    }
                }
                try await writers.waitForAll()
            }
            writing.open()
            group.cancelAll()
        }
        #expect(store.walHighWater > 0)
        // One group-committed transaction (up to 256 adds of 2 kB) comes on top of the hard limit.
        #expect(store.walHighWater <= hard + (6 << 20), "the WAL reached \(store.walHighWater) bytes")
    }

    /// Under a steady stream of commits the WAL starts over in place (a restarting checkpoint: the file is
    /// not cut in the middle of the stream, where it would make a commit late); once writes have paused
    /// the checkpointer cuts the file back — and not after a shorter lull, which would make the next
    /// burst's first commits wait for the cut and then extend the file again.
    @Test(arguments: [false, true]) func theWALFileIsCutBackOnceWritesPause(lullOnly: Bool) async throws {
        let directory = try directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("usernotifyd.sqlite").path
        let soft = 256 << 10
        let store = try SQLiteStore(path: path, walLimits: .init(soft: soft, hard: 64 << 20))
        try await store.insertApp(AppRecord(id: "a", name: "A", createdAt: Date()))
        try await store.insertCenter(CenterRecord(id: "c", appID: "a", createdAt: Date()))
        func walSize() -> Int { ((try? FileManager.default.attributesOfItem(atPath: path + "-wal"))?[.size] as? Int) ?? 0 }
        try await withThrowingTaskGroup(of: Void.self) { group in
            // A pause that no test run outlasts, or one of a few rounds.
            let pause: Duration = lullOnly ? .seconds(3600) : .milliseconds(100)
            group.addTask { await store.runCheckpoints(every: .milliseconds(20), pause: pause) }
            var content = NotificationContent(title: "t")
            content.body = String(repeating: "x", count: 10_000)
            for index in 0..<200 {
                let request = PendingRequest(
                    center: CenterKey(appID: "a", centerID: "c"),
                    request: NotificationRequest(
                        identifier: "r\(index % 50)", content: content, trigger: .timeInterval(60, repeats: false)),
                    addedAt: Date(), nextFireDate: Date().addingTimeInterval(60))
                _ = try await store.upsertPending(request, limit: 64)
            }
            #expect(store.walHighWater > soft, "the writes took the WAL past the soft limit")
            let deadline = ContinuousClock.now + .seconds(60)
            if lullOnly {
                // Ten rounds with no commit, however slow the machine: the file stays as it was.
                let rounds = store.checkpointRoundCount + 10
                while store.checkpointRoundCount < rounds, ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(20)) }
                #expect(store.checkpointRoundCount >= rounds)
                #expect(walSize() > soft, "the WAL file is \(walSize()) bytes after a lull")
            } else {
                // Waits for the cut (the pause, then a round), however slow the machine.
                while walSize() > soft, ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(20)) }
                #expect(walSize() <= soft, "the WAL file is \(walSize()) bytes once writes paused")
            }
            group.cancelAll()
        }
    }

    /// A file written by v16 keeps its browsers' subscriptions (the table is rebuilt so that an endpoint is
    /// unique within its app) and its webhook secrets (moved apart, and sealed by the first start with a key).
    @Test func aVersion16FileKeepsItsSubscriptionsAndSealsItsSecrets() async throws {
        let path = try directory().appendingPathComponent("usernotifyd.sqlite").path
        let secret = "whsec_" + Data((0..<32).map { UInt8($0) }).base64EncodedString()
        do {
            let pool = try DatabasePool(path: path)
            try SQLiteStore.migrator.migrate(
                pool, upTo: "v16: relays to APNs and FCM: apps' credentials, phones' registrations, providers' message ids")
            let (settings, state, _) = try storedDefaults()
            try await pool.write { db in
                try db.execute(
                    sql: """
                        INSERT INTO apps(id, name, authorization_policy, created_at) VALUES ('a', 'A', 'prompt', 0), ('b', 'B', 'prompt', 0);
                        INSERT INTO webhook_configurations(app_id, configuration) VALUES ('a', ?);
                        """,
                    arguments: [Data(#"{"delegateURL":"https://example.com/hook","secrets":["\#(secret)"]}"#.utf8)])
                for app in ["a", "b"] {
                    try db.execute(
                        sql: """
                            INSERT INTO centers(app_id, id, settings, state, badge, created_at, event_seq, push_token)
                            VALUES (?, 'phone', ?, ?, 0, 0, 0, ?)
                            """,
                        arguments: [app, settings, state, "tok-\(app)"])
                }
                try db.execute(
                    sql: """
                        INSERT INTO push_subscriptions(id, app_id, center_id, endpoint, p256dh, auth, vapid_key_id, created_at)
                        VALUES ('wps_1', 'a', 'phone', 'https://push.example/1', 'BP', 'au', 'vapid_1', 0)
                        """)
            }
        }
        let store = try SQLiteStore(path: path, secrets: SecretBox(keys: [SymmetricKey(size: .bits256)]))
        #expect(try await store.sealSecrets() == 1, "moved apart, sealed as it moved")
        #expect(try await store.webhookConfiguration(appID: "a")?.secrets == [secret])
        #expect(try await store.pushSubscriptions(CenterKey(appID: "a", centerID: "phone")).map(\.id) == ["wps_1"])
        let theirs = PushSubscriptionRecord(
            center: CenterKey(appID: "b", centerID: "phone"), endpoint: "https://push.example/1", p256dh: "BP", auth: "au",
            vapidKeyID: "vapid_1", createdAt: Date())
        #expect(try await store.savePushSubscription(theirs, limit: 5).created, "another app's center may subscribe the same endpoint")
        #expect(try await store.pushSubscriptions(CenterKey(appID: "a", centerID: "phone")).map(\.id) == ["wps_1"])
        let kept =
            try Data(contentsOf: URL(fileURLWithPath: path)) + ((try? Data(contentsOf: URL(fileURLWithPath: path + "-wal"))) ?? Data())
        #expect(kept.range(of: Data(secret.utf8)) == nil, "the secret no longer in the file")
    }

    /// Messages in flight when the file was at version 18 keep going where their recipient said, and are
    /// claimed as they were due.
    @Test func aVersion18FileKnowsWhereItsMessagesGo() async throws {
        let path = try directory().appendingPathComponent("usernotifyd.sqlite").path
        do {
            let pool = try DatabasePool(path: path)
            try SQLiteStore.migrator.migrate(
                pool, upTo: "v18: secrets sealed apart (webhook secrets), apps' token keys, once-only tokens used")
            try await pool.write { db in
                try db.execute(
                    sql: """
                        INSERT INTO apps(id, name, authorization_policy, created_at) VALUES ('a', 'A', 'prompt', 0);
                        INSERT INTO deliveries(id, app_id, url, type, payload, status, attempts, failures, next_attempt, created_at, subscription_id)
                        VALUES ('msg_w', 'a', 'https://example.com/hook', 'notification.response', x'7b7d', 'pending', 0, 0, 0, 0, NULL),
                            ('msg_b', 'a', 'https://push.example/1', 'notification.delivered', x'7b7d', 'pending', 0, 0, 0, 0, 'wps_1'),
                            ('msg_p', 'a', 'apns:dev_1', 'notification.delivered', x'7b7d', 'pending', 0, 0, 0, 0, 'dev_1');
                        """)
            }
        }
        let store = try SQLiteStore(path: path)
        for destination in WebhookDeliveryRecord.Destination.allCases {
            let listed = try await store.deliveries(appID: "a", filter: DeliveryFilter(destination: destination), after: nil, limit: 10)
            #expect(listed.items.map(\.id) == ["msg_" + String(destination.rawValue.prefix(1))])
        }
        // Claimed as due on the scheduler's clock, none due on the wall clock (a column added since).
        let now = Date(timeIntervalSince1970: 1)
        let claimed = try await store.claimDueDeliveries(
            now: now, limit: 10, perEndpoint: [:], defaultPerEndpoint: 16, lease: Lease(seconds: 30, from: now), orDueOnWallClock: true)
        #expect(Set(claimed.map(\.id)) == ["msg_w", "msg_b", "msg_p"] && claimed.allSatisfy { $0.dueOnWallClock == nil })
    }

    /// Broadcasts active when the file was at version 23 hold, after the upgrade, the media their request
    /// names that is still there; an ended one holds nothing.
    @Test func aVersion23FilesActiveBroadcastsHoldTheirMedia() async throws {
        let path = try directory().appendingPathComponent("usernotifyd.sqlite").path
        do {
            let pool = try DatabasePool(path: path)
            try SQLiteStore.migrator.migrate(
                pool, upTo: "v23: topics, their subscriptions, broadcasts and their fan-out; centers by time zone")
            @Sendable func form(_ media: [String]) throws -> Data {
                var request = NotificationRequest(identifier: "news", content: NotificationContent(title: "Hello"))
                request.content.attachments = media.map { AttachmentReference(identifier: $0, mediaID: $0) }
                return try request.storedForm()
            }
            try await pool.write { db in
                try db.execute(
                    sql: """
                        INSERT INTO apps(id, name, authorization_policy, created_at) VALUES ('a', 'A', 'prompt', 0);
                        INSERT INTO media(id, app_id, sha256, uti, mime_type, size, created_at)
                        VALUES ('m1', 'a', 'ab', 'public.png', 'image/png', 10, 0), ('m2', 'a', 'cd', 'public.png', 'image/png', 10, 0);
                        """)
                let insert =
                    "INSERT INTO broadcasts(app_id, id, identifier, request, audience, status, created_at) VALUES ('a', ?, 'news', ?, x'7b7d', ?, 0)"
                try db.execute(sql: insert, arguments: ["brd_active", try form(["m1", "gone"]), "scheduled"])
                try db.execute(sql: insert, arguments: ["brd_ended", try form(["m2"]), "completed"])
            }
        }
        let store = try SQLiteStore(path: path)
        #expect(try await store.media(appID: "a", id: "m1")?.holds == 1)
        #expect(try await store.media(appID: "a", id: "m1")?.attached == true)
        #expect(try await store.media(appID: "a", id: "m2")?.holds == 0)
        try await store.expireStagedMedia(before: Date(timeIntervalSince1970: 86_400))
        #expect(try await store.media(appID: "a", id: "m1") != nil)
        #expect(try await store.media(appID: "a", id: "m2") == nil, "staged, and held by no active broadcast")
    }

    /// A file written before delivered rows were their own `presented` events keeps its history: each
    /// event once, whether its notification is delivered again, removed or left in the list, and the
    /// firings after the migration join the same history.
    @Test func aVersion24FileKeepsEachPresentedEventOnce() async throws {
        let key = CenterKey(appID: "a", centerID: "c")
        let store = try await historyFile(key, upTo: "v24: a broadcast holds its media until its last member's firing")
        #expect(try await store.events(key, after: 0, limit: 10).events.map(\.sequence) == [1, 2, 3])
        let again = try await deliverOlderAgain(store, key)
        _ = try await store.removeDelivered(key, identifiers: ["newer"], at: Date(timeIntervalSince1970: 11)) {
            [.user(.deliveredRemoved($0))]
        }
        let history = try await store.events(key, after: 0, limit: 10).events
        #expect(history.map(\.sequence) == [1, 2, 3, 4, 5])
        #expect(history.map(\.name) == ["settingsChanged", "presented", "presented", "presented", "deliveredRemoved"])
        #expect(history[1].data == Array("{}".utf8), "the event written before, not one made of the row")
        #expect(history[3].data == (try CenterEvent.presented(again).data()))
        #expect(try await store.deliveredNotifications(key, after: nil, limit: 10).items == [again])
    }

    /// A file written before delivered rows held their receipts' `fired` steps keeps each step once:
    /// the rows delivered before have theirs in `receipts`, whether they are delivered again or left in
    /// the list.
    @Test func aVersion25FileKeepsEachFiredStepOnce() async throws {
        let key = CenterKey(appID: "a", centerID: "c")
        let store = try await historyFile(key, upTo: "v25: a delivered notification is its own presented event while it is in the list") {
            db in
            for (seq, identifier) in [(2, "older"), (3, "newer")] {
                try db.execute(
                    sql: """
                        INSERT INTO receipts(app_id, center_id, identifier, delivered_at, stage, at, detail)
                        VALUES (?, ?, ?, ?, 'fired', ?, 'presented')
                        """, arguments: [key.appID, key.centerID, identifier, seq * 1000, seq * 1000])
            }
        }
        try await deliverOlderAgain(store, key)
        let older = try await store.receipts(key, identifier: "older")
        #expect(older.map(\.deliveredAt) == [Date(timeIntervalSince1970: 2), Date(timeIntervalSince1970: 10)])
        #expect(older.map(\.detail) == ["presented", "quiet"])
        #expect(try await store.receipts(key, identifier: "newer").map(\.stage) == [.fired])
        _ = try await store.removeDelivered(key, identifiers: nil, at: Date(timeIntervalSince1970: 11)) { [.user(.deliveredRemoved($0))] }
        let newer = try await store.receipts(key, identifier: "newer")
        #expect(newer.map(\.stage) == [.fired, .removed], "\(newer)")
        let olderAfter = try await store.receipts(key, identifier: "older")
        #expect(olderAfter.map(\.stage) == [.fired, .fired, .removed], "\(olderAfter)")
    }

    /// A file of v27 (before topics kept their counts) counts each topic's subscriptions as it migrates.
    @Test func aVersion27FileCountsItsTopicsSubscribers() async throws {
        let key = CenterKey(appID: "a", centerID: "c")
        let store = try await historyFile(key, upTo: "v27: a deleted topic is marked, and its subscriptions go in batches") { db in
            try db.execute(
                sql: """
                    INSERT INTO centers(app_id, id, settings, state, badge, created_at, push_token)
                    WITH RECURSIVE n(value) AS (SELECT 1 UNION ALL SELECT value + 1 FROM n WHERE value < 50)
                    SELECT 'a', 'c' || value, '{}', '{}', 0, 0, 'token-' || value FROM n;
                    INSERT INTO topics(app_id, id, display_name, created_at) VALUES ('a', 'news', 'News', 0), ('a', 'sport', 'Sport', 0);
                    INSERT INTO topic_subscriptions(app_id, topic_id, center_id, created_at)
                    WITH RECURSIVE n(value) AS (SELECT 1 UNION ALL SELECT value + 1 FROM n WHERE value < 50)
                    SELECT 'a', 'news', 'c' || value, 0 FROM n UNION ALL SELECT 'a', 'sport', 'c' || value, 0 FROM n WHERE value <= 7;
                    """)
        }
        #expect(try await store.topic(appID: "a", identifier: "news")?.subscriberCount == 50)
        #expect(try await store.topic(appID: "a", identifier: "sport")?.subscriberCount == 7)
        #expect(try await store.unsubscribe(CenterKey(appID: "a", centerID: "c3"), from: ["news", "sport"]) == ["news", "sport"])
        #expect(try await store.deleteCenter(CenterKey(appID: "a", centerID: "c4"), at: Date(timeIntervalSince1970: 10)))
        #expect(try await store.topic(appID: "a", identifier: "news")?.subscriberCount == 48)
        #expect(try await store.topic(appID: "a", identifier: "sport")?.subscriberCount == 5)
    }
}
