import Clocks
import Foundation
import Logging
import ServiceLifecycle

/// Work that comes due on the scheduler's clock (virtual or not), done round by round: each round does
/// what is due and names when the next comes; the loop sleeps until then, or until woken sooner
/// (`wake()`: something came due sooner, here or on another replica, or the clock moved). After a failed
/// round it waits a second of real time (a virtual clock might not move until the failure clears). The
/// Scheduled Summaries and the broadcasts' fan-out each run on one.
package actor ClockLoop: Service {
    private let name: String
    private let clock: any SchedulerClock
    private let wallClock: any WallClock
    private let logger: Logger
    private let signal = WakeSignal()
    /// Does what is due at the date given; returns when the next round comes (nil: when woken).
    private let round: @Sendable (Date) async throws -> Date?

    /// `name` says in the log what failed ("delivering scheduled summaries").
    package init(
        _ name: String, clock: any SchedulerClock, wallClock: any WallClock = SystemClock(), logger: Logger,
        round: @escaping @Sendable (Date) async throws -> Date?
    ) {
        self.name = name
        self.clock = clock
        self.wallClock = wallClock
        self.logger = logger
        self.round = round
    }

    /// Looks again now: something may have come due sooner, or the clock moved.
    package nonisolated func wake() { signal.signal() }

    /// Does what is due at the clock's time now (the virtual clock's settle).
    package func settle() async {
        do {
            _ = try await round(clock.now)
        } catch {
            logger.error("\(name) failed", metadata: ["error": .string("\(error)")])
        }
    }

    package func run() async throws {
        await withGracefulShutdownHandler {
            while !Task.isCancelled, !Task.isShuttingDownGracefully {
                do {
                    let next = try await round(clock.now)
                    await signal.wait(until: next, on: clock)
                } catch {
                    logger.error("\(name) failed", metadata: ["error": .string("\(error)")])
                    await signal.wait(until: wallClock.now.addingTimeInterval(Scheduler.failurePause), on: wallClock)
                }
            }
        } onGracefulShutdown: {
            self.signal.signal()
        }
    }
}
