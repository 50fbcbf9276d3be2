import Storage
import Synchronization

/// The recipients of a channel's claimed messages (subscriptions, registrations), read once for the
/// batch (`DeliveryChannel.prepare`) and taken by each message's attempt: one read per claim instead of
/// one per message. `nil` is a value too (the recipient was gone when the batch was read). What no
/// attempt took within `keep` (its message went back unsent) is dropped at the next fill, so that it is
/// read afresh.
package final class Prefetched<Value: Sendable>: Sendable {
    private let entries = Mutex<[String: (value: Value?, at: ContinuousClock.Instant)]>([:])
    private let keep: Duration
    /// Reads recipients by id; an id that is gone is left out.
    private let read: @Sendable ([String]) async throws -> [String: Value]

    package init(keep: Duration = .seconds(60), read: @escaping @Sendable ([String]) async throws -> [String: Value]) {
        self.keep = keep
        self.read = read
    }

    /// Reads the recipients (`subscriptionID`) of a claimed batch in one go; a failure leaves each
    /// attempt to read its own.
    package func prefetch(_ messages: [WebhookDeliveryRecord]) async {
        let ids = Set(messages.compactMap(\.subscriptionID))
        guard let found = try? await read(Array(ids)) else { return }
        fill(ids, found: found)
    }

    /// The recipient as the claim read it, or as it is now.
    package func value(_ id: String) async throws -> Value? {
        if let taken = take(id) { return taken }
        return try await read([id])[id]
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
