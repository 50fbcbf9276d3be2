import Foundation
import Logging
import NotificationCore
import ServiceLifecycle
import Storage

/// Fires claimed requests: decides their presentation, records the firings (delivered notifications,
/// next dates or removals) and publishes them. Implemented by the center service.
package protocol FiringHandler: Sendable {
    func fire(_ due: [StoredPending], at now: Date) async throws
}

/// Fires pending requests at their trigger dates.
///
/// The store holds the truth: the scheduler keeps no copy of the pending requests, only asks the store
/// for the earliest date (an index lookup) and claims what is due in batches. So it needs no rebuild
/// after a restart: claims left by a crash are released at start, and everything that came due while
/// the service was down fires at once; repeating triggers fire once and move on (see
/// `NotificationTrigger.nextFireDate`). A firing is recorded in one transaction, so nothing fires twice.
/// An `add` with an earlier date, or a move of the virtual clock, calls `wake()`.
package actor Scheduler: Service {
    private let store: any NotificationStore
    private let clock: any SchedulerClock
    private let handler: any FiringHandler
    private let logger: Logger
    private let batchSize: Int
    private let lease: TimeInterval
    private let wakeSignal: WakeSignal
    private var startedCycles = 0
    private var completedCycles = 0
    private var cycleWaiters: [(target: Int, continuation: CheckedContinuation<Void, Never>)] = []

    package init(
        store: any NotificationStore, clock: any SchedulerClock, handler: any FiringHandler, logger: Logger,
        wakeSignal: WakeSignal = WakeSignal(), batchSize: Int = 256, lease: TimeInterval = 60
    ) {
        self.wakeSignal = wakeSignal
        self.store = store
        self.clock = clock
        self.handler = handler
        self.logger = logger
        self.batchSize = batchSize
        self.lease = lease
    }

    /// Asks the scheduler to look again (a request was added, or the virtual clock moved).
    package nonisolated func wake() {
        wakeSignal.signal()
    }

    /// Wakes the scheduler and returns once it has fired everything due at the clock's current time.
    /// For tests and the virtual-clock API: advance the clock, then `settle()`.
    package func settle() async {
        // The next cycle to start begins after this call, so it sees the clock as it is now.
        let target = startedCycles + 1
        wake()
        await withCheckedContinuation { continuation in
            cycleWaiters.append((target, continuation))
        }
    }

    package func run() async throws {
        try await store.releaseAllClaims()
        await withGracefulShutdownHandler {
            await loop()
        } onGracefulShutdown: {
            self.wakeSignal.signal()
        }
    }

    private func loop() async {
        while !Task.isCancelled, !Task.isShuttingDownGracefully {
            startedCycles += 1
            let decision = await fireDueBatch()
            completeCycle()
            switch decision {
            case .fire:
                continue
            case .sleep(let deadline):
                await sleep(until: deadline)
            case .waitForWork:
                await sleep(until: nil)
            }
        }
        // Release anyone waiting for a cycle: there will be none.
        cycleWaiters.forEach { $0.continuation.resume() }
        cycleWaiters.removeAll()
    }

    private func fireDueBatch() async -> SchedulerDecision {
        let now = clock.now
        do {
            let due = try await store.claimDue(now: now, limit: batchSize, leaseUntil: now.addingTimeInterval(lease))
            if !due.isEmpty {
                do {
                    try await handler.fire(due, at: clock.now)
                } catch {
                    // The claims expire and the requests are tried again after the lease.
                    logger.error("firing failed", metadata: ["scheduler.batch": .stringConvertible(due.count), "error": .string("\(error)")])
                }
            }
            return .after(claimed: due.count, batchSize: batchSize, nextFireDate: try await store.nextFireDate(), now: clock.now)
        } catch {
            logger.error("scheduler could not read the store; retrying", metadata: ["error": .string("\(error)")])
            return .sleep(until: clock.now.addingTimeInterval(1))
        }
    }

    private func sleep(until deadline: Date?) async {
        let clock = clock
        let wakeSignal = wakeSignal
        await withTaskGroup(of: Void.self) { group in
            if let deadline {
                group.addTask { try? await clock.sleep(until: deadline) }
            }
            group.addTask { await wakeSignal.wait() }
            await group.next()
            group.cancelAll()
        }
    }

    private func completeCycle() {
        completedCycles += 1
        let cycles = completedCycles
        let ready = cycleWaiters.filter { $0.target <= cycles }
        cycleWaiters.removeAll { $0.target <= cycles }
        ready.forEach { $0.continuation.resume() }
    }
}
