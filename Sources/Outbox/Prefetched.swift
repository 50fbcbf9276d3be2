import Storage
import Synchronization

/// The recipients of a channel's claimed messages (subscriptions, registrations), read once for the
/// batch (`DeliveryChannel.prepare`) and taken by each message's attempt: one read per claim instead of
/// one per message. `nil` is a value too (the recipient was gone when the batch was read). Each message
/// of the batch takes its recipient once (a batch often holds several messages to one recipient); what
/// no attempt took within `keep` (its message went back unsent) is dropped at the next fill, so that it
/// is read afresh.
package final class Prefetched<Value: Sendable>: Sendable {
    private struct Entry {
        var value: Value?
        /// How many of the batch's messages are still to take it.
        var uses: Int
        var at: ContinuousClock.Instant
    }

    private let entries = Mutex<[String: Entry]>([:])
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
        let keys = messages.compactMap(\.subscriptionID)
        guard let found = try? await read(Array(Set(keys))) else { return }
        fill(keys, found: found)
    }

    /// The recipient as the claim read it, or as it is now.
    package func value(_ id: String) async throws -> Value? {
        if let taken = take(id) { return taken }
        return try await read([id])[id]
    }

    /// Adds what a batch read: `found` by key, and `keys` not found as gone; a key once for each message
    /// that will take it.
    package func fill(_ keys: some Sequence<String>, found: [String: Value]) {
        let now = ContinuousClock.now
        entries.withLock { entries in
            entries = entries.filter { now - $0.value.at < keep }
            for key in keys {
                entries[key, default: Entry(value: found[key], uses: 0, at: now)].uses += 1
            }
        }
    }

    /// The value read for `key` (`.some(nil)`: it was gone), once for each message the batch had for it;
    /// nil when the batch did not read it.
    package func take(_ key: String) -> Value?? {
        entries.withLock { entries in
            guard var entry = entries[key] else { return nil }
            entry.uses -= 1
            entries[key] = entry.uses > 0 ? entry : nil
            return .some(entry.value)
        }
    }
}
