import Synchronization

/// Whether the client of a request is still connected, for a handler that waits on something else (a
/// user's answer under `Prefer: wait`): a server that notices the client leave (`leave()`) ends the wait
/// rather than holding the connection and its task until the wait's end for nobody.
package final class ClientPresence: Sendable {
    private struct State: ~Copyable {
        var gone = false
        var nextWaiter = 0
        var waiters: [Int: CheckedContinuation<Void, Never>] = [:]
    }

    private let state = Mutex(State())

    package init() {}

    package var isGone: Bool { state.withLock { $0.gone } }

    /// The client went; every wait for it ends. Once is enough; more do nothing.
    package func leave() {
        let waiters = state.withLock { state in
            state.gone = true
            defer { state.waiters = [:] }
            return Array(state.waiters.values)
        }
        for waiter in waiters { waiter.resume() }
    }

    /// Returns once the client has gone, or when the task is cancelled.
    package func untilGone() async {
        let id = state.withLock { state in
            defer { state.nextWaiter += 1 }
            return state.nextWaiter
        }
        await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                let waiting = state.withLock { state in
                    guard !state.gone, !Task.isCancelled else { return false }
                    state.waiters[id] = continuation
                    return true
                }
                if !waiting { continuation.resume() }
            }
        } onCancel: {
            state.withLock { $0.waiters.removeValue(forKey: id) }?.resume()
        }
    }
}

extension Request {
    /// What `body` returns, or nil when the client leaves first: for a handler that waits long. `body` is
    /// then cancelled, and must end when it is. Without a server that watches its clients (in-process),
    /// `body`'s answer.
    package func unlessClientLeaves<T: Sendable>(_ body: @escaping @Sendable () async -> T) async -> T? {
        guard let presence else { return await body() }
        return await withTaskGroup(of: T?.self) { group in
            group.addTask { await body() }
            group.addTask {
                await presence.untilGone()
                return nil
            }
            let first = await group.next() ?? nil
            group.cancelAll()
            return first
        }
    }
}
