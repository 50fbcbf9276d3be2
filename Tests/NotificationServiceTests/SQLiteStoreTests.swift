import Foundation
import NotificationCore
import SQLiteStorage
import Storage
import Testing

@Suite struct SQLiteStoreTests {
    func makeStore() throws -> (SQLiteStore, String) {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("store-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let path = directory.appendingPathComponent("usernotifyd.sqlite").path
        return (try SQLiteStore(path: path), path)
    }

    func pending(_ identifier: String, fireIn seconds: Double?) -> PendingRequest {
        let now = Date(timeIntervalSince1970: 1_000_000)
        return PendingRequest(
            centerID: "c",
            request: NotificationRequest(
                identifier: identifier, content: NotificationContent(title: identifier),
                trigger: .timeInterval(seconds ?? 1, repeats: false)),
            addedAt: now, nextFireDate: seconds.map { now.addingTimeInterval($0) }
        )
    }

    @Test func commitsAreSynchronousFull() async throws {
        let (store, _) = try makeStore()
        #expect(try await store.synchronousLevel() == 2, "every acknowledged write must be on disk")
    }

    @Test func migrationsRunOnceAndReopeningKeepsTheData() async throws {
        let (store, path) = try makeStore()
        try await store.insertCenter(CenterRecord(id: "c", appID: "a", createdAt: Date()))
        _ = try await store.upsertPending(pending("p", fireIn: 10), limit: 64)
        let reopened = try SQLiteStore(path: path)
        #expect(try await reopened.center(id: "c")?.appID == "a")
        #expect(try await reopened.pendingRequests(centerID: "c", after: nil, limit: 10).items.map(\.request.identifier) == ["p"])
    }

    @Test func dueRowsAreClaimedOnceUntilTheLeaseExpires() async throws {
        let (store, _) = try makeStore()
        try await store.insertCenter(CenterRecord(id: "c", appID: "a", createdAt: Date()))
        for (id, seconds) in [("a", 1.0), ("b", 2.0), ("c", 30.0)] {
            _ = try await store.upsertPending(pending(id, fireIn: seconds), limit: 64)
        }
        let now = Date(timeIntervalSince1970: 1_000_005)
        let claimed = try await store.claimDue(now: now, limit: 10, leaseUntil: now.addingTimeInterval(60)).claims
        #expect(claimed.map(\.pending.request.identifier) == ["a", "b"])
        #expect(
            try await store.claimDue(now: now, limit: 10, leaseUntil: now.addingTimeInterval(60)).claims.isEmpty,
            "claimed rows are not claimed again")
        #expect(try await store.nextFireDate() == Date(timeIntervalSince1970: 1_000_030), "claimed rows are not the next date")
        let later = now.addingTimeInterval(61)
        #expect(
            try await store.claimDue(now: later, limit: 10, leaseUntil: later.addingTimeInterval(60)).claims.map(
                \.pending.request.identifier) == [
                    "a", "b", "c",
                ])
    }

    @Test func aFiringRecordLeavesAReplacedRequestAlone() async throws {
        let (store, _) = try makeStore()
        try await store.insertCenter(CenterRecord(id: "c", appID: "a", createdAt: Date()))
        _ = try await store.upsertPending(pending("x", fireIn: 1), limit: 64)
        let now = Date(timeIntervalSince1970: 1_000_002)
        let claimed = try #require(try await store.claimDue(now: now, limit: 1, leaseUntil: now.addingTimeInterval(60)).claims.first)
        _ = try await store.upsertPending(pending("x", fireIn: 100), limit: 64)
        try await store.recordFirings([
            FiringRecord(centerID: "c", identifier: "x", revision: claimed.revision, delivered: nil, nextFireDate: nil)
        ])
        #expect(
            try await store.pendingRequests(centerID: "c", after: nil, limit: 10).items.first?.nextFireDate
                == Date(timeIntervalSince1970: 1_000_100))
    }

    @Test func theLimitCountsWhatIsPendingAfterFiringsAndRemovals() async throws {
        let (store, _) = try makeStore()
        try await store.insertCenter(CenterRecord(id: "c", appID: "a", createdAt: Date()))
        for id in ["a", "b"] { _ = try await store.upsertPending(pending(id, fireIn: 1), limit: 2) }
        await #expect(throws: NotificationError.pendingLimitReached(2)) { try await store.upsertPending(pending("c", fireIn: 1), limit: 2) }
        let now = Date(timeIntervalSince1970: 1_000_002)
        let claimed = try await store.claimDue(now: now, limit: 1, leaseUntil: now.addingTimeInterval(60)).claims
        try await store.recordFirings(
            claimed.map {
                FiringRecord(
                    centerID: "c", identifier: $0.pending.request.identifier, revision: $0.revision, delivered: nil, nextFireDate: nil)
            })
        #expect(try await store.upsertPending(pending("c", fireIn: 1), limit: 2) == .added)
        #expect(try await store.removePending(centerID: "c", identifiers: nil).count == 2)
        for id in ["d", "e"] { _ = try await store.upsertPending(pending(id, fireIn: 1), limit: 2) }
    }

    @Test func pagesFollowTheirCursors() async throws {
        let (store, _) = try makeStore()
        try await store.insertCenter(CenterRecord(id: "c", appID: "a", createdAt: Date()))
        for index in 0..<7 { _ = try await store.upsertPending(pending("p\(index)", fireIn: 10), limit: 64) }
        var cursor: String?
        var seen: [String] = []
        repeat {
            let page = try await store.pendingRequests(centerID: "c", after: cursor, limit: 3)
            seen += page.items.map(\.request.identifier)
            cursor = page.nextCursor
        } while cursor != nil
        #expect(seen == (0..<7).map { "p\($0)" })
    }

    @Test func deletingACenterTakesItsNotificationsWithIt() async throws {
        let (store, _) = try makeStore()
        try await store.insertCenter(CenterRecord(id: "c", appID: "a", createdAt: Date()))
        _ = try await store.upsertPending(pending("p", fireIn: 10), limit: 64)
        #expect(try await store.deleteCenter(id: "c"))
        #expect(try await store.nextFireDate() == nil)
        #expect(try await !store.deleteCenter(id: "c"))
    }

    /// Concurrent adds are committed in shared transactions (group commit), each in its own savepoint:
    /// the limit still holds exactly, a refused add leaves its batch-mates in, and all survive a reopen.
    @Test func concurrentAddsShareTransactionsAndKeepTheLimitExact() async throws {
        let (store, path) = try makeStore()
        try await store.insertCenter(CenterRecord(id: "c", appID: "a", createdAt: Date()))
        let outcomes = await withTaskGroup(of: String.self) { group in
            for index in 0..<200 {
                group.addTask {
                    do {
                        return "\(try await store.upsertPending(self.pending("r\(index % 150)", fireIn: 60), limit: 64))"
                    } catch let error as NotificationError {
                        return error.code
                    } catch {
                        return "\(error)"
                    }
                }
            }
            return await group.reduce(into: [String: Int]()) { $0[$1, default: 0] += 1 }
        }
        let added = outcomes["added", default: 0]
        #expect(added == 64, "\(outcomes)")
        #expect(outcomes["pendingLimitReached", default: 0] + outcomes["replaced", default: 0] + added == 200, "\(outcomes)")
        let reopened = try SQLiteStore(path: path)
        #expect(try await reopened.pendingRequests(centerID: "c", after: nil, limit: 500).items.count == 64)
    }
}
