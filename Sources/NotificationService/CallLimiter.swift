import Synchronization

/// At most `limit` calls at once; the others wait their turn, first come first served. The calls to an
/// app's extensions go through one per process, so that a burst or a broadcast's chunk of a thousand
/// members does not open a thousand connections to the app at once.
package final class CallLimiter: Sendable {
    private struct State {
        var running = 0
        var waiting: [CheckedContinuation<Void, Never>] = []
    }

    private let limit: Int
    private let state = Mutex(State())

    package init(limit: Int) {
        precondition(limit > 0)
        self.limit = limit
    }

    /// How many calls wait for their turn now.
    package var waiting: Int { state.withLock { $0.waiting.count } }

    package func run<Result: Sendable>(_ call: () async -> Result) async -> Result {
        await withCheckedContinuation { (turn: CheckedContinuation<Void, Never>) in
            let now = state.withLock { state in
                guard state.running < limit else {
                    state.waiting.append(turn)
                    return false
                }
                state.running += 1
                return true
            }
            if now { turn.resume() }
        }
        let result = await call()
        // The turn passes to the first waiting, or the slot is let go.
        state.withLock { state -> CheckedContinuation<Void, Never>? in
            guard !state.waiting.isEmpty else {
                state.running -= 1
                return nil
            }
            return state.waiting.removeFirst()
        }?.resume()
        return result
    }
}
