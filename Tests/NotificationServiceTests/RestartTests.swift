import Clocks
import Foundation
import NotificationCore
import NotificationService
import SQLiteStorage
import Scheduling
import Storage
import Synchronization
import Testing

/// What survives a restart: the store is the truth, so a new scheduler on the same file picks up.
@Suite struct RestartTests {
    @Test func requestsThatCameDueWhileDownFireOnceAndRepeatingOnesMoveOn() async throws {
        let clock = ManualClock(now: CenterHarness.start)
        let first = try CenterHarness(clock: clock)
        first.startScheduler()
        _ = try await first.authorizedCenter()
        _ = try await first.add("c1", request("once", .timeInterval(30, repeats: false)))
        _ = try await first.add("c1", request("every-minute", .timeInterval(60, repeats: true)))
        _ = try await first.add("c1", request("later", .timeInterval(3600, repeats: false)))
        await first.stop()

        // Down for ten and a half minutes.
        clock.advance(by: 630)
        let second = try CenterHarness(directory: first.directory, clock: clock)
        second.startScheduler()
        await second.scheduler.settle()
        #expect(Set(try await second.presented()) == ["once", "every-minute"])
        #expect(try await second.presented().count == 2, "each fires once, however many periods were missed")
        let repeating = try await second.pending().first { $0.request.identifier == "every-minute" }
        #expect(repeating?.nextFireDate == CenterHarness.start.addingTimeInterval(660))
        await second.advance(by: 30)
        #expect(try await second.presented().count == 3)
        #expect(try await second.pending().map(\.request.identifier).sorted() == ["every-minute", "later"])
        await second.stop()
    }

    /// One process owns a SQLite file (the server holds the data directory's lock), so a claim on disk
    /// when the store opens was left by a process that died: it is released then, and the request fires
    /// at once — though the clock has not moved and the claim's lease has a long way to go.
    @Test func aClaimLeftByACrashFiresAtOnceWhenTheStoreReopens() async throws {
        let clock = ManualClock(now: CenterHarness.start)
        let first = try CenterHarness(clock: clock)
        _ = try await first.authorizedCenter()
        _ = try await first.add("c1", request("claimed", .timeInterval(1, repeats: false)))
        clock.advance(by: 1)
        // A scheduler claimed it and died before recording the firing.
        #expect(try await first.store.claimDue(now: clock.now, limit: 10, lease: Lease(seconds: 3600, from: Date())).claims.count == 1)
        let second = try CenterHarness(directory: first.directory, clock: clock)
        second.startScheduler()
        await second.scheduler.settle()
        #expect(try await second.presented() == ["claimed"])
        await second.stop()
    }

    /// A firing whose transaction fails gives its claims back and is tried again a second later on the
    /// leases' clock (real time; the harness's manual clock here), rather than waiting out the claims'
    /// leases (with claims in memory, nothing else would take them before the next wake-up).
    @Test func aFailedFiringGivesItsClaimsBackAndIsTriedAgainASecondLater() async throws {
        var failing: FailingOnce?
        let harness = try CenterHarness(firing: { service in
            let handler = FailingOnce(inner: service)
            failing = handler
            return handler
        })
        harness.startScheduler()
        _ = try await harness.authorizedCenter()
        _ = try await harness.add("c1", request("retried", .timeInterval(1, repeats: false)))
        await harness.advance(by: 1)
        #expect(failing?.failed == true, "the first firing failed")
        #expect(try await harness.presented().isEmpty)
        await harness.advance(by: 1)
        #expect(try await harness.presented() == ["retried"])
        await harness.stop()
    }
}

/// Fails its first firing, then fires as the service does.
private final class FailingOnce: FiringHandler {
    struct Failure: Error {}
    let inner: any FiringHandler
    private let failedOnce = Atomic(false)

    init(inner: any FiringHandler) { self.inner = inner }

    var failed: Bool { failedOnce.load(ordering: .relaxed) }

    func fire(_ due: [StoredPending], at now: Date) async throws -> [FiringRecord] {
        if !failedOnce.exchange(true, ordering: .relaxed) { throw Failure() }
        return try await inner.fire(due, at: now)
    }
}
