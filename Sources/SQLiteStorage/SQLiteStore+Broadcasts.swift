import Foundation
import GRDB
import NotificationCore
import Storage

extension SQLiteStore: BroadcastStore {
    // MARK: topics

    package func insertTopic(appID: String, _ topic: Topic, limit: Int) async throws {
        try await write { db, _ in
            let count =
                try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM topics WHERE app_id = ? AND deleted_at IS NULL", arguments: [appID]) ?? 0
            if let existing = try Row.fetchOne(
                db, sql: "SELECT deleted_at FROM topics WHERE app_id = ? AND id = ?", arguments: [appID, topic.identifier])
            {
                guard existing[0] as Int64? != nil else { throw NotificationError.topicExists(topic.identifier) }
                guard
                    try Bool.fetchOne(
                        db, sql: "SELECT 1 FROM topic_subscriptions WHERE app_id = ? AND topic_id = ? LIMIT 1",
                        arguments: [appID, topic.identifier]) != true
                else { throw StoreError.topicStillDeleting(topic.identifier) }
                try db.execute(sql: "DELETE FROM topics WHERE app_id = ? AND id = ?", arguments: [appID, topic.identifier])
            }
            guard count < limit else { throw NotificationError.topicLimitReached(perApp: limit) }
            try db.execute(
                sql: "INSERT INTO topics(app_id, id, display_name, created_at) VALUES (?, ?, ?, ?)",
                arguments: [appID, topic.identifier, topic.displayName, Self.milliseconds(topic.createdAt)])
        }
    }

    package func topic(appID: String, identifier: String) async throws -> Topic? {
        try await read { db in
            try Row.fetchOne(db, sql: "\(Self.topicSelect) AND t.app_id = ? AND t.id = ?", arguments: [appID, identifier]).map(Self.topic)
        }
    }

    package func topics(appID: String, after cursor: String?, limit: Int) async throws -> Page<Topic> {
        try await read { db in
            let topics = try Row.fetchAll(
                db, sql: "\(Self.topicSelect) AND t.app_id = ? AND t.id > ? ORDER BY t.id LIMIT ?",
                arguments: [appID, cursor ?? "", limit + 1]
            ).map(Self.topic)
            return Page(items: Array(topics.prefix(limit)), nextCursor: topics.count > limit ? topics[limit - 1].identifier : nil)
        }
    }

    /// The topics not deleted; more conditions follow with AND.
    private static let topicSelect = """
        SELECT t.id, t.display_name, t.created_at, t.subscribers FROM topics t WHERE t.deleted_at IS NULL
        """

    private static func topic(_ row: Row) -> Topic {
        Topic(identifier: row[0], displayName: row[1], createdAt: date(row[2]), subscriberCount: row[3])
    }

    package func deleteTopic(appID: String, identifier: String, at date: Date) async throws -> Bool {
        try await write { db, _ in
            try db.execute(
                sql: "UPDATE topics SET deleted_at = ? WHERE app_id = ? AND id = ? AND deleted_at IS NULL",
                arguments: [Self.milliseconds(date), appID, identifier])
            return db.changesCount > 0
        }
    }

    package func purgeDeletedTopic(appID: String, identifier: String, limit: Int) async throws -> Int {
        try await write { db, _ in
            guard
                try Bool.fetchOne(
                    db, sql: "SELECT 1 FROM topics WHERE app_id = ? AND id = ? AND deleted_at IS NOT NULL", arguments: [appID, identifier])
                    == true
            else { return 0 }
            try db.execute(
                sql: """
                    DELETE FROM topic_subscriptions WHERE app_id = ?1 AND topic_id = ?2 AND center_id IN (
                        SELECT center_id FROM topic_subscriptions WHERE app_id = ?1 AND topic_id = ?2 ORDER BY center_id LIMIT ?3)
                    """, arguments: [appID, identifier, limit])
            let deleted = db.changesCount
            guard deleted < limit else { return deleted }
            try db.execute(sql: "DELETE FROM topics WHERE app_id = ? AND id = ?", arguments: [appID, identifier])
            return deleted + db.changesCount
        }
    }

