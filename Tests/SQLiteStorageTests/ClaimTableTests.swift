import Foundation
import NotificationCore
import Storage
import Synchronization
import TestSupport
import Testing
import Webhooks

@testable import SQLiteStorage

/// The in-memory claims of the SQLite store, on their own: tokens fence, leases end on the clock they are
/// given, a claim taken over is left alone by its old holder, and expired claims do not pile up.
@Suite struct ClaimTableTests {
    typealias Table = ClaimTable<String, Int>

    @Test func aClaimHoldsItsKeysAtTheirDetailsUntilItsLeaseEnds() {
        let table = Table()
        table.claim([("a", 1), ("b", 2)], token: 7, until: 100, now: 0)
        #expect(table.held(now: 100) == ["a": 1, "b": 2])
        #expect(table.held(now: 101).isEmpty, "ended")
        #expect(table.isHeld("a", token: 7), "the token fences: a claim whose lease ended holds until another takes it")
        #expect(!table.isHeld("a", token: 8))
        #expect(table.anyLive(now: 100) && !table.anyLive(now: 101))
    }

    /// What a scan skips: the claims live at its `now`, as the table held them when it was taken (later
    /// claims, releases and fences do not change it), and one claimed for a batch under one lock.
    @Test func aLiveViewIsTheClaimsAsTakenAndHoldsAnswersEachKeysFence() {
        let table = Table()
        table.claim([("a", 1), ("b", 2)], token: 7, until: 100, now: 0)
        table.claim([("c", 3)], token: 8, until: 50, now: 0)
        let live = table.live(now: 60)
        #expect(live["a"] == 1 && live["b"] == 2)
        #expect(live["c"] == nil, "its lease ended")
        #expect(live["d"] == nil)
        table.release([("a", token: 7)])
        table.claim([("d", 4)], token: 9, until: 100, now: 0)
        #expect(live["a"] == 1 && live["d"] == nil, "as it was taken")
        #expect(table.live(now: 60)["a"] == nil && table.live(now: 60)["d"] == 4)
        let fences: [(String, token: Int64)?] = [("b", token: 7), ("b", token: 9), ("c", token: 8), nil, ("a", token: 7)]
        #expect(table.holds(fences) == [true, false, true, false, false])
    }

    @Test func aNewClaimTakesTheKeyOverAndTheOldHolderCanNeitherExtendNorReleaseIt() {
        let table = Table()
        table.claim([("a", 1)], token: 7, until: 100, now: 0)
        table.claim([("a", 2)], token: 8, until: 200, now: 150)
        #expect(table.token(of: "a") == 8)
        table.extend([("a", token: 7)], until: 1_000)
        table.release([("a", token: 7)])
        #expect(table.held(now: 200) == ["a": 2], "the new claim, as it was")
        table.extend([("a", token: 8)], until: 300)
        #expect(table.isHeld("a", token: 8) && table.held(now: 300) == ["a": 2])
        table.release([("a", token: 8)])
        #expect(table.token(of: "a") == nil)
    }

    @Test func droppingAKeyEndsWhateverClaimHeldIt() {
        let table = Table()
        table.claim([("a", 1)], token: 7, until: 100, now: 0)
        table.drop("a")
        #expect(!table.isHeld("a", token: 7))
    }

    @Test func expiredClaimsGoOnceTheTableHasGrownPastItsSweepMark() {
        let table = Table()
        table.claim((0..<1_024).map { ("old\($0)", $0) }, token: 1, until: 10, now: 0)
        #expect(table.token(of: "old0") == 1, "under the mark nothing is swept, expired or not")
        table.claim([("new", 0)], token: 2, until: 100, now: 50)
        #expect(table.token(of: "old0") == nil, "past it, what ended before now goes")
        #expect(table.token(of: "new") == 2)
    }
}

/// The claims against the rows they hold, through the store: a claim must never take what a commit
/// finished while the claim's read was starting. The interleaving that sent an outbox message twice: a
/// claim's read takes its snapshot (GRDB reads the schema version as the read begins), then an attempt on
/// the message commits its record and ends its claim, then the claim looks at the claim table. Each test
/// holds the claim's reader right there.
@Suite struct ClaimSnapshotTests {
    static let start = Date(timeIntervalSince1970: 1_800_000_000)

