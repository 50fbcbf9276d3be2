import Synchronization

/// At most `limit` calls at once for each key (an app); that key's others wait their turn, first come
/// first served, while other keys' calls go on. The calls to the apps' extensions go through one per
/// process: a burst, or a broadcast's chunk of a thousand members, does not open a thousand connections
/// to the app at once, and one app's slow extension does not hold up another app's.
package final class CallLimiter: Sendable {
    private struct Lane {
        var running = 0
        var waiting: [CheckedContinuation<Void, Never>] = []
    }

    private let limit: Int
    /// The keys with calls running; a key's lane goes with its last call.
    private let lanes = Mutex<[String: Lane]>([:])

    package init(limit: Int) {
        precondition(limit > 0)
        self.limit = limit
    }

    /// How many calls with `key` wait for their turn now.
    package func waiting(_ key: String) -> Int { lanes.withLock { $0[key]?.waiting.count ?? 0 } }

    package func run<Result: Sendable>(_ key: String, _ call: () async -> Result) async -> Result {
        await withCheckedContinuation { (turn: CheckedContinuation<Void, Never>) in
            let now = lanes.withLock { lanes in
                var lane = lanes[key, default: Lane()]
                let free = lane.running < limit
                if free { lane.running += 1 } else { lane.waiting.append(turn) }
                lanes[key] = lane
                return free
            }
            if now { turn.resume() }
        }
        let result = await call()
        // The turn passes to the first waiting, or the slot is let go.
        lanes.withLock { lanes -> CheckedContinuation<Void, Never>? in
            guard var lane = lanes[key] else { return nil }
            let next = lane.waiting.isEmpty ? nil : lane.waiting.removeFirst()
            if next == nil { lane.running -= 1 }
            lanes[key] = lane.running == 0 ? nil : lane
            return next
        }?.resume()
        return result
    }
}
