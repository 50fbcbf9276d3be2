import Clocks
import Foundation
import Logging
import ServiceLifecycle

/// Work that comes due on the scheduler's clock (virtual or not), done round by round: each round does
/// what is due, then asks when the next comes; the loop sleeps until then, or until woken sooner
/// (`wake()`: something came due sooner, here or on another replica, or the clock moved). After a failed
/// round it waits out a `FailureBackoff` pause of real time (a virtual clock might not move until the
/// failure clears). The Scheduled Summaries and the broadcasts' fan-out each run on one.
package actor ClockLoop: Service {
    private let name: String
    private let clock: any SchedulerClock
    private let wallClock: any WallClock
    private let logger: Logger
    private let signal = WakeSignal()
    /// Does what is due at the date given.
    private let work: @Sendable (Date) async throws -> Void
    /// When the next round comes, asked at the date given (nil: when woken).
    private let next: @Sendable (Date) async throws -> Date?

    /// `name` says in the log what failed ("delivering scheduled summaries").
    package init(
        _ name: String, clock: any SchedulerClock, wallClock: any WallClock = SystemClock(), logger: Logger,
        work: @escaping @Sendable (Date) async throws -> Void, next: @escaping @Sendable (Date) async throws -> Date?
    ) {
        self.name = name
        self.clock = clock
        self.wallClock = wallClock
        self.logger = logger
        self.work = work
        self.next = next
    }

    /// Looks again now: something may have come due sooner, or the clock moved.
    package nonisolated func wake() { signal.signal() }

    /// Does what is due at the clock's time now (the virtual clock's settle).
    package func settle() async {
        do {
            try await work(clock.now)
        } catch {
            logger.error("\(name) failed", metadata: ["error": .string("\(error)")])
        }
    }

    /// Waits `seconds` of real time after a failed round; only the shutdown cuts it short (a wake-up
    /// that the failure itself caused would make it a busy loop; `settle()` works without the loop).
    private func pause(for seconds: TimeInterval) async {
        let until = wallClock.now.addingTimeInterval(seconds)
        while wallClock.now < until, !Task.isCancelled, !Task.isShuttingDownGracefully {
            await signal.wait(until: until, on: wallClock)
        }
    }

    package func run() async throws {
        await withGracefulShutdownHandler {
            var backoff = FailureBackoff()
            while !Task.isCancelled, !Task.isShuttingDownGracefully {
                do {
                    try await work(clock.now)
                    let next = try await next(clock.now)
                    if case let failures = backoff.succeeded(), failures > 0 {
                        logger.notice("\(name) works again", metadata: ["loop.failures": .stringConvertible(failures)])
                    }
                    await signal.wait(until: next, on: clock)
                } catch {
                    // Shutdown cut the round short: not a failure to report.
                    if Task.isCancelled { return }
                    let pause = backoff.failed()
                    logger.error("\(name) failed", metadata: ["error": .string("\(error)"), "retry.after": .stringConvertible(pause)])
                    await self.pause(for: pause)
                }
            }
        } onGracefulShutdown: {
            self.signal.signal()
        }
    }
}
