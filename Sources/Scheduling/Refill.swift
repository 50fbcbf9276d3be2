import Foundation
import Storage
import Synchronization

/// A claim the scheduler makes ahead of need, beside its firing loop: the firings due meanwhile do not
/// wait for its rows to be updated and decoded. The loop starts one at a time and takes its outcome.
final class Refill: Sendable {
    /// What a refill claims: up to `limit` requests due by `horizon`, under `lease` (wall clock).
    struct Order: Sendable {
        var horizon: Date
        var limit: Int
        var lease: Lease

        /// The claim, in one transaction.
        func claim(on store: any NotificationStore) async throws -> ClaimedBatch {
            try await store.claimDue(now: horizon, limit: limit, lease: lease)
        }
    }

    private let outcome = Mutex<Result<ClaimedBatch, any Error>?>(nil)
    /// Signalled when a refill has its outcome.
    let finished = WakeSignal()

    /// Runs the claim and keeps its outcome for `take()`.
    func run(_ order: Order, on store: any NotificationStore) async {
        let result: Result<ClaimedBatch, any Error>
        do {
            result = .success(try await order.claim(on: store))
        } catch {
            result = .failure(error)
        }
        outcome.withLock { $0 = result }
        finished.signal()
    }

    /// The outcome of the refill that ended, once.
    func take() -> Result<ClaimedBatch, any Error>? {
        outcome.withLock { outcome in
            defer { outcome = nil }
            return outcome
        }
    }
}
