import Foundation

/// The wall clock the scheduler fires by. Injected, so that tests and the virtual-clock mode can move
/// time instead of waiting for it.
package protocol SchedulerClock: Sendable {
    var now: Date { get }
    /// Returns at `deadline` (or at once if it has passed); throws `CancellationError` when cancelled.
    func sleep(until deadline: Date) async throws
}

/// Real time.
package struct SystemClock: SchedulerClock {
    package init() {}

    package var now: Date { Date() }

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
