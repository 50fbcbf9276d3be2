import Clocks
import Foundation
import Logging
import Scheduling
import ServiceLifecycle
import Storage

/// Runs broadcasts' fan-out: sleeps on the scheduler's clock (virtual or not) until the next zone of
/// any broadcast comes, and is woken sooner by a new broadcast or by chunks planned here or on another
/// replica (`StoreChange.broadcastDue`). Chunks are claimed under leases on the wall clock: a replica
/// that dies mid-chunk leaves it to another once its lease ends, and the chunk's one transaction means
/// it fired wholly or not at all.
package actor Broadcaster: Service {
    private let broadcasts: BroadcastService
    private let clock: any SchedulerClock
    private let wallClock: any WallClock
    private let logger: Logger
    private let signal = WakeSignal()

    package init(
        broadcasts: BroadcastService, clock: any SchedulerClock, wallClock: any WallClock = SystemClock(), logger: Logger
    ) {
        self.broadcasts = broadcasts
        self.clock = clock
        self.wallClock = wallClock
        self.logger = logger
    }

    /// Looks again now: a broadcast may have come due sooner, or the clock moved.
    package nonisolated func wake() { signal.signal() }

    /// Fires what is due at the clock's time now (the virtual clock's settle).
    package func settle() async {
        do {
            try await broadcasts.fanOut(at: clock.now)
        } catch {
            logger.error("broadcast fan-out failed", metadata: ["error": .string("\(error)")])
        }
    }

    package func run() async throws {
        await withGracefulShutdownHandler {
            while !Task.isCancelled, !Task.isShuttingDownGracefully {
                do {
                    try await broadcasts.fanOut(at: clock.now)
                    let next = try await broadcasts.store.nextBroadcastDate()
                    // A chunk left open is under another claim (or a dead process's, after a restart): look
                    // again within the lease, whatever else comes.
                    let open = try await broadcasts.store.hasUnfiredBroadcasts(dueBy: clock.now)
                    let retry = open ? clock.now.addingTimeInterval(broadcasts.lease / 2) : nil
                    await signal.wait(until: [next, retry].compactMap(\.self).min(), on: clock)
                } catch {
                    logger.error("broadcast fan-out failed", metadata: ["error": .string("\(error)")])
                    await signal.wait(until: wallClock.now.addingTimeInterval(Scheduler.failurePause), on: wallClock)
                }
            }
        } onGracefulShutdown: {
            self.signal.signal()
        }
    }
}
