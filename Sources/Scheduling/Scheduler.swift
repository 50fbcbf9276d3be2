import Clocks
import Foundation
import Logging
import NotificationCore
import ServiceLifecycle
import Storage
import Synchronization

/// Fires claimed requests: decides their presentation and records the firings (delivered notifications,
/// next dates or removals, events). Implemented by the center service.
package protocol FiringHandler: Sendable {
    /// Returns the firings recorded now; firings that wait on an app's extensions are recorded later.
    @discardableResult
    func fire(_ due: [StoredPending], at now: Date) async throws -> [FiringRecord]
}

/// Fires pending requests at their trigger dates.
///
/// The store holds the truth. The scheduler holds only a small min-heap of requests it has *claimed*
/// ahead of time: those due within `lookahead` (an index range scan). At the due instant only the firing
/// remains to be done — deciding the presentation and recording it in one transaction — which is what
/// keeps firing to the millisecond. A restart needs no rebuild: everything that came due while the
/// service was down fires at once, and repeating triggers fire once and move on (see
/// `NotificationTrigger.nextFireDate`). Claims are leases with fencing tokens: a claim left by a process
/// that died is taken over when its lease ends (nothing releases others' claims, which would steal live
/// ones from other replicas; on SQLite the one process that owns the file holds them in memory, so a
/// crash leaves none), and a firing is recorded only by the claim that holds the request, so a request
/// removed or replaced after its claim does not fire, and nothing fires twice. Leases run on
/// `wallClock`, the wall clock, whatever `clock` is (`Lease`). The change
/// feed's `.due` (a request added or moved, here or on another replica) calls `wake(dueAt:)`, which
/// claims only once that date comes within the lookahead (an add due tomorrow costs no claim); a move of
/// the virtual clock or changes that may have been missed call `wake()`, which claims at once (the
/// safety poll's `poll()` too, but it leaves a pause after a failure to run its course: `FailureBackoff`).
package actor Scheduler: Service {
    private let store: any NotificationStore
    private let clock: any SchedulerClock
    /// The wall clock leases and pauses after a failure are measured on, even when `clock` is virtual.
    private let wallClock: any WallClock
    private let handler: any FiringHandler
    private let logger: Logger
    private let batchSize: Int
    private let backlogBatchSize: Int
    private let lease: TimeInterval
    private let lookahead: TimeInterval
    private let claimChunk: Int
    /// Claimed requests, earliest first.
    private var claimed = ClaimedHeap()
    /// The earliest unclaimed fire date the store reported at the last claim.
    private var nextUnclaimed: Date?
    /// Claim on the next cycle whatever `nextUnclaimed` says: at start, and after `wake()`.
    private var mustClaim = true
    /// Wake-ups asked for since the loop last looked.
    private let wakes = Mutex(Wakes())
    /// The last claim was full and already due: claim whole batches until caught up.
    private var backlog = false
    /// The cycles that failed since the loop last caught up (a claim that works does not end the run of
    /// failures of a firing that does not), and the pause after the last.
    private var backoff = FailureBackoff()
    private let wakeSignal = WakeSignal()
    private var startedCycles = 0
    private var completedCycles = 0
    private var cycleWaiters: [(target: Int, continuation: CheckedContinuation<Void, Never>)] = []
    /// The batch of a backlog fired beside the loop, while the loop prepares the next.
    private var firing: BatchFiring?
    /// The claim made ahead of need, beside the loop; `refilling` while it runs.
    private let refill = Refill()
    private var refilling = false
    /// The earliest date a request became due at while a refill ran: its outcome may not have seen it.
    private var dueWhileRefilling: Date?
    /// Claims made so far (each a transaction).
    package private(set) var claims = 0
    /// The loop has ended (shutdown): nothing fires here any more.
    package private(set) var hasStopped = false

    private struct Wakes {
        /// Claim whatever the store holds now (`wake()`).
        var claim = false
        /// Claim at the next cycle, without cutting a pause short (`poll()`).
        var poll = false
        /// The earliest date a request became due at (`wake(dueAt:)`).
        var due: Date?
    }

    /// The scheduler keeps the requests due within `lookahead` claimed: when the earliest unclaimed one
    /// comes within half of it, a refill claims the next `claimChunk` due within the whole of it, beside
    /// the firing loop (a claim updates and decodes its rows, about 25 µs each: made between two
    /// firings, one claim of a few rows per firing doubled the writer's commits, and a large one made the
    /// next firings late). What is due and still unclaimed — a wake-up, a restart, a request added due
    /// now — is claimed before the cycle fires again.
    ///
    /// `batchSize` bounds the claimed requests held at once while the scheduler keeps ahead of due
    /// dates; a backlog (a campaign's burst, a restart) is claimed and fired `backlogBatchSize` at a time,
    /// one transaction each, the next batch claimed while one fires and fired beside it (`BatchFiring`).
    /// A firing's rows cost the same in any batch, but each transaction adds a commit: 1,024 fired a
    /// 20,000-request burst about a quarter faster than 256. The steady state keeps the smaller bound:
    /// with room for more than the lookahead holds, every cycle would claim (a commit the next firing
    /// waits behind) — lateness p50 1.0 → 2.0 ms at 1,000 fires/s.
    package init(
        store: any NotificationStore, clock: any SchedulerClock, wallClock: any WallClock = SystemClock(),
        handler: any FiringHandler, logger: Logger, batchSize: Int = 256, backlogBatchSize: Int = 1024,
        lease: TimeInterval = Scheduler.defaultLease,
        lookahead: TimeInterval = 0.25,
        claimChunk: Int = 16
    ) {
        self.claimChunk = claimChunk
        self.lookahead = lookahead
        self.store = store
        self.clock = clock
        self.wallClock = wallClock
        self.handler = handler
        self.logger = logger
        self.batchSize = batchSize
        self.backlogBatchSize = backlogBatchSize
        self.lease = lease
    }

    /// Asks the scheduler to claim from the store again now (the virtual clock moved, changes may have
    /// been missed).
    package nonisolated func wake() {
        wakes.withLock { $0.claim = true }
        wakeSignal.signal()
    }

    /// Asks the scheduler to claim again at its next cycle, as `wake()` does, but leaves a pause after a
    /// failure to run its course: the safety poll, which finds changes the feed may have lost, every few
    /// seconds whether or not the store works.
    package nonisolated func poll() {
        wakes.withLock { $0.poll = true }
        wakeSignal.signal()
    }

    /// Tells the scheduler that a request became due at `date` (added, replaced, moved, released): it
    /// claims it once it comes within the lookahead, and sooner than anything it knew of.
    package nonisolated func wake(dueAt date: Date) {
        wakes.withLock { $0.due = min($0.due ?? date, date) }
        wakeSignal.signal()
    }

    /// Wakes the scheduler and returns once it has fired everything due at the clock's current time.
    /// For tests and the virtual-clock API: advance the clock, then `settle()`. With `claiming` false
    /// the scheduler claims only what it would have claimed anyway (the wake-ups it was given, the
    /// lookahead).
    package func settle(claiming: Bool = true) async {
        // The next cycle to start begins after this call, so it sees the clock as it is now.
        let target = startedCycles + 1
        if claiming { wake() } else { wakeSignal.signal() }
        await withCheckedContinuation { continuation in
            guard !hasStopped else { return continuation.resume() }
            cycleWaiters.append((target, continuation))
        }
    }

    /// How long a claim holds a request: the time a process that died keeps it from firing elsewhere.
    /// Firings that wait on an app's extensions renew it while they wait.
    package static let defaultLease: TimeInterval = 10

    package func run() async throws {
        await withGracefulShutdownHandler {
            await loop()
        } onGracefulShutdown: {
            self.wakeSignal.signal()
        }
    }

    private func loop() async {
        await withDiscardingTaskGroup { group in
            func start(_ order: Refill.Order) {
                refilling = true
                claims += 1
                group.addTask { [store, refill, wakeSignal] in
                    await refill.run(order, on: store)
                    wakeSignal.signal()
                }
            }
            func fireBeside(_ due: [StoredPending]) -> BatchFiring {
                let (batch, now) = (BatchFiring(due), clock.now)
                group.addTask { [handler, store, logger] in await batch.run(handler, at: now, store: store, logger: logger) }
                return batch
            }
            while !Task.isCancelled, !Task.isShuttingDownGracefully {
                startedCycles += 1
                takeWakes()
                let (decision, order) = await fireDueBatch(beside: fireBeside, refill: start)
                if let order { start(order) }
                // A cycle with a refill under way is not at rest: the one that takes its outcome may be.
                completeCycle(resting: decision != .fire && !refilling)
                switch decision {
                case .fire:
                    continue
                case .sleep(let deadline):
                    caughtUp()
                    await wakeSignal.wait(until: deadline, on: clock)
                case .waitForWork:
                    caughtUp()
                    await wakeSignal.wait(until: nil, on: clock)
                case .pauseAfterFailure:
                    await pause(for: backoff.failed())
                }
            }
        }
        // The group waited for a refill under way: what it claimed goes back with the rest.
        takeRefill()
        // Give back what was claimed and not fired, so that it fires without waiting for the lease.
        let unfired = claimed.removeAll()
        if !unfired.isEmpty { try? await store.releaseClaims(unfired) }
        // Release anyone waiting for a cycle: there will be none.
        hasStopped = true
        cycleWaiters.forEach { $0.continuation.resume() }
        cycleWaiters.removeAll()
    }

    /// Everything due has fired: a failure from now on pauses the shortest time again.
    private func caughtUp() {
        if case let failures = backoff.succeeded(), failures > 0 {
            logger.notice("the scheduler fires again", metadata: ["scheduler.failures": .stringConvertible(failures)])
        }
    }

    /// Waits `seconds` of real time after a failed cycle. A request that came due does not cut the pause
    /// short: giving back the failed batch's claims announces them as due, and a store that keeps failing
    /// (a full disk) would be tried again at once, forever. A claim asked for does (`wake()`: the clock
    /// moved, the change feed reconnected), as does a `settle()` waiting for a cycle at rest, and the
    /// shutdown.
    private func pause(for seconds: TimeInterval) async {
        let until = wallClock.now.addingTimeInterval(seconds)
        while wallClock.now < until, !Task.isCancelled, !Task.isShuttingDownGracefully, cycleWaiters.isEmpty,
            !wakes.withLock({ $0.claim })
        {
            await wakeSignal.wait(until: until, on: wallClock)
        }
    }

    /// One cycle: fire what is due among the claimed requests, claim what is due and unclaimed, and
    /// decide when to look again — and whether to refill beside the loop. In a backlog the batch fires
    /// beside the loop (`beside`), so that the next one is taken and prepared while its transaction runs
    /// (the writer waited ~4 ms between batches of 1,024 for the loop's own work): two batches at most,
    /// the one before waited for here; the loop rests only once none is left.
    private func fireDueBatch(
        beside: ([StoredPending]) -> BatchFiring, refill: (Refill.Order) -> Void
    ) async -> (SchedulerDecision, Refill.Order?) {
        do {
            takeRefill()
            let due = claimed.removeDue(at: clock.now)
            if !due.isEmpty, backlog {
                let before = firing
                firing = beside(due)
                if let before, await !before.wait() {
                    _ = await finishFiring()
                    return (.pauseAfterFailure, nil)
                }
                // The next batch is claimed while this one fires, once the one before has committed: the
                // claim's scan then passes this batch's rows alone, not two batches'.
                if let order = backlogRefill() { refill(order) }
            } else if !due.isEmpty {
                // The batch before goes first; if it failed, this one waits for the pause, still claimed.
                guard await finishFiring() else {
                    claimed.insert(due)
                    return (.pauseAfterFailure, nil)
                }
                do {
                    try await handler.fire(due, at: clock.now)
                } catch {
                    // Given back, and tried again in a second of real time (or, if the store cannot take
                    // them back, once their leases end).
                    logger.error(
                        "firing failed", metadata: ["scheduler.batch": .stringConvertible(due.count), "error": .string("\(error)")])
                    try? await store.releaseClaims(due)
                    return (.pauseAfterFailure, nil)
                }
            }
            let now = clock.now
            // Due now (or maybe, after a wake-up): the refill under way goes first, since its rows may be
            // among them (in a backlog it claimed the next batch), then what is left is claimed here.
            if mustClaim || nextUnclaimed.map({ $0 <= now }) == true { await finishRefill() }
            let room = (backlog ? backlogBatchSize : batchSize) - claimed.count
            var claimedFull = false
            var order: Refill.Order?
            // A backlog (everything claimed was already due: after a restart, or a burst) is worked off
            // in whole batches.
            let chunk = min(room, backlog ? backlogBatchSize : claimChunk)
            if chunk > 0, mustClaim || nextUnclaimed.map({ $0 <= now }) == true {
                mustClaim = false
                claims += 1
                let batch = try await claimOrder(limit: chunk, at: now).claim(on: store)
                claimed.insert(batch.claims)
                claimedFull = batch.claims.count == chunk && claimed.first.map { $0 <= now } == true
                backlog = claimedFull
                nextUnclaimed = batch.nextUnclaimed
            } else if chunk > 0, !refilling, nextUnclaimed.map({ $0 <= now.addingTimeInterval(refillLead) }) == true {
                order = claimOrder(limit: chunk, at: now)
            }
            // While a refill runs, its end wakes the loop, which learns then what is left unclaimed.
            let decision = SchedulerDecision.after(
                claimedFull: claimedFull, nextClaimed: claimed.first, nextUnclaimed: refilling || order != nil ? nil : nextUnclaimed,
                lead: refillLead, now: clock.now)
            // Nothing rests or waits while a batch is still firing.
            if decision != .fire, await !finishFiring() { return (.pauseAfterFailure, order) }
            return (decision, order)
        } catch {
            logger.error("scheduler could not read the store; retrying", metadata: ["error": .string("\(error)")])
            _ = await finishFiring()
            return (.pauseAfterFailure, nil)
        }
    }

    /// How long before its due date an unclaimed request starts a refill.
    private var refillLead: TimeInterval { lookahead / 2 }

    /// In a backlog with more already due, the claim of the next whole batch, to run while the batch
    /// held now fires (a claim and a firing are each a transaction: on PostgreSQL they run side by side
    /// on two connections; on SQLite the claim's decoding and the firing's decisions overlap the other's
    /// writes). Called once the batch before the one now firing has committed, so that the claim's scan
    /// passes one batch held, not two, and at most one batch is held beside the one firing.
    private func backlogRefill() -> Refill.Order? {
        let now = clock.now
        guard backlog, !refilling, mustClaim || nextUnclaimed.map({ $0 <= now }) == true else { return nil }
        // It is also the claim a wake-up asked for: it starts after the wake-up was taken.
        mustClaim = false
        return claimOrder(limit: backlogBatchSize, at: now)
    }

    /// A claim of up to `limit` requests due within the lookahead from `now`, leased past it on the wall clock.
    private func claimOrder(limit: Int, at now: Date) -> Refill.Order {
        Refill.Order(
            horizon: now.addingTimeInterval(lookahead), limit: limit, lease: Lease(seconds: lookahead + lease, from: wallClock.now))
    }

    /// Waits for the batch firing beside the loop, if any; whether it was recorded (a failure gave its
    /// claims back).
    private func finishFiring() async -> Bool {
        guard let batch = firing else { return true }
        firing = nil
        return await batch.wait()
    }

    /// Takes the outcome of a refill that ended, if one did.
    private func takeRefill() {
        guard refilling, let outcome = refill.take() else { return }
        refilling = false
        switch outcome {
        case .success(let batch):
            claimed.insert(batch.claims)
            nextUnclaimed = [batch.nextUnclaimed, dueWhileRefilling].compactMap { $0 }.min()
            // A backlog goes on while its refills come back full of what is already due.
            if backlog { backlog = batch.claims.count >= backlogBatchSize && claimed.first.map { $0 <= clock.now } == true }
        case .failure(let error):
            // Claimed again at once, in the cycle, which sleeps a second if that fails too.
            logger.error("scheduler could not claim ahead; retrying", metadata: ["error": .string("\(error)")])
            mustClaim = true
        }
        dueWhileRefilling = nil
    }

    /// Waits for the refill under way, if any, and takes its outcome.
    private func finishRefill() async {
        while refilling, !Task.isCancelled {
            takeRefill()
            if refilling { await refill.finished.wait() }
        }
    }

    /// Takes the wake-ups asked for since the last cycle. A request due at a date is claimed when that
    /// date comes within the lookahead, as if the last claim had reported it: every claim the cycle makes
    /// starts after this, so a claim that reports a later `nextUnclaimed` saw the request's commit
    /// (announced after it); a refill under way may have started before, so its outcome keeps the date.
    private func takeWakes() {
        let taken = wakes.withLock { wakes in
            defer { wakes = Wakes() }
            return wakes
        }
        if taken.claim || taken.poll { mustClaim = true }
        if let due = taken.due {
            nextUnclaimed = min(nextUnclaimed ?? due, due)
            if refilling { dueWhileRefilling = min(dueWhileRefilling ?? due, due) }
        }
    }

    /// Counts a finished cycle; `settle()` callers are released by the first cycle that started after
    /// their call and ends at rest (nothing more due now).
    private func completeCycle(resting: Bool) {
        completedCycles += 1
        guard resting else { return }
        let cycles = completedCycles
        let ready = cycleWaiters.filter { $0.target <= cycles }
        cycleWaiters.removeAll { $0.target <= cycles }
        ready.forEach { $0.continuation.resume() }
    }
}
