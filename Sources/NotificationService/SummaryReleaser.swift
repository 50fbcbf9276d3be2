import Clocks
import Foundation
import Logging
import Scheduling
import ServiceLifecycle
import Storage

/// Delivers Scheduled Summaries when they come due: sleeps on the scheduler's clock (virtual or not)
/// until the earliest date a held notification waits for, and is woken sooner by a notification held
/// for an earlier one, here or on another replica (`StoreChange.summaryDue`). Nothing is claimed: each
/// center's summary is one transaction that finds nothing left to deliver if another replica delivered
/// it first, so a replica that dies before a summary's time leaves it to the others.
package actor SummaryReleaser: Service {
    private let service: NotificationCenterService
    private let clock: any SchedulerClock
    private let wallClock: any WallClock
    private let logger: Logger
    private let signal = WakeSignal()

    package init(
        service: NotificationCenterService, clock: any SchedulerClock,
        wallClock: any WallClock = SystemClock(),
        logger: Logger
    ) {
        self.service = service
        self.clock = clock
        self.wallClock = wallClock
        self.logger = logger
    }

    /// Looks again now: a summary may have come due sooner, or the clock moved.
    package nonisolated func wake() { signal.signal() }

    /// Delivers what is due at the clock's time now (the virtual clock's settle).
    package func settle() async {
        do {
            try await service.deliverDueSummaries(at: clock.now)
        } catch {
            logger.error("delivering scheduled summaries failed", metadata: ["error": .string("\(error)")])
        }
    }

    package func run() async throws {
        await withGracefulShutdownHandler {
            while !Task.isCancelled, !Task.isShuttingDownGracefully {
                do {
                    try await service.deliverDueSummaries(at: clock.now)
                    let next = try await service.store.nextSummaryDate()
                    await signal.wait(until: next, on: clock)
                } catch {
                    logger.error("delivering scheduled summaries failed", metadata: ["error": .string("\(error)")])
                    await signal.wait(until: wallClock.now.addingTimeInterval(Scheduler.failurePause), on: wallClock)
                }
            }
        } onGracefulShutdown: {
            self.signal.signal()
        }
    }
}
