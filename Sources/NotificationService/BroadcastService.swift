import Clocks
import Foundation
import Logging
import Memberwise
import NotificationCore
import Storage

/// Topics and broadcasts: one request for many centers, each member getting it as `add(_:)` on its own
/// center would (`Broadcast`). The fan-out plans each time zone when its firing comes, then fires it
/// chunk by chunk; any process sharing the store may fire any chunk.
@MemberwiseInit
package struct BroadcastService: Sendable {
    package let store: any BroadcastStore
    let centers: NotificationCenterService

    var clock: any SchedulerClock { centers.clock }

    // MARK: topics

    package func createTopic(appID: String, identifier: String, displayName: String?) async throws -> Topic {
        let topic = Topic(identifier: identifier, displayName: displayName ?? identifier, createdAt: clock.now, subscriberCount: 0)
        try topic.validate()
        do {
            try await store.insertTopic(appID: appID, topic, limit: Topic.perApp)
        } catch let error as StoreError where error.code == .conflict {
            // A topic of that identifier deleted before, whose subscriptions are still going: they go now.
            try await store.purgeDeletedTopic(appID: appID, identifier: identifier)
            try await store.insertTopic(appID: appID, topic, limit: Topic.perApp)
        }
        return topic
    }

    package func topic(appID: String, identifier: String) async throws -> Topic {
        try Topic.validateIdentifier(identifier, field: "topic")
        guard let topic = try await store.topic(appID: appID, identifier: identifier) else {
            throw NotificationError.topicNotFound(identifier)
        }
        return topic
    }

    /// Deletes the topic at once, then its subscriptions a batch at a time (a deletion cut short is
    /// finished by the retention sweep, or by creating the topic again).
    package func deleteTopic(appID: String, identifier: String) async throws {
        try Topic.validateIdentifier(identifier, field: "topic")
        guard try await store.deleteTopic(appID: appID, identifier: identifier, at: clock.now) else {
            throw NotificationError.topicNotFound(identifier)
        }
        try await store.purgeDeletedTopic(appID: appID, identifier: identifier)
    }

    /// Subscribes the center to the topics; returns every topic it is subscribed to.
    package func subscribe(_ key: CenterKey, to topics: [String]) async throws -> [String] {
        for topic in topics { try Topic.validateIdentifier(topic, field: "topics") }
        _ = try await centers.center(key)
        do {
            try await store.subscribe(key, to: topics, limit: Topic.perCenter, at: clock.now)
        } catch let error as StoreError where error.code == .notFound {
            throw NotificationError.centerNotFound(key.centerID)
        }
        return try await store.topics(of: key)
    }

    /// Unsubscribes the center from the topics (those it is not subscribed to are ignored); returns every
    /// topic it is still subscribed to.
    package func unsubscribe(_ key: CenterKey, from topics: [String]) async throws -> [String] {
        for topic in topics { try Topic.validateIdentifier(topic, field: "topics") }
        _ = try await centers.center(key)
        _ = try await store.unsubscribe(key, from: topics)
        return try await store.topics(of: key)
    }

    package func topics(of key: CenterKey) async throws -> [String] {
        _ = try await centers.center(key)
        return try await store.topics(of: key)
    }

    // MARK: broadcasts

    /// Makes a broadcast: one row whatever its audience; an active one with the same identifier is
    /// replaced where its firings have not come. Returns it, and the ids it replaced.
    package func create(appID: String, request: NotificationRequest, audience: Broadcast.Audience) async throws -> (
        Broadcast, replaced: [String]
    ) {
        var broadcast = Broadcast(id: Broadcast.newID(), request: request, audience: audience, createdAt: clock.now)
        try broadcast.validate()
        if case .topic(let topic) = audience, try await store.topic(appID: appID, identifier: topic) == nil {
            throw NotificationError.topicNotFound(topic)
        }
        broadcast.nextFireDate = broadcast.earliestFireDate
        let replaced = try await store.insertBroadcast(BroadcastRecord(appID: appID, broadcast: broadcast), form: try request.storedForm())
        return (broadcast, replaced)
    }

    package func broadcast(appID: String, id: String) async throws -> Broadcast {
        guard let broadcast = try await store.broadcast(appID: appID, id: id) else { throw NotificationError.broadcastNotFound(id) }
        return broadcast
    }

    /// Cancels a broadcast: members whose firing has not come never get it. One that ended already is
    /// returned as it is.
    package func cancel(appID: String, id: String) async throws -> Broadcast {
        guard let broadcast = try await store.cancelBroadcast(appID: appID, id: id, at: clock.now) else {
            throw NotificationError.broadcastNotFound(id)
        }
        return broadcast
    }

    // MARK: fan-out

    /// How long a chunk's claim lasts (on the wall clock): the center service's lease, as a firing's.
    package var lease: TimeInterval { centers.configuration.lease }

    /// When the fan-out looks next (`ClockLoop`), asked at `now`: the next zone of any broadcast, or
    /// within the lease when a chunk is left open (under another claim, or a dead process's after a restart).
    package func nextLook(at now: Date) async throws -> Date? {
        let next = try await store.nextBroadcastDate()
        let open = try await store.hasUnfiredBroadcasts(dueBy: now)
        return [next, open ? now.addingTimeInterval(lease / 2) : nil].compactMap(\.self).min()
    }

    /// Plans every zone whose firing came by `now`, then fires every open chunk; returns how many members
    /// got a firing.
    @discardableResult
    package func fanOut(at now: Date) async throws -> Int {
        for record in try await store.broadcastsDue(by: now, limit: 64) { try await plan(record, at: now) }
        return try await withThrowingTaskGroup(of: Int.self) { firing in
            var (fired, inFlight) = (0, 0)
            var current = try await claimReadyChunk(at: now)
            while let ready = current {
                // A chunk's transaction goes to the store's writer behind the one it is working on, so that
                // the writer goes from one to the next without waiting for this loop; meanwhile the next
                // chunk is claimed, its members read and its firings made. Chunks are claimed one at a time.
                firing.addTask { try await self.fire(ready, at: now) }
                inFlight += 1
                async let next = claimReadyChunk(at: now)
                if inFlight == 2 {
                    fired += try await firing.next() ?? 0
                    inFlight -= 1
                }
                current = try await next
            }
            for try await count in firing { fired += count }
            return fired
        }
    }

    /// An open chunk claimed for the lease's length and made ready to fire, or nil when none is left.
    private func claimReadyChunk(at now: Date) async throws -> ReadyChunk? {
        guard let claimed = try await store.claimBroadcastChunk(lease: Lease(seconds: lease, from: centers.wallClock.now)) else {
            return nil
        }
        return try await ready(claimed, at: now)
    }

    /// Plans the zones of the broadcast's members whose firing came by `now`, and sets when the fan-out
    /// looks next: at the next date in a member's zone or in any zone, until it came in every zone.
    private func plan(_ record: BroadcastRecord, at now: Date) async throws {
        let broadcast = record.broadcast
        guard broadcast.isZoned else {
            try await store.planBroadcast(record, zones: [nil], nextFireDate: nil, at: now)
            return
        }
        var due: [String?] = []
        var next: Date?
        for zone in try await store.unplannedZones(record) {
            // A zone where the date components come no more is never planned.
            guard let date = broadcast.fireDate(in: TimeZoneNames.zone(zone)) else { continue }
            if date <= now { due.append(zone) } else { next = min(next ?? date, date) }
        }
        // A center that joins, or moves, in a zone no member is in now is found at that zone's date.
        if let anywhere = broadcast.nextFireDate(anywhereAfter: now) { next = min(next ?? anywhere, anywhere) }
        try await store.planBroadcast(record, zones: due, nextFireDate: next, at: now)
    }

    /// A claimed chunk ready to fire: each member's firing made from the member as the claim read it.
    private struct ReadyChunk: Sendable {
        var chunk: BroadcastChunk
        /// The members as the claim read them, each with its firing made (at the same index), and each
        /// member's index by its id. The records stay in the arrays: a map holding them would copy each
        /// record (a center and a firing are a kilobyte or more) into storage made afresh for every chunk.
        var members: [CenterRecord]
        var firings: [FiringRecord]
        var index: [String: Int]
        /// The firing of a member as it is at the firing, when it is not as the claim read it.
        var make: @Sendable (CenterRecord) -> FiringRecord

        func firing(for center: CenterRecord) -> FiringRecord {
            if let at = index[center.id], members[at] == center { return firings[at] }
            return make(center)
        }
    }

    /// Makes a claimed chunk ready: its members' extensions asked (their claim renewed meanwhile), then
    /// each member's firing and the messages to its browsers and phones made, beside the store's writer.
    private func ready(_ claimed: ClaimedBroadcastChunk, at now: Date) async throws -> ReadyChunk {
        let (request, broadcast, chunk) = (claimed.broadcast.request, claimed.broadcast, claimed.chunk)
        let form = try request.storedForm()
        let tables = try await centers.store.stringTables(appID: chunk.appID)
        let asking = claimed.members.filter { NotificationCenterService.asksExtensions(request, center: $0) }
        var prepared: [PreparedKey: Prepared] = [:]
        if !asking.isEmpty {
            let (store, wallClock, lease) = (store, centers.wallClock, lease)
            prepared = await centers.renewingLease({
                try await store.extendBroadcastClaim(chunk, until: wallClock.now.addingTimeInterval(lease))
            }) {
                await centers.prepare(asking.map { ($0.key, request, nil) }, at: now)
            }
        }
        let make: @Sendable (CenterRecord) -> FiringRecord = { [prepared] center in
            let ready = prepared[PreparedKey(center: center.key, identifier: request.identifier)]
            var firing = NotificationCenterService.firing(
                ready?.request ?? request, center: center, revision: 0, nextFireDate: nil, keepPending: false, at: now,
                foreground: ready?.foreground ?? .noDelegate, tables: tables, traceparent: nil, requestForm: ready == nil ? form : nil)
            firing.scheduledAt = broadcast.createdAt
            firing.broadcastID = broadcast.id
            return firing
        }
        var firings: [FiringRecord] = []
        firings.reserveCapacity(claimed.members.count)
        var index: [String: Int] = [:]
        index.reserveCapacity(claimed.members.count)
        for center in claimed.members {
            var firing = make(center)
            if let targets = claimed.targets { firing.pushMessages = try firing.pushMessages(to: targets[center.key] ?? [], at: now) }
            index[center.id] = firings.count
            firings.append(firing)
        }
        return ReadyChunk(chunk: chunk, members: claimed.members, firings: firings, index: index, make: make)
    }

    /// Fires a ready chunk: every member as a delivery without a trigger, in one transaction, with the
    /// firing made for it when the member is as the claim read it.
    private func fire(_ ready: ReadyChunk, at now: Date) async throws -> Int {
        let fired = try await store.fireBroadcastChunk(ready.chunk, at: now) { _, center in ready.firing(for: center) }
        guard let fired else { return 0 }
        ReceiptEvent.count(.fired, by: fired.count)
        return fired.count
    }
}
