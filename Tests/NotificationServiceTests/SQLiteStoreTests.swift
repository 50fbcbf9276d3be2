import Foundation
import NotificationCore
import SQLiteStorage
import Storage
import TestSupport
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

    /// Sustained writes with readers holding snapshots all along: passive checkpoints alone never reach
    /// the end of the WAL, which grew to hundreds of megabytes. The limits keep it bounded whatever the
    /// background checkpointer manages (at most the hard limit plus one group-committed transaction);
    /// without them the same load leaves a WAL of tens of megabytes.
    @Test func theWALStaysBoundedUnderSustainedWritesAndReads() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("wal-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let hard = 1 << 20
        let store = try SQLiteStore(
            path: directory.appendingPathComponent("usernotifyd.sqlite").path, walLimits: .init(soft: 256 << 10, hard: hard))
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
                                _ = try await store.pendingRequests(centerID: "c\(index)", after: nil, limit: 50)
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
                            var request = self.pending("w\(writer)-\(index % 60)", fireIn: Double(index + 10))
                            request.centerID = "c\((writer * 10 + index) % 40)"
                            request.request.content.body = body
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
}
