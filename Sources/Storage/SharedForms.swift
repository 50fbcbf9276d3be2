import Synchronization

/// A small map of what was made last, emptied when full: values many callers make again and again from
/// the same key (a stored form decoded for many rows, an app's webhook signer, a URL's parse).
package final class SharedForms<Key: Hashable & Sendable, Value: Sendable>: Sendable {
    private struct Known {
        var all: [Key: Value] = [:]
        /// The few asked for last, newest first: runs of the same values compare them, which for copies of
        /// one value is quick (their buffers are the same), instead of hashing them whole again. A few, not
        /// one: a batch's centers ask for their settings and their state in turn.
        var recent: [(key: Key, value: Value)] = []

        mutating func remember(_ key: Key, _ value: Value) {
            if recent.count == SharedForms.recentCount { recent.removeLast() }
            recent.insert((key, value), at: 0)
        }
    }

    private static var recentCount: Int { 4 }

    private let known = Mutex(Known())
    private let limit: Int

    package init(limit: Int = 1024) {
        self.limit = limit
    }

    /// The value made for `key` before, else `make`'s (kept for the next ask).
    package func value<Failure: Error>(for key: Key, _ make: () throws(Failure) -> Value) throws(Failure) -> Value {
        let found = known.withLock { known -> Value? in
            if let recent = known.recent.first(where: { $0.key == key }) { return recent.value }
            guard let value = known.all[key] else { return nil }
            known.remember(key, value)
            return value
        }
        if let found { return found }
        let value = try make()
        known.withLock { known in
            if known.all.count >= limit { known.all.removeAll(keepingCapacity: true) }
            known.all[key] = value
            known.remember(key, value)
        }
        return value
    }
}