    package func deletedTopics(limit: Int) async throws -> [(appID: String, identifier: String)] {
        try await read { db in
            try Row.fetchAll(
                db,
                sql: """
                    SELECT t.app_id, t.id FROM topics t JOIN apps a ON a.id = t.app_id
                    WHERE t.deleted_at IS NOT NULL AND a.deleted_at IS NULL ORDER BY t.deleted_at LIMIT ?
                    """, arguments: [limit]
            ).map { ($0[0], $0[1]) }
        }
    }

    package func subscribe(_ key: CenterKey, to topics: [String], limit: Int, at date: Date) async throws {
        try await write { db, _ in
            for topic in topics {
                guard
                    try Bool.fetchOne(
                        db, sql: "SELECT 1 FROM topics WHERE app_id = ? AND id = ? AND deleted_at IS NULL", arguments: [key.appID, topic])
                        == true
                else { throw NotificationError.topicNotFound(topic) }
                try db.execute(
                    sql: "INSERT OR IGNORE INTO topic_subscriptions(app_id, topic_id, center_id, created_at) VALUES (?, ?, ?, ?)",
                    arguments: [key.appID, topic, key.centerID, Self.milliseconds(date)])
                if db.changesCount > 0 { try Self.count(key.appID, [topic], by: 1, db) }
            }
            let count =
                try Int.fetchOne(
                    db, sql: "SELECT COUNT(*) FROM (\(Self.liveSubscriptions))", arguments: [key.appID, key.centerID])
                ?? 0
            guard count <= limit else { throw NotificationError.topicLimitReached(perCenter: limit) }
        }
    }

    package func unsubscribe(_ key: CenterKey, from topics: [String]) async throws -> [String] {
        try await write { db, _ in
            var removed: [String] = []
            for topic in topics {
                try db.execute(
                    sql: "DELETE FROM topic_subscriptions WHERE app_id = ? AND topic_id = ? AND center_id = ?",
                    arguments: [key.appID, topic, key.centerID])
                if db.changesCount > 0 { removed.append(topic) }
            }
            try Self.count(key.appID, removed, by: -1, db)
            return removed
        }
    }

    package func topics(of key: CenterKey) async throws -> [String] {
        try await read { db in
            try String.fetchAll(db, sql: "\(Self.liveSubscriptions) ORDER BY s.topic_id", arguments: [key.appID, key.centerID])
        }
    }

    /// Adds `change` to the subscriber counts of the app's `topics`: every statement that adds or deletes a
    /// subscription of a topic not deleted says so here, in its transaction (a deleted topic's count is
    /// never read again).
    static func count(_ appID: String, _ topics: [String], by change: Int, _ db: Database) throws {
        for topic in topics {
            try db.execute(
                sql: "UPDATE topics SET subscribers = subscribers + ? WHERE app_id = ? AND id = ?", arguments: [change, appID, topic])
        }
    }

    /// Takes a center about to be deleted out of its topics' counts.
    static func uncount(_ key: CenterKey, _ db: Database) throws {
        try count(
            key.appID,
            try String.fetchAll(
                db, sql: "SELECT topic_id FROM topic_subscriptions WHERE app_id = ? AND center_id = ?",
                arguments: [key.appID, key.centerID]),
            by: -1, db)
    }

    /// The topics (not deleted) a center (`?1`, `?2`: app, center) is subscribed to.
    private static let liveSubscriptions = """
        SELECT s.topic_id FROM topic_subscriptions s JOIN topics t ON t.app_id = s.app_id AND t.id = s.topic_id
        WHERE s.app_id = ?1 AND s.center_id = ?2 AND t.deleted_at IS NULL
        """

