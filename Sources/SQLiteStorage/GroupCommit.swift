import Synchronization

/// Group commit: writes submitted while another batch is being committed wait and then go together, in
/// one transaction and one fsync. Each caller still gets its own outcome, and only after the transaction
/// that holds its write has committed.
///
/// No task is spawned: the first caller to find nobody committing *leads* — it commits one batch (its
/// own write and whatever queued before it) and, if more queued meanwhile, hands the lead to the first
/// of them, then returns. So no caller waits for more than the batch in flight and its own.
final class GroupCommit<Input: Sendable, Output: Sendable>: Sendable {
    /// Commits inputs in one transaction; one result per input, in order. A throw fails them all.
    typealias Commit = @Sendable ([Input]) async throws -> [Result<Output, any Error>]

    private enum Event: Sendable {
        case done(Result<Output, any Error>)
        case lead
    }

    /// Where one caller waits for its outcome, or for the lead.
    private final class Slot: Sendable {
        private struct State {
            var events: [Event] = []
            var waiter: CheckedContinuation<Event, Never>?
        }
        private let state = Mutex(State())

        func post(_ event: Event) {
            let waiter = state.withLock { state -> CheckedContinuation<Event, Never>? in
                guard let waiter = state.waiter else {
                    state.events.append(event)
                    return nil
                }
                state.waiter = nil
                return waiter
            }
            waiter?.resume(returning: event)
        }

        func next() async -> Event {
            await withCheckedContinuation { continuation in
                let event = state.withLock { state -> Event? in
                    guard state.events.isEmpty else { return state.events.removeFirst() }
                    state.waiter = continuation
                    return nil
                }
                if let event { continuation.resume(returning: event) }
            }
        }
    }

    private struct Queue {
        var waiting: [(input: Input, slot: Slot)] = []
        var leading = false
    }

    private let queue = Mutex(Queue())
    private let maxBatch: Int
    private let commit: Commit

    init(maxBatch: Int = 256, commit: @escaping Commit) {
        self.maxBatch = maxBatch
        self.commit = commit
    }

    func submit(_ input: Input) async throws -> Output {
        let slot = Slot()
        let leads = queue.withLock { queue in
            queue.waiting.append((input, slot))
            defer { queue.leading = true }
            return !queue.leading
        }
        if leads { slot.post(.lead) }
        while true {
            switch await slot.next() {
            case .done(let result): return try result.get()
            case .lead: await leadOneBatch()
            }
        }
    }

    private func leadOneBatch() async {
        let batch = queue.withLock { queue in
            let count = min(maxBatch, queue.waiting.count)
            defer { queue.waiting.removeFirst(count) }
            return Array(queue.waiting.prefix(count))
        }
        let results: [Result<Output, any Error>]
        do {
            let committed = try await commit(batch.map(\.input))
            precondition(committed.count == batch.count, "a group commit must give one result per input")
            results = committed
        } catch {
            results = Array(repeating: .failure(error), count: batch.count)
        }
        for (entry, result) in zip(batch, results) { entry.slot.post(.done(result)) }
        let next = queue.withLock { queue -> Slot? in
            guard let first = queue.waiting.first else {
                queue.leading = false
                return nil
            }
            return first.slot
        }
        next?.post(.lead)
    }
}
