import Foundation
import Synchronization

/// Where firings that wait on an app's extensions (`willPresent`, the service extension — seconds, at
/// worst) run, beside the scheduler instead of inside it, so that one slow app never holds up anyone
/// else's notifications. Jobs run concurrently in the lane's own task group; `idle()` returns once none
/// is left (the virtual clock's `settle`).
final class ExtensionLane: Sendable {
    struct Job: Sendable {
        var work: @Sendable () async -> Void
    }

    private struct State {
        var inFlight = 0
        var idleWaiters: [CheckedContinuation<Void, Never>] = []
        /// The lane stopped: nothing more runs, so nobody need wait.
        var closed = false
    }

    private let jobs: AsyncStream<Job>
    private let submissions: AsyncStream<Job>.Continuation
    private let state = Mutex(State())

    init() {
        (jobs, submissions) = AsyncStream.makeStream()
    }

    func submit(_ work: @escaping @Sendable () async -> Void) {
        state.withLock { $0.inFlight += 1 }
        if case .terminated = submissions.yield(Job(work: work)) { done() }
    }

    /// Runs jobs until cancelled; jobs in flight then are cancelled too (their claims expire and they
    /// fire after the lease, or at the next start).
    func run() async {
        await withDiscardingTaskGroup { group in
            for await job in jobs {
                group.addTask {
                    await job.work()
                    self.done()
                }
            }
        }
        // Stopped (shutdown): jobs never started count as done, and later ones are dropped — their
        // claims are released at the next start.
        submissions.finish()
        let waiters = state.withLock { state -> [CheckedContinuation<Void, Never>] in
            state.closed = true
            state.inFlight = 0
            defer { state.idleWaiters.removeAll() }
            return state.idleWaiters
        }
        waiters.forEach { $0.resume() }
    }

    func idle() async {
        await withCheckedContinuation { continuation in
            let now = state.withLock { state in
                guard state.inFlight > 0, !state.closed else { return true }
                state.idleWaiters.append(continuation)
                return false
            }
            if now { continuation.resume() }
        }
    }

    private func done() {
        let waiters = state.withLock { state -> [CheckedContinuation<Void, Never>] in
            state.inFlight = max(0, state.inFlight - 1)
            guard state.inFlight == 0 else { return [] }
            defer { state.idleWaiters.removeAll() }
            return state.idleWaiters
        }
        waiters.forEach { $0.resume() }
    }
}
