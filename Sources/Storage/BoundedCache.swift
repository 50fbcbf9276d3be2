/// A map of at most `capacity` entries that, when full, makes room by evicting one entry picked at random.
///
/// Emptying a full map instead (as `CachingStore` did) keeps almost nothing under an access pattern that
/// cycles over more keys than the map holds — a burst or a broadcast to every center of a large app reads
/// each center in turn — so every read missed once an app had more centers than the capacity (a burst to
/// 52,000 centers fired at under half the rate of one to 48,000). Random eviction keeps about capacity ÷
/// keys of what such a pass needs, and nothing is worse off than before when the keys fit.
struct BoundedCache<Key: Hashable, Value> {
    let capacity: Int
    /// Each entry with its key's place in `keys`.
    private var entries: [Key: (value: Value, slot: Int)] = [:]
    /// The keys of `entries`, in no order: what a random pick chooses from.
    private var keys: [Key] = []

    init(capacity: Int) {
        precondition(capacity > 0)
        self.capacity = capacity
    }

    var count: Int { entries.count }

    subscript(key: Key) -> Value? {
        get { entries[key]?.value }
        set {
            guard let newValue else { return remove(key) }
            if let slot = entries[key]?.slot {
                entries[key] = (newValue, slot)
                return
            }
            if entries.count >= capacity, let victim = keys.randomElement() { remove(victim) }
            entries[key] = (newValue, keys.count)
            keys.append(key)
        }
    }

    /// Keeps `value` for `key` if that takes no other entry's place: an update, or a new entry while
    /// there is room. For values read in bulk (a batch of firings' centers): a pass over more keys than
    /// the map holds then evicts nothing, so the entries that single reads keep (the centers an API is
    /// busy with) outlast it, and such a pass still finds as many of its keys as random eviction would
    /// leave it (the capacity's worth).
    mutating func insertIfRoom(_ value: Value, for key: Key) {
        guard entries.count < capacity || entries[key] != nil else { return }
        self[key] = value
    }

    mutating func removeAll() {
        entries.removeAll(keepingCapacity: true)
        keys.removeAll(keepingCapacity: true)
    }

    /// Removes `key`'s entry; the last key takes its place in `keys`.
    private mutating func remove(_ key: Key) {
        guard let slot = entries.removeValue(forKey: key)?.slot else { return }
        let last = keys.removeLast()
        guard slot < keys.count else { return }
        keys[slot] = last
        entries[last]?.slot = slot
    }
}

extension BoundedCache: Sendable where Key: Sendable, Value: Sendable {}
