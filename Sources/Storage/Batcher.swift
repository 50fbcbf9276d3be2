import Synchronization

/// Calls that arrive while `maxInFlight` batches are at the database wait and then go together, in one
/// statement and one commit. Each caller still gets its own result, and only after its batch has run.
///
/// Why: PostgreSQL commits transactions that notify the other replicas one at a time (a database-wide
/// lock held from the notification's queueing through the commit's fsync), so one add per transaction
/// could not go faster than one fsync each, and a batch pays for one.
///
/// The caller that finds a batch slot free runs its batch in its own task; when a batch ends and calls
/// wait, the first of them is woken to run the next batch (all that wait, up to `maxBatch`) in its task.
/// Nothing runs in a task of its own, and no caller waits for more than the batches ahead of its own.
package final class Batcher<Input: Sendable, Output: Sendable>: Sendable {
    /// Runs inputs together; one result per input, in order.
    package typealias Run = @Sendable ([Input]) async -> [Result<Output, any Error>]

    private struct Waiter: Sendable {
        let input: Input
        /// Nil for the caller running the batch.
        var continuation: CheckedContinuation<Turn, Never>?
    }

    /// What a waiting caller is woken with: its result, or a batch to run (its own input first).
    private enum Turn: Sendable {
        case done(Result<Output, any Error>)
        case run([Waiter])
    }

    private struct State {
        var waiting: [Waiter] = []
        /// Batches running. Nothing waits while fewer than `maxInFlight` run.
        var inFlight = 0
    }

    private let state = Mutex(State())
    private let maxInFlight: Int
    private let maxBatch: Int

    package init(maxInFlight: Int, maxBatch: Int = 256) {
        precondition(maxInFlight > 0 && maxBatch > 0)
        self.maxInFlight = maxInFlight
        self.maxBatch = maxBatch
    }

    /// Calls waiting for a batch now.
    package var waiting: Int { state.withLock { $0.waiting.count } }

    /// `input`'s result, from the batch that took it; a batch runs with the `run` its runner passed
    /// (every caller passes the same).
    package func submit(_ input: Input, run: Run) async throws -> Output {
        let turn = await withCheckedContinuation { (continuation: CheckedContinuation<Turn, Never>) in
            let runsAtOnce = state.withLock { state in
                guard state.inFlight < maxInFlight else {
                    state.waiting.append(Waiter(input: input, continuation: continuation))
                    return false
                }
                state.inFlight += 1
                return true
            }
            if runsAtOnce { continuation.resume(returning: .run([Waiter(input: input)])) }
        }
        switch turn {
        case .done(let result): return try result.get()
        case .run(let batch): return try await runBatch(batch, run).get()
        }
    }

    /// Runs `batch`, wakes its other callers with their results and the next batch's runner; returns the
    /// result of the batch's first input (the caller's own).
    private func runBatch(_ batch: [Waiter], _ run: Run) async -> Result<Output, any Error> {
        // A closure, not `\.input`: this generic code made the key path again on every batch.
        let results = await run(batch.map { $0.input })
        precondition(results.count == batch.count, "a batch must give one result per input")
        if let next = nextBatch() {
            next[0].continuation?.resume(returning: .run(next.enumerated().map { $0 == 0 ? Waiter(input: $1.input) : $1 }))
        }
        for (waiter, result) in zip(batch.dropFirst(), results.dropFirst()) { waiter.continuation?.resume(returning: .done(result)) }
        return results[0]
    }

    /// What waits, up to `maxBatch`; nil (and the slot is free) when nothing does.
    private func nextBatch() -> [Waiter]? {
        state.withLock { state in
            guard !state.waiting.isEmpty else {
                state.inFlight -= 1
                return nil
            }
            let count = min(maxBatch, state.waiting.count)
            defer { state.waiting.removeFirst(count) }
            return Array(state.waiting.prefix(count))
        }
    }
}