    package func subscribers(appID: String, topic: String, after cursor: String?, limit: Int) async throws -> Page<String> {
        try await read { db in
            let ids = try String.fetchAll(
                db,
                sql:
                    """
                    SELECT center_id FROM topic_subscriptions WHERE app_id = ?1 AND topic_id = ?2 AND center_id > ?3
                    AND EXISTS (SELECT 1 FROM topics WHERE app_id = ?1 AND id = ?2 AND deleted_at IS NULL) ORDER BY center_id LIMIT ?4
                    """,
                arguments: [appID, topic, cursor ?? "", limit + 1])
            return Page(items: Array(ids.prefix(limit)), nextCursor: ids.count > limit ? ids[limit - 1] : nil)
        }
    }

    // MARK: broadcasts

    package func insertBroadcast(_ record: BroadcastRecord, form: Data) async throws -> [String] {
        try await write { db, effects in
            let broadcast = record.broadcast
            let replaced = try String.fetchAll(
                db, sql: "SELECT id FROM broadcasts WHERE app_id = ? AND identifier = ? AND status IN ('scheduled', 'firing')",
                arguments: [record.appID, broadcast.request.identifier])
            try db.execute(
                sql: """
                    UPDATE broadcasts SET status = 'replaced', next_fire = NULL, completed_at = ?
                    WHERE app_id = ? AND identifier = ? AND status IN ('scheduled', 'firing')
                    """, arguments: [Self.milliseconds(broadcast.createdAt), record.appID, broadcast.request.identifier])
            try db.execute(
                sql: """
                    INSERT INTO broadcasts(app_id, id, identifier, request, audience, status, created_at, next_fire)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?)
                    """,
                arguments: [
                    record.appID, broadcast.id, broadcast.request.identifier, form, try Self.encode(broadcast.audience),
                    broadcast.status.rawValue, Self.milliseconds(broadcast.createdAt), broadcast.nextFireDate.map(Self.milliseconds),
                ])
            try Self.holdMedia(of: record, db)
            if let next = broadcast.nextFireDate { effects.announce(.broadcastDue(next)) }
            return replaced
        }
    }

    package func broadcast(appID: String, id: String) async throws -> Broadcast? {
        try await read { db in
            try Row.fetchOne(
                db, sql: "SELECT \(Self.broadcastColumns) FROM broadcasts WHERE app_id = ? AND id = ?", arguments: [appID, id]
            )
            .map { try Self.broadcast($0).broadcast }
        }
    }

    package func broadcasts(appID: String, after cursor: String?, limit: Int) async throws -> Page<Broadcast> {
        try await read { db in
            let rows = try Row.fetchAll(
                db,
                sql: """
                    SELECT \(Self.broadcastColumns), seq FROM broadcasts WHERE app_id = ? AND seq < ? ORDER BY seq DESC LIMIT ?
                    """, arguments: [appID, cursor.flatMap(Int64.init) ?? Int64.max, limit + 1])
            let items = try rows.prefix(limit).map { try Self.broadcast($0).broadcast }
            return Page(items: items, nextCursor: rows.count > limit ? String(rows[limit - 1]["seq"] as Int64) : nil)
        }
    }

    package func cancelBroadcast(appID: String, id: String, at date: Date) async throws -> Broadcast? {
        try await write { db, _ in
            try db.execute(
                sql: """
                    UPDATE broadcasts SET status = 'canceled', next_fire = NULL, completed_at = ?
                    WHERE app_id = ? AND id = ? AND status IN ('scheduled', 'firing')
                    """, arguments: [Self.milliseconds(date), appID, id])
            return try Row.fetchOne(
                db, sql: "SELECT \(Self.broadcastColumns) FROM broadcasts WHERE app_id = ? AND id = ?", arguments: [appID, id]
            )
            .map { try Self.broadcast($0).broadcast }
        }
    }

    static let broadcastColumns =
        "app_id, id, request, audience, status, created_at, next_fire, completed_at, targeted, presented, quiet, not_authorized, failed"

