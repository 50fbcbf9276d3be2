import Foundation
import NIOCore
import NotificationCore
import PostgresNIO
import Storage

/// Center ids are compared and ordered bytewise (`COLLATE "C"`), as SQLite does, so that a chunk's bounds
/// mean the same on both stores.
extension PostgresStore: BroadcastStore {
    // MARK: topics

    package func insertTopic(appID: String, _ topic: Topic, limit: Int) async throws {
        try await write { connection, _ in
            // The app's row first: two creations at once count one after the other.
            _ = try await connection.rows("SELECT 1 FROM apps WHERE id = \(appID) FOR UPDATE", self.logger)
            if let existing = try await connection.rows(
                "SELECT deleted_at FROM topics WHERE app_id = \(appID) AND id = \(topic.identifier)", self.logger
            ).first {
                guard try existing.get("deleted_at", as: Int64?.self) != nil else { throw NotificationError.topicExists(topic.identifier) }
                guard
                    try await connection.rows(
                        "SELECT 1 FROM topic_subscriptions WHERE app_id = \(appID) AND topic_id = \(topic.identifier) LIMIT 1", self.logger
                    ).isEmpty
                else { throw StoreError.topicStillDeleting(topic.identifier) }
                try await connection.run("DELETE FROM topics WHERE app_id = \(appID) AND id = \(topic.identifier)", self.logger)
            }
            let count =
                try await connection.rows("SELECT COUNT(*) AS n FROM topics WHERE app_id = \(appID) AND deleted_at IS NULL", self.logger)
                .first?.get("n", as: Int64.self) ?? 0
            guard count < limit else { throw NotificationError.topicLimitReached(perApp: limit) }
            try await connection.run(
                """
                INSERT INTO topics(app_id, id, display_name, created_at)
                VALUES (\(appID), \(topic.identifier), \(topic.displayName), \(Self.milliseconds(topic.createdAt)))
                """, self.logger)
        }
    }

    package func topic(appID: String, identifier: String) async throws -> Topic? {
        try await read { connection in
            try await connection.rows("\(unescaped: Self.topicSelect) AND t.app_id = \(appID) AND t.id = \(identifier)", self.logger)
                .first.map(Self.topic)
        }
    }

    package func topics(appID: String, after cursor: String?, limit: Int) async throws -> Page<Topic> {
        try await read { connection in
            let topics = try await connection.rows(
                #"\#(unescaped: Self.topicSelect) AND t.app_id = \#(appID) AND t.id COLLATE "C" > \#(cursor ?? "") ORDER BY t.id COLLATE "C" LIMIT \#(limit + 1)"#,
                self.logger
            ).map(Self.topic)
            return Page(items: Array(topics.prefix(limit)), nextCursor: topics.count > limit ? topics[limit - 1].identifier : nil)
        }
    }

    /// The topics not deleted; more conditions follow with AND.
    private static let topicSelect = """
        SELECT t.id, t.display_name, t.created_at,
            (SELECT COALESCE(SUM(c.subscribers), 0) FROM topic_counts c WHERE c.app_id = t.app_id AND c.topic_id = t.id)::bigint AS subscribers
        FROM topics t WHERE t.deleted_at IS NULL
        """

    private static func topic(_ row: PostgresRandomAccessRow) throws -> Topic {
        Topic(
            identifier: try row.get("id"), displayName: try row.get("display_name"), createdAt: date(try row.get("created_at")),
            subscriberCount: Int(try row.get("subscribers", as: Int64.self)))
    }

    package func deleteTopic(appID: String, identifier: String, at date: Date) async throws -> Bool {
        try await write { connection, _ in
            try await !connection.rows(
                """
                UPDATE topics SET deleted_at = \(Self.milliseconds(date))
                WHERE app_id = \(appID) AND id = \(identifier) AND deleted_at IS NULL RETURNING id
                """, self.logger
            ).isEmpty
        }
    }

