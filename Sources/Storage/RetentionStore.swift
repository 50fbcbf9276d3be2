import Foundation

/// What the store keeps only for a while: each kind is deleted once older than its retention.
package enum RetainedKind: String, Sendable, Hashable, CaseIterable {
    /// Outbox messages delivered or aborted, with their attempts.
    case finishedMessages
    /// Outbox messages that ran out of attempts, with their attempts.
    case failedMessages
    /// Push tokens replaced or deleted with their center (kept to answer APNs' `Unregistered`).
    case retiredPushTokens
    /// The users' event history (also capped per center).
    case events
    /// The receipts of notifications: what became of each delivery on each device.
    case receipts
    /// Broadcasts that ended (completed, canceled or replaced), with the marks of the members they reached
    /// (a member's notification stays in its center).
    case broadcasts
}

/// Deletes what is past its retention, in batches so that no transaction holds the database for long.
package protocol RetentionStore: Sendable {
    /// Deletes at most `limit` rows of `kind` from before `date`; returns how many (fewer than `limit`: done).
    func deleteExpired(_ kind: RetainedKind, before date: Date, limit: Int) async throws -> Int
}
