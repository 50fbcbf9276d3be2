import Dispatch
import Synchronization

/// Group commit: writes submitted while another batch is being committed wait and then go together, in
/// one transaction and one fsync. Each caller still gets its own outcome, and only after the transaction
/// that holds its write has committed.
///
/// Batches are committed one after another on one serial queue, which keeps going while writes queue up:
/// the next batch starts on the same thread the moment the last one has committed. (Handing the next
/// batch to a waiting task instead cost two hops through the cooperative pool per transaction, each
/// queued behind the request handlers running there: the writer then waited more than it worked.) The
/// queue's thread blocks on the database, which no task of the cooperative pool may do. No caller waits
/// for more than the batch in flight and its own.
final class GroupCommit<Input: Sendable, Output: Sendable>: Sendable {
    /// Commits inputs in one transaction, on the commit queue; one result per input, in order. A throw
    /// fails them all.
    typealias Commit = @Sendable ([Input]) throws -> [Result<Output, any Error>]

    private typealias Waiter = (input: Input, continuation: CheckedContinuation<Output, any Error>)

    private struct Queue {
        var waiting: [Waiter] = []
        /// A drain is scheduled or running on the commit queue: it will take what is waiting.
        var draining = false
    }

    private let queue = Mutex(Queue())
    private let committer: DispatchQueue
    private let maxBatch: Int
    private let commit: Commit

    init(label: String, maxBatch: Int = 256, commit: @escaping Commit) {
        committer = DispatchQueue(label: label)
        self.maxBatch = maxBatch
        self.commit = commit
    }

    func submit(_ input: Input) async throws -> Output {
        try await withCheckedThrowingContinuation { continuation in
            let startsDrain = queue.withLock { queue in
                queue.waiting.append((input, continuation))
                defer { queue.draining = true }
                return !queue.draining
            }
            if startsDrain { committer.async { self.drain() } }
        }
    }

    /// Commits batches until nothing waits.
    private func drain() {
        while let batch = nextBatch() {
            let results: [Result<Output, any Error>]
            do {
                let committed = try commit(batch.map(\.input))
                precondition(committed.count == batch.count, "a group commit must give one result per input")
                results = committed
            } catch {
                results = Array(repeating: .failure(error), count: batch.count)
            }
            for (waiter, result) in zip(batch, results) { waiter.continuation.resume(with: result) }
        }
    }

    /// What waits, up to `maxBatch`; nil (and the drain ends) when nothing does.
    private func nextBatch() -> [Waiter]? {
        queue.withLock { queue in
            guard !queue.waiting.isEmpty else {
                queue.draining = false
                return nil
            }
            let count = min(maxBatch, queue.waiting.count)
            defer { queue.waiting.removeFirst(count) }
            return Array(queue.waiting.prefix(count))
        }
    }
}
