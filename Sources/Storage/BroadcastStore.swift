import Foundation
import NotificationCore

/// Topics, their subscriptions, and broadcasts with their fan-out, in the store every replica shares.
///
/// A broadcast is one row when made, whatever its audience. When a zone's firing comes, the zone is
/// *planned*: its members at that moment are cut into chunks of `BroadcastStore.chunkSize` by center id;
/// each chunk is claimed (under a lease on the wall clock, fenced by a token) and fired in one
/// transaction that reads its members again (the audience as it is then), records each member's firing
/// as a delivery without a trigger would, marks each member (so that no center gets it twice, even one that moved to
/// another zone), counts the outcomes, and closes the chunk.
package protocol BroadcastStore: Sendable {
    // MARK: topics

    /// Creates a topic; refuses `topicExists`, and `topicLimitReached` past `limit` topics. A deleted topic
    /// of that identifier whose subscriptions are not all gone yet refuses `StoreError.conflict` until
    /// `purgeDeletedTopic` has finished it.
    func insertTopic(appID: String, _ topic: Topic, limit: Int) async throws
    /// The topic with its subscriber count, or nil.
    func topic(appID: String, identifier: String) async throws -> Topic?
    /// The app's topics by identifier after `cursor`, with their subscriber counts.
    func topics(appID: String, after cursor: String?, limit: Int) async throws -> Page<Topic>
    /// Deletes a topic in one short transaction, whatever its subscriptions: from then on no read lists it
    /// or its subscriptions, no center subscribes to it, and no broadcast reaches its subscribers. Its
    /// subscriptions stay until `purgeDeletedTopic` deletes them. False if the app has no such topic.
    func deleteTopic(appID: String, identifier: String, at date: Date) async throws -> Bool
    /// Deletes up to `limit` subscriptions of a deleted topic in one transaction, and the topic with the
    /// last of them; returns the rows deleted (0: nothing of it left, or the topic is not deleted).
    func purgeDeletedTopic(appID: String, identifier: String, limit: Int) async throws -> Int
    /// Deleted topics whose purge has not finished (cut short by a crash or a failure), oldest first; not
    /// those of an app marked deleted, whose subscriptions go with its centers (`purgeDeletedApp`).
    func deletedTopics(limit: Int) async throws -> [(appID: String, identifier: String)]
    /// Subscribes the center to the topics (those it has already are kept); refuses `topicNotFound` for
    /// a topic the app does not have, `topicLimitReached` past `limit` subscriptions of the center.
    func subscribe(_ key: CenterKey, to topics: [String], limit: Int, at date: Date) async throws
    /// Unsubscribes the center; returns the topics it was subscribed to of those named.
    func unsubscribe(_ key: CenterKey, from topics: [String]) async throws -> [String]
    /// The topics the center is subscribed to, by identifier.
    func topics(of key: CenterKey) async throws -> [String]
    /// The centers subscribed to the topic, by id after `cursor`.
    func subscribers(appID: String, topic: String, after cursor: String?, limit: Int) async throws -> Page<String>

    // MARK: broadcasts

    /// Writes a new broadcast (its request stored as `form`); an active one of the app with the same
    /// request identifier becomes `replaced` in the same transaction (its firings still to come never
    /// come). Returns the ids it replaced.
    func insertBroadcast(_ record: BroadcastRecord, form: Data) async throws -> [String]
    func broadcast(appID: String, id: String) async throws -> Broadcast?
    /// The app's broadcasts, newest first, after `cursor`.
    func broadcasts(appID: String, after cursor: String?, limit: Int) async throws -> Page<Broadcast>
    /// Cancels an active broadcast (a finished one is left as it is); nil if the app has none by that id.
    func cancelBroadcast(appID: String, id: String, at date: Date) async throws -> Broadcast?

    // MARK: fan-out

    /// The earliest date an active broadcast's next zone comes; nil when none waits.
    func nextBroadcastDate() async throws -> Date?
    /// Active broadcasts whose next zone is due by `date` (at most `limit`).
    func broadcastsDue(by date: Date, limit: Int) async throws -> [BroadcastRecord]
    /// The time zones of the broadcast's members now that no chunk was planned for yet.
    func unplannedZones(_ record: BroadcastRecord) async throws -> [String]
    /// Plans `zones` (nil: every zone at once) that are not planned yet, cutting their members into
    /// chunks, and sets the date the next zone comes (nil: none); a broadcast left with nothing to fire
    /// completes. Nothing happens to a broadcast that is no longer active.
    func planBroadcast(_ record: BroadcastRecord, zones: [String?], nextFireDate: Date?, at date: Date) async throws
    /// Claims an open chunk of an active broadcast that no live claim holds, until `lease.until`, with its
    /// members as they are now (and, where the store reads them beside its writer, their browsers and
    /// phones). SQLite holds the claim in its memory (one process owns the file), PostgreSQL in the row.
    func claimBroadcastChunk(lease: Lease) async throws -> ClaimedBroadcastChunk?
    /// Extends a claim still held (a chunk whose members' extensions are being asked).
    func extendBroadcastClaim(_ chunk: BroadcastChunk, until leaseUntil: Date) async throws
    /// Fires a claimed chunk in one transaction: its members as they are now that were not marked yet
    /// each get `decide`'s firing, recorded with its events, marked and counted; the chunk closes, and
    /// the broadcast completes when it was the last. A firing that carries its push messages
    /// (`FiringRecord.pushMessages`) has them written as made. Nil, recording nothing, when the claim no
    /// longer holds the chunk (or the broadcast is no longer active).
    func fireBroadcastChunk(
        _ chunk: BroadcastChunk, at now: Date, decide: @escaping @Sendable (Broadcast, CenterRecord) -> FiringRecord
    ) async throws -> [FiringRecord]?
    /// Whether some broadcast has a zone due by `now` unplanned, or a chunk still open (settle).
    func hasUnfiredBroadcasts(dueBy now: Date) async throws -> Bool
}

extension BroadcastStore {
    /// Deletes a deleted topic's subscriptions `batch` a transaction, then the topic, so that no
    /// transaction holds the store for long (on SQLite, a million subscriptions in one held its one writer
    /// for seconds).
    package func purgeDeletedTopic(appID: String, identifier: String, batch: Int = 4_096) async throws {
        while try await purgeDeletedTopic(appID: appID, identifier: identifier, limit: batch) > 0 {}
    }
}

extension StoreError {
    /// A topic of this identifier was deleted and its subscriptions are not all gone yet.
    package static func topicStillDeleting(_ identifier: String) -> StoreError {
        .conflict("The topic '\(identifier)' is still being deleted; create it again once its deletion has finished.")
    }
}

extension Broadcast.Counts {
    /// Counts one member's firing.
    package mutating func count(_ firing: FiringRecord) {
        targeted += 1
        switch firing.delivered?.presentation {
        case nil: notAuthorized += 1
        case let presentation? where presentation.interrupts && presentation.heldUntil == nil: presented += 1
        case .some: quiet += 1
        }
    }
}

/// The most members one chunk of a fan-out fires in one transaction.
package let broadcastChunkSize = 1_024