    static func broadcast(_ row: Row) throws -> BroadcastRecord {
        BroadcastRecord(
            appID: row[0],
            broadcast: Broadcast(
                id: row[1], request: try decode(NotificationRequest.self, row[2]), audience: try decode(Broadcast.Audience.self, row[3]),
                status: Broadcast.Status(rawValue: row[4]) ?? .canceled, createdAt: date(row[5]),
                nextFireDate: (row[6] as Int64?).map(date),
                completedAt: (row[7] as Int64?).map(date),
                counts: Broadcast.Counts(targeted: row[8], presented: row[9], quiet: row[10], notAuthorized: row[11], failed: row[12])))
    }

    // MARK: fan-out

    package func nextBroadcastDate() async throws -> Date? { try await earliest("next_fire", in: "broadcasts") }

    package func broadcastsDue(by date: Date, limit: Int) async throws -> [BroadcastRecord] {
        try await read { db in
            try Row.fetchAll(
                db,
                sql:
                    "SELECT \(Self.broadcastColumns) FROM broadcasts WHERE next_fire IS NOT NULL AND next_fire <= ? ORDER BY next_fire LIMIT ?",
                arguments: [Self.milliseconds(date), limit]
            ).map(Self.broadcast)
        }
    }

    package func unplannedZones(_ record: BroadcastRecord) async throws -> [String] {
        try await read { db in
            let members = try Self.members(of: record)
            return try String.fetchAll(
                db,
                sql: """
                    SELECT DISTINCT c.time_zone FROM \(members.sql)
                    AND c.time_zone NOT IN (SELECT zone FROM broadcast_chunks WHERE app_id = ? AND broadcast_id = ?)
                    """, arguments: members.arguments + [record.appID, record.broadcast.id])
        }
    }

    package func planBroadcast(_ record: BroadcastRecord, zones: [String?], nextFireDate: Date?, at date: Date) async throws {
        try await write { db, effects in
            guard let current = try Self.activeBroadcast(record.appID, record.broadcast.id, db) else { return }
            let members = try Self.members(of: current)
            let insert = try db.cachedStatement(
                sql: "INSERT OR IGNORE INTO broadcast_chunks(app_id, broadcast_id, zone, after, up_to) VALUES (?, ?, ?, ?, ?)")
            for zone in zones {
                let planned = try Bool.fetchOne(
                    db, sql: "SELECT 1 FROM broadcast_chunks WHERE app_id = ? AND broadcast_id = ? AND zone = ?",
                    arguments: [record.appID, record.broadcast.id, zone ?? Self.everyZone])
                guard planned != true else { continue }
                let (condition, arguments) = zone.map { (" AND c.time_zone = ?", [$0] as StatementArguments) } ?? ("", [])
                // Every `broadcastChunkSize`-th member bounds a chunk; the last chunk has no upper bound.
                let bounds = try String.fetchAll(
                    db,
                    sql: """
                        SELECT id FROM (SELECT c.id AS id, row_number() OVER (ORDER BY c.id) AS n FROM \(members.sql)\(condition))
                        WHERE n % \(broadcastChunkSize) = 0 ORDER BY id
                        """, arguments: members.arguments + arguments)
                var after = ""
                for bound in bounds + [nil] as [String?] {
                    try insert.execute(arguments: [record.appID, record.broadcast.id, zone ?? Self.everyZone, after, bound])
                    after = bound ?? after
                }
            }
            try db.execute(
                sql: "UPDATE broadcasts SET next_fire = ? WHERE app_id = ? AND id = ?",
                arguments: [nextFireDate.map(Self.milliseconds), record.appID, record.broadcast.id])
            if let nextFireDate { effects.announce(.broadcastDue(nextFireDate)) }
            effects.announce(.broadcastDue(date))
            try Self.completeIfDone(record.appID, record.broadcast.id, at: date, db, &effects)
        }
    }

    /// What a chunk claim holds: one chunk of a broadcast's plan.
    struct ChunkKey: Hashable, Sendable {
        var appID: String
        var broadcastID: String
        var zone: String
        var after: String

        init(_ chunk: BroadcastChunk) {
            (appID, broadcastID, zone, after) = (chunk.appID, chunk.broadcastID, chunk.zone ?? SQLiteStore.everyZone, chunk.after)
        }
    }

