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
    }

    func idle() async {
        await withCheckedContinuation { continuation in
            let now = state.withLock { state in
                guard state.inFlight > 0 else { return true }
                state.idleWaiters.append(continuation)
                return false
            }
            if now { continuation.resume() }
        }
    }

    private func done() {
        let waiters = state.withLock { state -> [CheckedContinuation<Void, Never>] in
            state.inFlight -= 1
            guard state.inFlight == 0 else { return [] }
            defer { state.idleWaiters.removeAll() }
            return state.idleWaiters
        }
        waiters.forEach { $0.resume() }
    }
}