    /// A store whose next read, once `hold` is called, stops right after it took its snapshot until the
    /// returned `release` runs; `reached` waits for it to get there.
    final class HeldReader: Sendable {
        /// Where the reader stops: armed for one read, and the two signals.
        private final class Point: Sendable {
            let armed = Mutex(false)
            let reached = DispatchSemaphore(value: 0)
            let proceed = DispatchSemaphore(value: 0)
        }

        let store: SQLiteStore
        private let point = Point()
        private let directory: URL

        init() throws {
            directory = FileManager.default.temporaryDirectory.appendingPathComponent("claims-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            let point = point
            store = try SQLiteStore(
                path: directory.appendingPathComponent("usernotifyd.sqlite").path, walLimits: .init(), secrets: SecretBox(),
                readerStatements: { sql in
                    guard sql.contains("schema_version"),
                        point.armed.withLock({ armed in
                            defer { armed = false }; return armed
                        })
                    else {
                        return
                    }
                    point.reached.signal()
                    point.proceed.wait()
                })
        }

        deinit { try? FileManager.default.removeItem(at: directory) }

        func hold() { point.armed.withLock { $0 = true } }
        func reached() async throws {
            let point = point
            try await onOwnThread { point.reached.wait() }
        }
        func release() { point.proceed.signal() }
    }

    @Test func aClaimWhoseSnapshotPredatesARecordDoesNotTakeTheMessageAgain() async throws {
        let held = try HeldReader()
        let store = held.store
        try await store.insertApp(AppRecord(id: "app", name: "app", createdAt: Self.start))
        try await store.enqueueDeliveries([
            WebhookDeliveryRecord(
                id: "msg", appID: "app", url: "https://example.com/hook", type: .notificationResponse, payload: Data("{}".utf8),
                nextAttempt: Self.start, createdAt: Self.start)
        ])
        func claim() async throws -> [WebhookDeliveryRecord] {
            try await store.claimDueDeliveries(
                now: Self.start, limit: 10, perEndpoint: [:], defaultPerEndpoint: 10, lease: Lease(seconds: 30, from: Self.start))
        }
        let first = try await claim()
        #expect(first.map(\.id) == ["msg"])
        held.hold()
        async let second = claim()
        try await held.reached()
        var delivered = try #require(first.first)
        delivered.status = .delivered
        delivered.attempts = 1
        delivered.nextAttempt = nil
        try await store.recordAttempts([
            RecordedAttempt(
                DeliveryAttemptRecord(number: 1, at: Self.start, statusCode: 204, error: nil, durationMilliseconds: 1), of: delivered,
                endpoint: .answered)
        ])
        held.release()
        #expect(try await second.isEmpty, "the message was taken again after its attempt was recorded")
    }

    @Test func aClaimWhoseSnapshotPredatesAFiringDoesNotFireItAgain() async throws {
        let held = try HeldReader()
        let store = held.store
        try await store.insertApp(AppRecord(id: "app", name: "app", createdAt: Self.start))
        try await store.insertCenter(CenterRecord(id: "phone", appID: "app", createdAt: Self.start))
        let request = NotificationRequest(
            identifier: "tea", content: NotificationContent(title: "Tea"), trigger: .timeInterval(60, repeats: false))
        _ = try await store.upsertPending(
            PendingRequest(
                center: CenterKey(appID: "app", centerID: "phone"), request: request, addedAt: Self.start,
                nextFireDate: Self.start.addingTimeInterval(60)), limit: 64)
        let due = Self.start.addingTimeInterval(60)
        func claim() async throws -> [StoredPending] {
            try await store.claimDue(now: due, limit: 10, lease: Lease(seconds: 60, from: due)).claims
        }
        let first = try await claim()
        #expect(first.map(\.identifier) == ["tea"])
        held.hold()
        async let second = claim()
        try await held.reached()
        _ = try await store.fire(first, at: due) { claim, _ in
            FiringRecord(center: claim.center, identifier: claim.identifier, revision: claim.revision, delivered: nil, nextFireDate: nil)
        }
        held.release()
        #expect(try await second.isEmpty, "the request was claimed again after it fired")
    }
}
