import Foundation

/// What either kind of time does — say what time it is, wait for a time — for code that waits on
/// whichever it is given (`WakeSignal`). Code that means one kind takes a `SchedulerClock` or a `WallClock`.
package protocol TimeSource: Sendable {
    var now: Date { get }
    /// Returns at `deadline` (or at once if it has passed); throws `CancellationError` when cancelled.
    func sleep(until deadline: Date) async throws
}
