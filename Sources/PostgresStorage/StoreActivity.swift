import Synchronization

/// What each long-running part of a store (its start, its pool, its change listener) is doing now, with
/// the step it is on: what a store that does not become ready or does not stop is waiting for. Steps
/// change a few times a connection, never per call.
package final class StoreActivity: Sendable {
    private let steps = Mutex<[(part: String, step: String)]>([])

    /// Notes that `part` is now at `step` (a fixed text, never a value a client sent).
    func note(_ part: String, _ step: String) {
        steps.withLock { steps in
            if let index = steps.firstIndex(where: { $0.part == part }) {
                steps[index].step = step
            } else {
                steps.append((part, step))
            }
        }
    }

    /// Every part's step, in the order the parts began: "start: done, pool: running, listener: listening (connection 1)".
    package var description: String {
        steps.withLock { steps in steps.map { "\($0.part): \($0.step)" }.joined(separator: ", ") }
    }
}
