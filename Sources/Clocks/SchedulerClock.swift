import Foundation

/// The clock the schedule runs on: due dates, firings, retries of webhooks. Real time in production, or
/// the virtual clock an operator moves (`ManualClock`); injected, so that tests and the virtual-clock
/// mode can move time instead of waiting for it. Not the time of leases, tokens and signatures: that is
/// a `WallClock`'s.
package protocol SchedulerClock: TimeSource {
    /// Whether it is real time (then what waits on real time may wait on it alone).
    var isWallTime: Bool { get }
}

extension SchedulerClock {
    package var isWallTime: Bool { false }
}

/// Real time, as either clock.
package struct SystemClock: SchedulerClock, WallClock {
    package init() {}

    package var now: Date { Date() }

    package var isWallTime: Bool { true }

    package func sleep(until deadline: Date) async throws {
        // Task.sleep measures elapsed time; re-check the wall clock in case it was adjusted meanwhile.
        while true {
            let remaining = deadline.timeIntervalSinceNow
            if remaining <= 0 { return }
            // No tolerance: firing to the millisecond matters more than coalescing timers.
            try await Task.sleep(until: .now + .microseconds(Int64(remaining * 1_000_000)), tolerance: .zero, clock: .continuous)
        }
    }
}