    /// Claims in memory (`ClaimTable`), read on a reader: nothing the writer does. The held claims are read
    /// before the read transaction begins, so that a snapshot older than a chunk's firing finds that
    /// chunk still held (its claim ends only after the commit).
    package func claimBroadcastChunk(lease: Lease) async throws -> ClaimedBroadcastChunk? {
        let (claims, token, leaseNow, snapshots) = (chunkClaims, Self.newToken(), Self.milliseconds(lease.now), centerSnapshots)
        let held = claims.live(now: leaseNow)
        let ahead = snapshots.token()
        return try await read { db in
            let open = try Row.fetchCursor(
                db,
                sql: """
                    SELECT ch.app_id, ch.broadcast_id, ch.zone, ch.after, ch.up_to FROM broadcast_chunks ch
                    JOIN broadcasts b ON b.app_id = ch.app_id AND b.id = ch.broadcast_id AND b.status IN ('scheduled', 'firing')
                    WHERE ch.done = 0 ORDER BY b.seq, ch.zone, ch.after
                    """)
            var found: BroadcastChunk?
            while found == nil, let row = try open.next() {
                let zone: String = row[2]
                let chunk = BroadcastChunk(
                    appID: row[0], broadcastID: row[1], zone: zone == Self.everyZone ? nil : zone, after: row[3], upTo: row[4], claim: token
                )
                if held[ChunkKey(chunk)] == nil { found = chunk }
            }
            guard let chunk = found, let record = try Self.activeBroadcast(chunk.appID, chunk.broadcastID, db) else { return nil }
            claims.claim([(ChunkKey(chunk), true)], token: token, until: Self.milliseconds(lease.until), now: leaseNow)
            // Who the chunk reaches, with their browsers and phones, for the decisions and messages made before
            // the firing's transaction: the firing reads who the members are again, and reads again those
            // that changed since (`CenterSnapshots`).
            let read = try Self.chunkMembers(chunk, record, db)
            snapshots.keep(read, token: ahead)
            let members = read.map(\.center)
            let targets = try Self.pushTargets(
                appID: chunk.appID, after: chunk.after, upTo: chunk.upTo, only: Set(members.map(\.id)), db)
            return ClaimedBroadcastChunk(chunk: chunk, broadcast: record.broadcast, members: members, targets: targets)
        }
    }

    package func extendBroadcastClaim(_ chunk: BroadcastChunk, until leaseUntil: Date) async throws {
        chunkClaims.extend([(ChunkKey(chunk), chunk.claim)], until: Self.milliseconds(leaseUntil))
    }

