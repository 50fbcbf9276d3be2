import Clocks
import Foundation
import Synchronization

/// An auto-resetting signal for one waiter: `signal()` before `wait()` is remembered, so a wake-up is
/// never lost; cancellation ends the wait. The scheduler and the webhook dispatcher each sleep on one.
package final class WakeSignal: Sendable {
    private struct State {
        var signalled = false
        var waiter: CheckedContinuation<Void, Never>?
        var cancelled = false
    }

    private let state = Mutex(State())

    package init() {}

    package func signal() { wake(orRemember: \.signalled) }

    /// Resumes the waiter, or, with none, sets `flag` for the next `wait()` to find.
    private func wake(orRemember flag: WritableKeyPath<State, Bool>) {
        state.withLock { state -> CheckedContinuation<Void, Never>? in
            guard let waiter = state.waiter else {
                state[keyPath: flag] = true
                return nil
            }
            state.waiter = nil
            return waiter
        }?.resume()
    }

    package func wait() async {
        await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                let now = state.withLock { state in
                    if state.signalled || state.cancelled {
                        state.signalled = false
                        state.cancelled = false
                        return true
                    }
                    state.waiter = continuation
                    return false
                }
                if now { continuation.resume() }
            }
        } onCancel: {
            wake(orRemember: \.cancelled)
        }
    }

    /// Waits for a signal or until `deadline` on `clock` (nil: no deadline), whichever comes first.
    package func wait(until deadline: Date?, on clock: any TimeSource) async {
        await wait(until: deadline.map { [($0, clock)] } ?? [])
    }

    /// Waits for a signal or until the first of `deadlines`, each on its own clock, whichever comes first.
    package func wait(until deadlines: [(date: Date, clock: any TimeSource)]) async {
        // Without a deadline, no timer: a task group and its child task for every wait (the outbox loop
        // waits about once an answer) cost more than the wait itself.
        guard !deadlines.isEmpty else { return await wait() }
        await withTaskGroup(of: Void.self) { group in
            for (deadline, clock) in deadlines {
                group.addTask { try? await clock.sleep(until: deadline) }
            }
            group.addTask { await self.wait() }
            await group.next()
            group.cancelAll()
        }
    }
}
