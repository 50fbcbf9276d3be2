import Clocks
import Foundation
import Synchronization

/// A wall clock that counts the sleeps begun until each deadline, so that a test waits for a loop to
/// rest until a date (an event) rather than for time to pass; the time is its `ManualClock`'s.
package final class WatchedClock: WallClock {
    private struct State {
        var begun: [Date: Int] = [:]
        var watchers: [(deadline: Date, count: Int, continuation: CheckedContinuation<Void, Never>)] = []
    }

    private let clock: ManualClock
    private let state = Mutex(State())

    package init(_ clock: ManualClock) { self.clock = clock }

    package var now: Date { clock.now }

    package func sleep(until deadline: Date) async throws {
        let ready = state.withLock { state in
            state.begun[deadline, default: 0] += 1
            let count = state.begun[deadline]!
            defer { state.watchers.removeAll { $0.deadline == deadline && $0.count <= count } }
            return state.watchers.filter { $0.deadline == deadline && $0.count <= count }
        }
        ready.forEach { $0.continuation.resume() }
        try await clock.sleep(until: deadline)
    }

    /// Returns once `count` sleeps until `deadline` have begun, all told.
    package func sleeps(until deadline: Date, count: Int = 1) async {
        await withCheckedContinuation { continuation in
            let begun = state.withLock { state in
                if state.begun[deadline, default: 0] >= count { return true }
                state.watchers.append((deadline, count, continuation))
                return false
            }
            if begun { continuation.resume() }
        }
    }
}
