import Foundation
import Synchronization

/// A clock that moves only when told to: the test clock (as either clock), and the clock of the
/// virtual-clock mode, where an operator sets or advances it. Time never goes backwards.
///
/// It starts on a whole millisecond, the resolution at which the store keeps fire dates: started
/// between two milliseconds, `start + 60 s` could be stored rounded up and never be reached by
/// advancing 60 s.
package final class ManualClock: SchedulerClock, WallClock {
    private struct Sleeper {
        var deadline: Date
        var continuation: CheckedContinuation<Void, any Error>
    }

    private struct State {
        var now: Date
        var sleepers: [UInt64: Sleeper] = [:]
        var nextID: UInt64 = 0
    }

    private let state: Mutex<State>

    package init(now: Date) {
        state = Mutex(State(now: Self.wholeMillisecond(now)))
    }

    static func wholeMillisecond(_ date: Date) -> Date {
        Date(timeIntervalSince1970: (date.timeIntervalSince1970 * 1000).rounded(.down) / 1000)
    }

    package var now: Date { state.withLock { $0.now } }

    package func sleep(until deadline: Date) async throws {
        let id = state.withLock { state in
            defer { state.nextID += 1 }
            return state.nextID
        }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let resumeNow: Result<Void, any Error>? = state.withLock { state in
                    if Task.isCancelled { return .failure(CancellationError()) }
                    if deadline <= state.now { return .success(()) }
                    state.sleepers[id] = Sleeper(deadline: deadline, continuation: continuation)
                    return nil
                }
                if let resumeNow { continuation.resume(with: resumeNow) }
            }
        } onCancel: {
            state.withLock { $0.sleepers.removeValue(forKey: id) }?.continuation.resume(throwing: CancellationError())
        }
    }

    /// Moves the clock to `date` (never backwards) and wakes every sleeper whose deadline has come.
    /// Returns the new time.
    @discardableResult
    package func set(_ date: Date) -> Date {
        let (now, due): (Date, [Sleeper]) = state.withLock { state in
            state.now = max(state.now, date)
            let due = state.sleepers.filter { $0.value.deadline <= state.now }
            for id in due.keys { state.sleepers.removeValue(forKey: id) }
            return (state.now, Array(due.values))
        }
        due.forEach { $0.continuation.resume() }
        return now
    }

    @discardableResult
    package func advance(by interval: TimeInterval) -> Date {
        set(now.addingTimeInterval(max(0, interval)))
    }
}
