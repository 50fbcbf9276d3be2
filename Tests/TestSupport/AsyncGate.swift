import Synchronization

/// A gate that tasks wait at until a test opens it; no sleeping, no timing.
package final class AsyncGate: Sendable {
    private let state = Mutex<(open: Bool, waiters: [CheckedContinuation<Void, Never>])>((false, []))

    package init() {}

    package var isOpen: Bool { state.withLock { $0.open } }

    package func wait() async {
        await withCheckedContinuation { continuation in
            let proceed = state.withLock { state in
                if state.open { return true }
                state.waiters.append(continuation)
                return false
            }
            if proceed { continuation.resume() }
        }
    }

    package func open() {
        let waiters = state.withLock { state in
            state.open = true
            defer { state.waiters = [] }
            return state.waiters
        }
        waiters.forEach { $0.resume() }
    }
}

/// A counter tests can read and wait on.
package final class AsyncCounter: Sendable {
    private let value = Mutex(0)

    package init() {}

    package var current: Int { value.withLock { $0 } }

    package func add(_ delta: Int) { value.withLock { $0 += delta } }

    /// Polls until `predicate` holds; returns whether it did. The bound only turns a hang into a failure:
    /// on a loaded 2-core machine a task can wait tens of seconds for a thread, so it is generous.
    package func eventually(within seconds: Double = 300, _ predicate: @escaping @Sendable (Int) -> Bool) async -> Bool {
        let deadline = ContinuousClock.now + .milliseconds(Int(seconds * 1000))
        while ContinuousClock.now < deadline {
            if predicate(current) { return true }
            try? await Task.sleep(for: .milliseconds(20))
        }
        return predicate(current)
    }
}