    package func fireBroadcastChunk(
        _ chunk: BroadcastChunk, at now: Date, decide: @escaping @Sendable (Broadcast, CenterRecord) -> FiringRecord
    ) async throws -> [FiringRecord]? {
        let (claims, key, snapshots) = (chunkClaims, ChunkKey(chunk), centerSnapshots)
        // Ends after the commit (or the failure): a claim that no longer holds the chunk is left alone.
        defer { claims.release([(key, chunk.claim)]) }
        return try await write { db, effects in
            let zone = key.zone
            guard claims.isHeld(key, token: chunk.claim) else { return nil }
            let open = try Bool.fetchOne(
                db.cachedStatement(
                    sql: "SELECT 1 FROM broadcast_chunks WHERE app_id = ? AND broadcast_id = ? AND zone = ? AND after = ? AND done = 0"),
                arguments: [chunk.appID, chunk.broadcastID, zone, chunk.after])
            guard open == true, let record = try Self.activeBroadcast(chunk.appID, chunk.broadcastID, db) else { return nil }
            // The members as they are now (the audience is read at the firing), each with its event sequence:
            // as read ahead by the claim, unless a write changed it since.
            let ids = try Self.chunkMemberIDs(chunk, record, db)
            let keys = ids.map { CenterKey(appID: chunk.appID, centerID: $0) }
            let found = try Self.centersForFiring(keys, ahead: snapshots, db)
            let broadcast = record.broadcast
            var tallies: [CenterKey: CenterTally] = [:]
            tallies.reserveCapacity(keys.count)
            var batch: [TargetedFiring] = []
            batch.reserveCapacity(keys.count)
            // Only a zone's chunk marks its members: a center is in one chunk of its zone's plan, and a chunk
            // fires in one transaction, so only a center that moved zones between firings could be reached twice.
            let mark =
                chunk.zone == nil
                ? nil : try db.cachedStatement(sql: "INSERT INTO broadcast_members(app_id, broadcast_id, center_id) VALUES (?, ?, ?)")
            var counts = Broadcast.Counts()
            for (key, snapshot) in zip(keys, found) {
                guard let snapshot else { continue }
                tallies[key] = CenterTally(sequence: snapshot.sequence)
                let firing = decide(broadcast, snapshot.center)
                try mark?.execute(arguments: [chunk.appID, chunk.broadcastID, key.centerID])
                counts.count(firing)
                batch.append(TargetedFiring(firing: firing, pending: false))
            }
            let recorded = try Self.record(batch, tallies: &tallies, at: now, db, &effects)
            try db.cachedStatement(
                sql: """
                    UPDATE broadcasts SET status = 'firing', targeted = targeted + ?, presented = presented + ?, quiet = quiet + ?,
                        not_authorized = not_authorized + ?
                    WHERE app_id = ? AND id = ?
                    """
            ).execute(arguments: [counts.targeted, counts.presented, counts.quiet, counts.notAuthorized, chunk.appID, chunk.broadcastID])
            try db.cachedStatement(
                sql: "UPDATE broadcast_chunks SET done = 1 WHERE app_id = ? AND broadcast_id = ? AND zone = ? AND after = ?"
            )
            .execute(arguments: [chunk.appID, chunk.broadcastID, zone, chunk.after])
            try Self.completeIfDone(chunk.appID, chunk.broadcastID, at: now, db, &effects)
            return recorded
        }
    }

    package func hasUnfiredBroadcasts(dueBy now: Date) async throws -> Bool {
        try await read { db in
            try Bool.fetchOne(
                db,
                sql: """
                    SELECT EXISTS (SELECT 1 FROM broadcasts WHERE next_fire IS NOT NULL AND next_fire <= ?)
                        OR EXISTS (SELECT 1 FROM broadcast_chunks ch JOIN broadcasts b ON b.app_id = ch.app_id AND b.id = ch.broadcast_id
                            WHERE ch.done = 0 AND b.status IN ('scheduled', 'firing'))
                    """, arguments: [Self.milliseconds(now)]) ?? false
        }
    }

    /// The chunk zone that stands for every zone (a broadcast whose firing is the same instant everywhere).
    static let everyZone = "*"

    private static func activeBroadcast(_ appID: String, _ id: String, _ db: Database) throws -> BroadcastRecord? {
        try Row.fetchOne(
            db.cachedStatement(
                sql: "SELECT \(broadcastColumns) FROM broadcasts WHERE app_id = ? AND id = ? AND status IN ('scheduled', 'firing')"),
            arguments: [appID, id]
        ).map(broadcast)
    }

    /// The FROM clause (ending in a WHERE with conditions, aliasing the centers `c`) of the broadcast's members.
    private static func members(of record: BroadcastRecord) throws -> (sql: String, arguments: StatementArguments) {
        switch record.broadcast.audience {
        case .all: ("centers c WHERE c.app_id = ?", [record.appID])
        case .topic(let topic):
            (
                """
                topic_subscriptions s JOIN centers c ON c.app_id = s.app_id AND c.id = s.center_id
                WHERE s.app_id = ? AND s.topic_id = ? AND EXISTS (SELECT 1 FROM topics WHERE app_id = ? AND id = ? AND deleted_at IS NULL)
                """,
                [record.appID, topic, record.appID, topic]
            )
        case .centers(let ids):
            (
                "centers c WHERE c.app_id = ? AND c.id IN (SELECT value FROM json_each(?))",
                [record.appID, String(decoding: try encode(ids), as: UTF8.self)]
            )
        }
    }

