import Synchronization

/// A small map of what was made last, emptied when full: values many callers make again and again from
/// the same key (a stored form decoded for many rows, an app's webhook signer, a URL's parse).
///
/// `value(for:_:)` is inlinable, so that each caller's module specializes it for its key and value: called
/// across modules unspecialized, its look at the recent values instantiated generic metadata on every
/// call (its frames were 2.9 % of the webhook dispatcher's samples, 1.5 % specialized).
package final class SharedForms<Key: Hashable & Sendable, Value: Sendable>: Sendable {
    @usableFromInline
    struct Entry {
        @usableFromInline var key: Key
        @usableFromInline var value: Value

        @inlinable init(_ key: Key, _ value: Value) {
            self.key = key
            self.value = value
        }
    }

    @usableFromInline
    struct Known {
        @usableFromInline var all: [Key: Value] = [:]
        /// The few asked for last, newest first: runs of the same values compare them, which for copies of
        /// one value is quick (their buffers are the same), instead of hashing them whole again. A few, not
        /// one: a batch's centers ask for their settings and their state in turn.
        @usableFromInline var recent: [Entry] = []

        @inlinable init() {}

        @inlinable
        func recentValue(_ key: Key) -> Value? {
            for entry in recent where entry.key == key { return entry.value }
            return nil
        }

        @inlinable
        mutating func remember(_ key: Key, _ value: Value) {
            if recent.count == SharedForms.recentCount { recent.removeLast() }
            recent.insert(Entry(key, value), at: 0)
        }
    }

    @inlinable static var recentCount: Int { 4 }

    @usableFromInline let known = Mutex(Known())
    @usableFromInline let limit: Int

    package init(limit: Int = 1024) {
        self.limit = limit
    }

    /// The value made for `key` before, else `make`'s (kept for the next ask).
    @inlinable
    package func value<Failure: Error>(for key: Key, _ make: () throws(Failure) -> Value) throws(Failure) -> Value {
        let found = known.withLock { known -> Value? in
            if let recent = known.recentValue(key) { return recent }
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