    package func purgeDeletedTopic(appID: String, identifier: String, limit: Int) async throws -> Int {
        try await write { connection, _ in
            // The topic's row first: a purge beside this one waits, and then finds what this one left.
            guard
                try await !connection.rows(
                    "SELECT 1 FROM topics WHERE app_id = \(appID) AND id = \(identifier) AND deleted_at IS NOT NULL FOR UPDATE", self.logger
                ).isEmpty
            else { return 0 }
            let deleted =
                try await connection.rows(
                    #"""
                    WITH gone AS (
                        DELETE FROM topic_subscriptions WHERE app_id = \#(appID) AND topic_id = \#(identifier) AND center_id IN (
                            SELECT center_id FROM topic_subscriptions WHERE app_id = \#(appID) AND topic_id = \#(identifier)
                            ORDER BY center_id COLLATE "C" LIMIT \#(limit))
                        RETURNING 1)
                    SELECT COUNT(*) AS n FROM gone
                    """#, self.logger
                ).first?.get("n", as: Int64.self) ?? 0
            guard deleted < limit else { return Int(deleted) }
            let topics = try await connection.rows(
                "DELETE FROM topics WHERE app_id = \(appID) AND id = \(identifier) RETURNING 1", self.logger)
            return Int(deleted) + topics.count
        }
    }

    package func deletedTopics(limit: Int) async throws -> [(appID: String, identifier: String)] {
        try await read { connection in
            try await connection.rows(
                """
                SELECT t.app_id, t.id FROM topics t JOIN apps a ON a.id = t.app_id
                WHERE t.deleted_at IS NOT NULL AND a.deleted_at IS NULL ORDER BY t.deleted_at LIMIT \(limit)
                """, self.logger
            ).map { (try $0.get("app_id", as: String.self), try $0.get("id", as: String.self)) }
        }
    }

    package func subscribe(_ key: CenterKey, to topics: [String], limit: Int, at date: Date) async throws {
        try await write { connection, _ in
            guard try await self.lockCenter(key, connection) else { throw NotificationError.centerNotFound(key.centerID) }
            // Held until the subscriptions commit (the lock their foreign key would take at the insert): a purge
            // of a topic marked deleted meanwhile waits for them and takes them with the rest, instead of
            // deleting the topic's row between this check and the insert.
            let known = Set(
                try await connection.rows(
                    "SELECT id FROM topics WHERE app_id = \(key.appID) AND id = ANY(\(topics)) AND deleted_at IS NULL FOR KEY SHARE",
                    self.logger
                )
                .map { try $0.get("id", as: String.self) })
            if let unknown = topics.first(where: { !known.contains($0) }) { throw NotificationError.topicNotFound(unknown) }
            // The new subscriptions counted in their topics' rows of the center's shard, in topic order.
            try await connection.run(
                """
                WITH added AS (
                    INSERT INTO topic_subscriptions(app_id, topic_id, center_id, created_at)
                    SELECT \(key.appID), t, \(key.centerID), \(Self.milliseconds(date)) FROM unnest(\(topics)) AS t
                    ON CONFLICT DO NOTHING RETURNING app_id, topic_id, center_id)
                INSERT INTO topic_counts(app_id, topic_id, shard, subscribers)
                SELECT app_id, topic_id, \(unescaped: Self.topicShard("center_id")), 1 FROM added ORDER BY topic_id
                ON CONFLICT (app_id, topic_id, shard) DO UPDATE SET subscribers = topic_counts.subscribers + 1
                """, self.logger)
            let count =
                try await connection.rows(
                    """
                    SELECT COUNT(*) AS n FROM topic_subscriptions s JOIN topics t ON t.app_id = s.app_id AND t.id = s.topic_id
                    WHERE s.app_id = \(key.appID) AND s.center_id = \(key.centerID) AND t.deleted_at IS NULL
                    """, self.logger
                ).first?.get("n", as: Int64.self) ?? 0
            guard count <= limit else { throw NotificationError.topicLimitReached(perCenter: limit) }
        }
    }

    package func unsubscribe(_ key: CenterKey, from topics: [String]) async throws -> [String] {
        try await write { connection, _ in
            // The center first, as its deletion locks it: the two never both take a subscription out of its count.
            guard try await self.lockCenter(key, connection) else { return [] }
            let removed = Set(
                try await connection.rows(
                    """
                    DELETE FROM topic_subscriptions WHERE app_id = \(key.appID) AND center_id = \(key.centerID) AND topic_id = ANY(\(topics))
                    RETURNING topic_id
                    """, self.logger
                ).map { try $0.get("topic_id", as: String.self) })
            try await self.uncount(key, Array(removed), connection)
            return topics.filter(removed.contains)
        }
    }

    /// The row of a topic's count (of 16) a center's subscription is counted in: `center` is the SQL of its
    /// id. PostgreSQL's hash of text for partitions, which is kept the same across its versions.
    static func topicShard(_ center: String) -> String { "(hashtextextended(\(center), 0) & 15)::smallint" }

    /// Takes the center's subscriptions to the `named` topics out of their counts (nil: every one it has,
    /// for a center about to go), the count's rows locked in topic order as a subscription's count takes
    /// them (no deadlock between centers of one shard with topics in common). Inside the caller's
    /// transaction, the center locked.
    func uncount(_ key: CenterKey, _ named: [String]?, _ connection: PostgresConnection) async throws {
        let topics: [String]
        if let named {
            topics = named
        } else {
            topics = try await connection.rows(
                "SELECT topic_id FROM topic_subscriptions WHERE app_id = \(key.appID) AND center_id = \(key.centerID)", logger
            ).map { try $0.get("topic_id", as: String.self) }
        }
        guard !topics.isEmpty else { return }
        try await connection.run(
            """
            UPDATE topic_counts c SET subscribers = c.subscribers - 1 FROM (
                SELECT n.app_id, n.topic_id, n.shard FROM topic_counts n, (SELECT \(key.centerID)::text AS center_id) k
                WHERE n.app_id = \(key.appID) AND n.shard = \(unescaped: Self.topicShard("k.center_id")) AND n.topic_id = ANY(\(topics))
                ORDER BY n.topic_id FOR UPDATE OF n) l
            WHERE c.app_id = l.app_id AND c.topic_id = l.topic_id AND c.shard = l.shard
            """, logger)
    }

    package func topics(of key: CenterKey) async throws -> [String] {
        try await read { connection in
            try await connection.rows(
                #"""
                SELECT s.topic_id FROM topic_subscriptions s JOIN topics t ON t.app_id = s.app_id AND t.id = s.topic_id
                WHERE s.app_id = \#(key.appID) AND s.center_id = \#(key.centerID) AND t.deleted_at IS NULL ORDER BY s.topic_id COLLATE "C"
                """#,
                self.logger
            ).map { try $0.get("topic_id", as: String.self) }
        }
    }

    package func subscribers(appID: String, topic: String, after cursor: String?, limit: Int) async throws -> Page<String> {
        try await read { connection in
            let ids = try await connection.rows(
                #"""
                SELECT center_id FROM topic_subscriptions WHERE app_id = \#(appID) AND topic_id = \#(topic)
                AND center_id COLLATE "C" > \#(cursor ?? "")
                AND EXISTS (SELECT 1 FROM topics WHERE app_id = \#(appID) AND id = \#(topic) AND deleted_at IS NULL)
                ORDER BY center_id COLLATE "C" LIMIT \#(limit + 1)
                """#, self.logger
            ).map { try $0.get("center_id", as: String.self) }
            return Page(items: Array(ids.prefix(limit)), nextCursor: ids.count > limit ? ids[limit - 1] : nil)
        }
    }

    // MARK: broadcasts

    package func insertBroadcast(_ record: BroadcastRecord, form: Data) async throws -> [String] {
        let broadcast = record.broadcast
        let audience = try Self.encode(broadcast.audience)
        return try await write { connection, changes in
            let replaced = try await connection.rows(
                """
                UPDATE broadcasts SET status = 'replaced', next_fire = NULL, completed_at = \(Self.milliseconds(broadcast.createdAt))
                WHERE app_id = \(record.appID) AND identifier = \(broadcast.request.identifier) AND status IN ('scheduled', 'firing')
                RETURNING id
                """, self.logger
            ).map { try $0.get("id", as: String.self) }
            try await connection.run(
                """
                INSERT INTO broadcasts(app_id, id, identifier, request, audience, status, created_at, next_fire)
                VALUES (\(record.appID), \(broadcast.id), \(broadcast.request.identifier), \(form), \(audience), \(broadcast.status.rawValue),
                    \(Self.milliseconds(broadcast.createdAt)), \(broadcast.nextFireDate.map(Self.milliseconds)))
                """, self.logger)
            try await self.holdMedia(of: record, connection)
            if let next = broadcast.nextFireDate { changes.announce(.broadcastDue(next)) }
            return replaced
        }
    }

    package func broadcast(appID: String, id: String) async throws -> Broadcast? {
        try await read { connection in
            try await connection.rows("SELECT * FROM broadcasts WHERE app_id = \(appID) AND id = \(id)", self.logger)
                .first.map { try Self.broadcast($0).broadcast }
        }
    }

    package func broadcasts(appID: String, after cursor: String?, limit: Int) async throws -> Page<Broadcast> {
        try await read { connection in
            let rows = try await connection.rows(
                """
                SELECT * FROM broadcasts WHERE app_id = \(appID) AND seq < \(cursor.flatMap(Int64.init) ?? Int64.max)
                ORDER BY seq DESC LIMIT \(limit + 1)
                """, self.logger)
            let items = try rows.prefix(limit).map { try Self.broadcast($0).broadcast }
            return Page(items: items, nextCursor: rows.count > limit ? String(try rows[limit - 1].get("seq", as: Int64.self)) : nil)
        }
    }

    package func cancelBroadcast(appID: String, id: String, at date: Date) async throws -> Broadcast? {
        try await write { connection, _ in
            try await connection.run(
                """
                UPDATE broadcasts SET status = 'canceled', next_fire = NULL, completed_at = \(Self.milliseconds(date))
                WHERE app_id = \(appID) AND id = \(id) AND status IN ('scheduled', 'firing')
                """, self.logger)
            return try await connection.rows("SELECT * FROM broadcasts WHERE app_id = \(appID) AND id = \(id)", self.logger)
                .first.map { try Self.broadcast($0).broadcast }
        }
    }

    static func broadcast(_ row: PostgresRandomAccessRow) throws -> BroadcastRecord {
        let counts = Broadcast.Counts(
            targeted: Int(try row.get("targeted", as: Int64.self)), presented: Int(try row.get("presented", as: Int64.self)),
            quiet: Int(try row.get("quiet", as: Int64.self)), notAuthorized: Int(try row.get("not_authorized", as: Int64.self)),
            failed: Int(try row.get("failed", as: Int64.self)))
        return BroadcastRecord(
            appID: try row.get("app_id"),
            broadcast: Broadcast(
                id: try row.get("id"), request: try decode(NotificationRequest.self, try row.get("request")),
                audience: try decode(Broadcast.Audience.self, try row.get("audience")),
                status: Broadcast.Status(rawValue: try row.get("status")) ?? .canceled, createdAt: date(try row.get("created_at")),
                nextFireDate: try row.get("next_fire", as: Int64?.self).map(date),
                completedAt: try row.get("completed_at", as: Int64?.self).map(date), counts: counts))
    }

    // MARK: fan-out

    package func nextBroadcastDate() async throws -> Date? { try await earliest("next_fire", in: "broadcasts") }

    package func broadcastsDue(by date: Date, limit: Int) async throws -> [BroadcastRecord] {
        try await read { connection in
            try await connection.rows(
                """
                SELECT * FROM broadcasts WHERE next_fire IS NOT NULL AND next_fire <= \(Self.milliseconds(date)) ORDER BY next_fire
                LIMIT \(limit)
                """, self.logger
            ).map(Self.broadcast)
        }
    }

    package func unplannedZones(_ record: BroadcastRecord) async throws -> [String] {
        try await read { connection in
            var query = MemberQuery(record, select: "DISTINCT c.time_zone")
            query.sql +=
                " AND c.time_zone NOT IN (SELECT zone FROM broadcast_chunks WHERE app_id = \(query.bind(record.appID)) AND broadcast_id = \(query.bind(record.broadcast.id)))"
            return try await connection.rows(query.query, self.logger).map { try $0.get("time_zone", as: String.self) }
        }
    }

    package func planBroadcast(_ record: BroadcastRecord, zones: [String?], nextFireDate: Date?, at date: Date) async throws {
        try await write { connection, changes in
            // The broadcast's row first: a replica planning the same zones at once waits, then finds them planned.
            guard let current = try await self.activeBroadcast(record.appID, record.broadcast.id, locking: true, connection) else { return }
            for zone in zones {
                let name = zone ?? Self.everyZone
                let planned = try await connection.rows(
                    "SELECT 1 FROM broadcast_chunks WHERE app_id = \(record.appID) AND broadcast_id = \(record.broadcast.id) AND zone = \(name) LIMIT 1",
                    self.logger)
                guard planned.isEmpty else { continue }
                // Every `broadcastChunkSize`-th member bounds a chunk; the last chunk has no upper bound.
                var query = MemberQuery(current, select: #"c.id AS id, row_number() OVER (ORDER BY c.id COLLATE "C") AS n"#)
                if let zone { query.sql += " AND c.time_zone = \(query.bind(zone))" }
                query.sql = #"SELECT id FROM (\#(query.sql)) AS m WHERE n % \#(broadcastChunkSize) = 0 ORDER BY id COLLATE "C""#
                let bounds = try await connection.rows(query.query, self.logger).map { try $0.get("id", as: String.self) }
                let afters = [""] + bounds
                let upTos = bounds + [""]  // "": no upper bound (no center id is empty)
                try await connection.run(
                    """
                    INSERT INTO broadcast_chunks(app_id, broadcast_id, zone, after, up_to)
                    SELECT \(record.appID), \(record.broadcast.id), \(name), a, NULLIF(u, '') FROM unnest(\(afters), \(upTos)) AS t(a, u)
                    ON CONFLICT DO NOTHING
                    """, self.logger)
            }
            try await connection.run(
                """
                UPDATE broadcasts SET next_fire = \(nextFireDate.map(Self.milliseconds))
                WHERE app_id = \(record.appID) AND id = \(record.broadcast.id)
                """, self.logger)
            if let nextFireDate { changes.announce(.broadcastDue(nextFireDate)) }
            changes.announce(.broadcastDue(date))
            try await self.completeIfDone(record.appID, record.broadcast.id, at: date, connection, &changes)
        }
    }

    package func claimBroadcastChunk(lease: Lease) async throws -> ClaimedBroadcastChunk? {
        try await write(durable: false) { connection, _ in
            guard
                let row = try await connection.rows(
                    #"""
                    UPDATE broadcast_chunks ch SET claim_token = ch.claim_token + 1, claimed_until = \#(Self.milliseconds(lease.until))
                    FROM (
                        SELECT o.app_id, o.broadcast_id, o.zone, o.after FROM broadcast_chunks o
                        JOIN broadcasts b ON b.app_id = o.app_id AND b.id = o.broadcast_id AND b.status IN ('scheduled', 'firing')
                        WHERE NOT o.done AND (o.claimed_until IS NULL OR o.claimed_until < \#(Self.milliseconds(lease.now)))
                        ORDER BY b.seq, o.zone COLLATE "C", o.after COLLATE "C" LIMIT 1 FOR UPDATE OF o SKIP LOCKED
                    ) AS t
                    WHERE ch.app_id = t.app_id AND ch.broadcast_id = t.broadcast_id AND ch.zone = t.zone AND ch.after = t.after
                    RETURNING ch.app_id, ch.broadcast_id, ch.zone, ch.after, ch.up_to, ch.claim_token
                    """#, self.logger
                ).first
            else { return nil }
            let zone = try row.get("zone", as: String.self)
            let chunk = BroadcastChunk(
                appID: try row.get("app_id"), broadcastID: try row.get("broadcast_id"), zone: zone == Self.everyZone ? nil : zone,
                after: try row.get("after"), upTo: try row.get("up_to"), claim: try row.get("claim_token"))
            guard let record = try await self.activeBroadcast(chunk.appID, chunk.broadcastID, connection) else { return nil }
            let members = try await self.chunkMembers(chunk, record, locking: false, connection)
            return ClaimedBroadcastChunk(chunk: chunk, broadcast: record.broadcast, members: members)
        }
    }

    package func extendBroadcastClaim(_ chunk: BroadcastChunk, until leaseUntil: Date) async throws {
        try await write(durable: false) { connection, _ in
            try await connection.run(
                """
                UPDATE broadcast_chunks SET claimed_until = \(Self.milliseconds(leaseUntil))
                WHERE app_id = \(chunk.appID) AND broadcast_id = \(chunk.broadcastID) AND zone = \(chunk.zone ?? Self.everyZone)
                AND after = \(chunk.after) AND claim_token = \(chunk.claim) AND NOT done
                """, self.logger)
        }
    }

    package func fireBroadcastChunk(
        _ chunk: BroadcastChunk, at now: Date, decide: @escaping @Sendable (Broadcast, CenterRecord) -> FiringRecord
    ) async throws -> [FiringRecord]? {
        try await write { connection, changes in
            let zone = chunk.zone ?? Self.everyZone
            // The chunk first (its claim must still hold it), then its members (the lock order of firings:
            // centers by key), then the broadcast's counts.
            let held = try await connection.rows(
                """
                SELECT 1 FROM broadcast_chunks WHERE app_id = \(chunk.appID) AND broadcast_id = \(chunk.broadcastID) AND zone = \(zone)
                AND after = \(chunk.after) AND claim_token = \(chunk.claim) AND NOT done FOR UPDATE
                """, self.logger)
            guard !held.isEmpty, let record = try await self.activeBroadcast(chunk.appID, chunk.broadcastID, connection) else { return nil }
            let members = try await self.chunkMembers(chunk, record, locking: true, connection)
            var counts = Broadcast.Counts()
            let firings = members.map { center in
                let firing = decide(record.broadcast, center)
                counts.count(firing)
                return firing
            }
            try await self.record(firings, at: now, connection, &changes)
            // Only a zone's chunk marks its members: a center is in one chunk of its zone's plan, and a chunk
            // fires in one transaction, so only a center that moved zones between firings could be reached twice.
            if chunk.zone != nil {
                try await connection.run(
                    """
                    INSERT INTO broadcast_members(app_id, broadcast_id, center_id)
                    SELECT \(chunk.appID), \(chunk.broadcastID), m FROM unnest(\(members.map(\.id))) AS m
                    """, self.logger)
            }
            try await connection.run(
                """
                UPDATE broadcasts SET status = 'firing', targeted = targeted + \(counts.targeted), presented = presented + \(counts.presented),
                    quiet = quiet + \(counts.quiet), not_authorized = not_authorized + \(counts.notAuthorized)
                WHERE app_id = \(chunk.appID) AND id = \(chunk.broadcastID)
                """, self.logger)
            try await connection.run(
                """
                UPDATE broadcast_chunks SET done = true, claimed_until = NULL
                WHERE app_id = \(chunk.appID) AND broadcast_id = \(chunk.broadcastID) AND zone = \(zone) AND after = \(chunk.after)
                """, self.logger)
            try await self.completeIfDone(chunk.appID, chunk.broadcastID, at: now, connection, &changes)
            return firings
        }
    }

    package func hasUnfiredBroadcasts(dueBy now: Date) async throws -> Bool {
        try await read { connection in
            try await connection.rows(
                """
                SELECT EXISTS (SELECT 1 FROM broadcasts WHERE next_fire IS NOT NULL AND next_fire <= \(Self.milliseconds(now)))
                    OR EXISTS (SELECT 1 FROM broadcast_chunks ch JOIN broadcasts b ON b.app_id = ch.app_id AND b.id = ch.broadcast_id
                        WHERE NOT ch.done AND b.status IN ('scheduled', 'firing')) AS unfired
                """, self.logger
            ).first?.get("unfired", as: Bool.self) ?? false
        }
    }

    /// The chunk zone that stands for every zone (a broadcast whose firing is the same instant everywhere).
    static let everyZone = "*"

    /// The broadcast while it is active (locked for the transaction when `locking`), or nil.
    private func activeBroadcast(
        _ appID: String, _ id: String, locking: Bool = false, _ connection: PostgresConnection
    ) async throws -> BroadcastRecord? {
        try await connection.rows(
            """
            SELECT * FROM broadcasts WHERE app_id = \(appID) AND id = \(id) AND status IN ('scheduled', 'firing')\(unescaped: locking ? " FOR UPDATE" : "")
            """, logger
        ).first.map(Self.broadcast)
    }

    /// The chunk's members not reached yet, as centers, by id (locked for a firing). A zone's marks are looked up
    /// by key for the members found, not joined: a join's plan depends on statistics that a table filled
    /// moments ago does not have yet (a nested loop over every mark of the broadcast took 0.3 s a chunk).
    private func chunkMembers(
        _ chunk: BroadcastChunk, _ record: BroadcastRecord, locking: Bool, _ connection: PostgresConnection
    ) async throws -> [CenterRecord] {
        var query = MemberQuery(record, select: "c.*")
        query.sql += #" AND \#(query.id) COLLATE "C" > \#(query.bind(chunk.after))"#
        if let upTo = chunk.upTo { query.sql += #" AND \#(query.id) COLLATE "C" <= \#(query.bind(upTo))"# }
        if let zone = chunk.zone { query.sql += " AND c.time_zone = \(query.bind(zone))" }
        query.sql += #" ORDER BY \#(query.id) COLLATE "C""#
        if locking { query.sql += " FOR UPDATE OF c" }
        let members = try await connection.rows(query.query, logger).map(Self.centerRecord)
        // Less, in a zone's chunk, those reached in another zone's chunk before they moved here (their marks).
        guard !members.isEmpty, chunk.zone != nil else { return members }
        let marked = Set(
            try await connection.rows(
                """
                SELECT center_id FROM broadcast_members
                WHERE app_id = \(chunk.appID) AND broadcast_id = \(chunk.broadcastID) AND center_id = ANY(\(members.map(\.id)))
                """, logger
            ).map { try $0.get("center_id", as: String.self) })
        return marked.isEmpty ? members : members.filter { !marked.contains($0.id) }
    }

    /// A broadcast with no zone left to come and no chunk open completes, and its app hears
    /// `broadcast.completed`.
    private func completeIfDone(
        _ appID: String, _ id: String, at date: Date, _ connection: PostgresConnection, _ changes: inout ChangeSet
    ) async throws {
        guard
            let row = try await connection.rows(
                """
                UPDATE broadcasts SET status = 'completed', completed_at = \(Self.milliseconds(date))
                WHERE app_id = \(appID) AND id = \(id) AND status IN ('scheduled', 'firing') AND next_fire IS NULL
                AND NOT EXISTS (SELECT 1 FROM broadcast_chunks WHERE app_id = \(appID) AND broadcast_id = \(id) AND NOT done)
                RETURNING *
                """, logger
            ).first
        else { return }
        if let message = try Self.broadcast(row).completedMessage(settings: try await webhookSettings(appID: appID, connection), at: date) {
            try await insertDeliveries([message], connection)
            changes.announce(.outbox)
        }
    }
}

/// A query over a broadcast's members (the centers aliased `c`), built with numbered binds: its SQL ends
/// in a WHERE clause that more conditions may extend.
private struct MemberQuery {
    var sql: String
    /// The column that holds the member's center id in the table the query walks (a chunk's bounds go on
    /// it, so that its index serves them).
    let id: String
    private var binds = PostgresBindings()

    init(_ record: BroadcastRecord, select: String) {
        sql = ""
        if case .topic = record.broadcast.audience { id = "s.center_id" } else { id = "c.id" }
        switch record.broadcast.audience {
        case .all: sql = "SELECT \(select) FROM centers c WHERE c.app_id = \(bind(record.appID))"
        case .topic(let topic):
            let (app, topic) = (bind(record.appID), bind(topic))
            sql = """
                SELECT \(select) FROM topic_subscriptions s JOIN centers c ON c.app_id = s.app_id AND c.id = s.center_id
                WHERE s.app_id = \(app) AND s.topic_id = \(topic)
                AND EXISTS (SELECT 1 FROM topics WHERE app_id = \(app) AND id = \(topic) AND deleted_at IS NULL)
                """
        case .centers(let ids): sql = "SELECT \(select) FROM centers c WHERE c.app_id = \(bind(record.appID)) AND c.id = ANY(\(bind(ids)))"
        }
    }

    /// Adds a bind; returns its placeholder.
    mutating func bind(_ value: some PostgresNonThrowingEncodable) -> String {
        binds.append(value)
        return "$\(binds.count)"
    }

    var query: PostgresQuery { PostgresQuery(unsafeSQL: sql, binds: binds) }
}
