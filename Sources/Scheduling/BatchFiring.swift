import Foundation
import Logging
import Storage
import Synchronization

/// A batch of a backlog fired beside the scheduler's loop: while its transaction runs, the loop takes the
/// next batch and prepares it, and its write queues behind this one's commit. The loop waits for it
/// before the batch after that starts, and before it rests.
final class BatchFiring: Sendable {
    let due: [StoredPending]
    /// Whether it was recorded; nil while it runs.
    private let outcome = Mutex<Bool?>(nil)
    private let finished = WakeSignal()

    init(_ due: [StoredPending]) { self.due = due }

    /// Fires the batch and keeps whether it was recorded; a failure is logged and the claims given back,
    /// as the loop does with a batch it fires itself.
    func run(_ handler: any FiringHandler, at now: Date, store: any NotificationStore, logger: Logger) async {
        let recorded: Bool
        do {
            try await handler.fire(due, at: now)
            recorded = true
        } catch {
            logger.error("firing failed", metadata: ["scheduler.batch": .stringConvertible(due.count), "error": .string("\(error)")])
            try? await store.releaseClaims(due)
            recorded = false
        }
        outcome.withLock { $0 = recorded }
        finished.signal()
    }

    /// Waits until it ends; whether it was recorded.
    func wait() async -> Bool {
        while true {
            if let recorded = outcome.withLock({ $0 }) { return recorded }
            await finished.wait()
        }
    }
}
