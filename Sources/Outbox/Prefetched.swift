import Synchronization

/// What a channel read for a claimed batch of its messages (`DeliveryChannel.prepare`), taken by each
/// message's attempt: one read per claim instead of one per message. `nil` is a value too (the recipient
/// was gone when the batch was read). What no attempt took within `keep` (its message went back unsent)
/// is dropped at the next fill, so that it is read afresh.
package final class Prefetched<Value: Sendable>: Sendable {
    private let entries = Mutex<[String: (value: Value?, at: ContinuousClock.Instant)]>([:])
    private let keep: Duration

    package init(keep: Duration = .seconds(60)) {
        self.keep = keep
    }

    /// Adds what a batch read: `found` by key, and `keys` not found as gone.
    package func fill(_ keys: some Sequence<String>, found: [String: Value]) {
        let now = ContinuousClock.now
        entries.withLock { entries in
            entries = entries.filter { now - $0.value.at < keep }
            for key in keys { entries[key] = (found[key], now) }
        }
    }

    /// The value read for `key` (`.some(nil)`: it was gone), once; nil when the batch did not read it.
    package func take(_ key: String) -> Value?? {
        entries.withLock { $0.removeValue(forKey: key) }.map(\.value)
    }
}