    /// `centerColumns` of the centers aliased `c`.
    private static let memberColumns =
        centerColumns.split(separator: ",").map { "c." + $0.trimmingCharacters(in: .whitespaces) }.joined(separator: ", ")

    /// The chunk's members not reached yet, by id, each with its newest event's sequence.
    private static func chunkMembers(
        _ chunk: BroadcastChunk, _ record: BroadcastRecord, _ db: Database
    ) throws -> [(center: CenterRecord, sequence: Int64)] {
        let (sql, arguments) = try chunkMembersSQL(chunk, record, columns: memberColumns + ", " + latestEventSQL("c"))
        // Decoded from the cursor: `fetchAll` would copy every row, with its column names, first.
        var found: [(center: CenterRecord, sequence: Int64)] = []
        let rows = try Row.fetchCursor(db.cachedStatement(sql: sql), arguments: arguments)
        var last = CenterForms()
        while let row = try rows.next() { found.append((try centerRecord(row, last: &last), row[8])) }
        return found
    }

    /// The ids of the chunk's members not reached yet, in order.
    private static func chunkMemberIDs(_ chunk: BroadcastChunk, _ record: BroadcastRecord, _ db: Database) throws -> [String] {
        let (sql, arguments) = try chunkMembersSQL(chunk, record, columns: "c.id")
        return try String.fetchAll(db.cachedStatement(sql: sql), arguments: arguments)
    }

    /// The query of `columns` of the chunk's members not reached yet, by id.
    private static func chunkMembersSQL(
        _ chunk: BroadcastChunk, _ record: BroadcastRecord, columns: String
    ) throws -> (sql: String, arguments: StatementArguments) {
        let members = try members(of: record)
        // The bounds go on the center id of the table walked: the subscriptions' for a topic, so that their
        // key serves them.
        let id = if case .topic = record.broadcast.audience { "s.center_id" } else { "c.id" }
        var sql = "SELECT \(columns) FROM \(members.sql) AND \(id) > ?"
        var arguments = members.arguments + [chunk.after]
        if let upTo = chunk.upTo {
            sql += " AND \(id) <= ?"
            arguments += [upTo]
        }
        if let zone = chunk.zone {
            // Less those reached in another zone's chunk before they moved here (their marks).
            sql += """
                 AND c.time_zone = ?
                 AND NOT EXISTS (SELECT 1 FROM broadcast_members m WHERE m.app_id = c.app_id AND m.broadcast_id = ? AND m.center_id = c.id)
                """
            arguments += [zone, chunk.broadcastID]
        }
        sql += " ORDER BY \(id)"
        return (sql, arguments)
    }

    /// A broadcast with no zone left to come and no chunk open completes, and its app hears
    /// `broadcast.completed`.
    private static func completeIfDone(_ appID: String, _ id: String, at date: Date, _ db: Database, _ effects: inout ChangeSet) throws {
        try db.cachedStatement(
            sql: """
                UPDATE broadcasts SET status = 'completed', completed_at = ?
                WHERE app_id = ? AND id = ? AND status IN ('scheduled', 'firing') AND next_fire IS NULL
                AND NOT EXISTS (SELECT 1 FROM broadcast_chunks WHERE app_id = ? AND broadcast_id = ? AND done = 0)
                """
        ).execute(arguments: [milliseconds(date), appID, id, appID, id])
        guard db.changesCount > 0,
            let row = try Row.fetchOne(
                db, sql: "SELECT \(broadcastColumns) FROM broadcasts WHERE app_id = ? AND id = ?", arguments: [appID, id])
        else { return }
        if let message = try broadcast(row).completedMessage(settings: try webhookSettings(appID: appID, db), at: date) {
            try insertDelivery(message, db)
            effects.announce(.outbox)
        }
    }
}
