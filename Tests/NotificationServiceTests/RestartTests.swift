import Clocks
import Foundation
import NotificationCore
import NotificationService
import SQLiteStorage
import Scheduling
import Storage
import Synchronization
import TestSupport
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

    /// A firing whose transaction keeps failing (a full disk: every write answers SQLITE_FULL) gives its
    /// claims back and is tried again after pauses of real time (the leases' clock; the harness's manual
    /// clock here) that double up to `FailureBackoff.longest`, rather than waiting out the claims'
    /// leases, and fires once the store works again. The claims given back announce themselves due,
    /// which does not cut the pause short: it did, and a full disk kept the scheduler trying again at
    /// once, forever, logging "firing failed" dozens of times a second.
    @Test(.timeLimit(.minutes(10))) func aFiringThatKeepsFailingIsTriedAgainAfterPausesThatDouble() async throws {
        let clock = ManualClock(now: CenterHarness.start)
        let wallClock = WatchedClock(clock)
        var failing: FailingFiring?
        let harness = try CenterHarness(
            clock: clock, wallClock: wallClock,
            firing: { service in
                let handler = FailingFiring(inner: service, clock: clock, failures: 6)
                failing = handler
                return handler
            })
        harness.startScheduler()
        _ = try await harness.authorizedCenter()
        _ = try await harness.add("c1", request("full", .timeInterval(1, repeats: false)))
        // Moved without `settle()`, which asks for a cycle and so cuts a pause short (as the clock's API
        // does), and could then come in the middle of the first try and make a second.
        let first = clock.advance(by: 1)
        // The loop rests until a second later; a wake-up for a request due now (as the claims given back
        // announced) sends it back to that rest, not to another try.
        await wallClock.sleeps(until: first.addingTimeInterval(1))
        harness.scheduler.wake(dueAt: first)
        await wallClock.sleeps(until: first.addingTimeInterval(1), count: 2)
        try #require(failing?.tries == [first])
        var at = first
        for pause: TimeInterval in [1, 2, 4, 8, 16] {
            at = clock.set(at.addingTimeInterval(pause))
            // Tried at the end of the pause, failed again: the next pause is twice as long, at most 16 s.
            await wallClock.sleeps(until: at.addingTimeInterval(min(2 * pause, FailureBackoff.longest)))
        }
        await harness.advance(to: at.addingTimeInterval(FailureBackoff.longest))
        #expect(failing?.tries == [0, 1, 3, 7, 15, 31, 47].map { first.addingTimeInterval($0) })
        #expect(try await harness.presented() == ["full"])
        await harness.stop()
    }
}

/// Fails its first `failures` firings, noting when each was tried (on `clock`), then fires as the
/// service does.
private final class FailingFiring: FiringHandler {
    struct Failure: Error {}
    let inner: any FiringHandler
    let clock: any WallClock
    private let state: Mutex<(failures: Int, tries: [Date])>

    init(inner: any FiringHandler, clock: any WallClock, failures: Int) {
        self.inner = inner
        self.clock = clock
        state = Mutex((failures, []))
    }

    var tries: [Date] { state.withLock { $0.tries } }

    func fire(_ due: [StoredPending], at now: Date) async throws -> [FiringRecord] {
        let fails = state.withLock { state in
            state.tries.append(clock.now)
            state.failures -= 1
            return state.failures >= 0
        }
        if fails { throw Failure() }
        return try await inner.fire(due, at: now)
    }
}
