import Synchronization

/// A small map of what was made last, emptied when full: values many callers make again and again from
/// the same key (a stored form decoded for many rows, an app's webhook signer, a URL's parse).
package final class SharedForms<Key: Hashable & Sendable, Value: Sendable>: Sendable {
    private struct Known {
        var all: [Key: Value] = [:]
        /// The one asked for last: a run of the same value (a broadcast's members) compares it, which for
        /// copies of one value is quick (their buffers are the same), instead of hashing it whole again.
        var last: (key: Key, value: Value)?
    }

    private let known = Mutex(Known())
    private let limit: Int

    package init(limit: Int = 1024) {
        self.limit = limit
    }

    /// The value made for `key` before, else `make`'s (kept for the next ask).
    package func value<Failure: Error>(for key: Key, _ make: () throws(Failure) -> Value) throws(Failure) -> Value {
        let found = known.withLock { known -> Value? in
            if let last = known.last, last.key == key { return last.value }
            guard let value = known.all[key] else { return nil }
            known.last = (key, value)
            return value
        }
        if let found { return found }
        let value = try make()
        known.withLock { known in
            if known.all.count >= limit { known.all.removeAll(keepingCapacity: true) }
            known.all[key] = value
            known.last = (key, value)
        }
        return value
    }
}
