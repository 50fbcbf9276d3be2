import Foundation
import NIOCore
import NotificationCore
import PostgresNIO
import Storage
import Webhooks

/// Firings recorded in a dozen statements however many there are: every step is one statement over
/// arrays (`unnest`), not one per firing, because each statement is a round trip to the server.
extension PostgresStore {
    /// Records firings whose centers are locked and whose requests are known to be the ones fired (by
    /// their claims, or their revisions): the delivered rows, the users' events, the media holds, the
    /// outbox messages, the badges, and the pending rows (moved on, kept, or removed).
    func record(_ firings: [FiringRecord], at now: Date, _ connection: PostgresConnection, _ changes: inout ChangeSet) async throws {
        guard !firings.isEmpty else { return }
        let firings = try await droppingMissingMedia(firings, connection)
        let removed = try await updatePending(firings, connection, &changes)
        let (presented, passed) = try await appendEvents(of: firings, removed: removed, at: now, connection, &changes)
        try await insertDelivered(firings, sequences: presented, connection)
        try await dropOldestDelivered(passed, at: now, connection, &changes)
        try await enqueueDeliveredMessages(firings, at: now, connection, &changes)
        try await insertReceipts(firings.map { $0.receipt(at: now) }, connection)
        changes.announce(.notifications(Array(Set(firings.map(\.center)))))
        if let held = firings.compactMap(\.delivered?.presentation.heldUntil).min() { changes.announce(.summaryDue(held)) }
    }

    /// The firings with attachments whose media went dropped (the notification is delivered without them).
    private func droppingMissingMedia(_ firings: [FiringRecord], _ connection: PostgresConnection) async throws -> [FiringRecord] {
        let wanted = Set(
            firings.flatMap { firing in
                (firing.delivered.map { Self.mediaIDs(of: $0.request) } ?? []).map { MediaKey(firing.center.appID, $0) }
            })
        guard !wanted.isEmpty else { return firings }
        let list = Array(wanted)
        let existing = Set(
            try await connection.rows(
                "SELECT app_id, id FROM media WHERE (app_id, id) IN (SELECT * FROM unnest(\(list.map(\.appID)), \(list.map(\.id))))", logger
            ).map { MediaKey(try $0.get("app_id"), try $0.get("id")) })
        return firings.map { firing in
            var firing = firing
            let appID = firing.center.appID
            firing.dropAttachments { existing.contains(MediaKey(appID, $0)) }
            return firing
        }
    }

    /// A center's delivered notification, by identifier.
    private struct DeliveredKey: Hashable {
        var center: CenterKey
        var identifier: String
    }

    private struct MediaKey: Hashable {
        var appID: String
        var id: String
        init(_ appID: String, _ id: String) {
            self.appID = appID
            self.id = id
        }
    }

    /// Appends every firing's user events (`presented`, then `badgeChanged`) to its center's history, in
    /// order, and writes each center once: its sequence, its pending count less the counted rows the
    /// firings `removed`, and its badge (the last firing of a center that sets one wins). Returns the
    /// sequence of each firing's `presented` event (by index), and the centers whose sequence passed a
    /// multiple of 32 (their history trimmed, their delivered list due for `dropOldestDelivered`).
    private func appendEvents(
        of firings: [FiringRecord], removed: [CenterKey: Int64], at now: Date, _ connection: PostgresConnection,
        _ changes: inout ChangeSet
    ) async throws -> (presented: [Int: Int64], passed: [CenterKey]) {
        var counts: [CenterKey: Int64] = [:]
        var badges: [CenterKey: Int64] = [:]
        for firing in firings {
            counts[firing.center, default: 0] += Int64(firing.events.count)
            if let badge = firing.badge { badges[firing.center] = Int64(badge) }
        }
        let centers = counts.keys.filter { counts[$0]! > 0 || removed[$0] != nil || badges[$0] != nil }.sorted()
        guard !centers.isEmpty else { return ([:], []) }
        // One new version of each center's row: its sequence moves on by its number of events at once
        // (its events take the numbers in between), with its count and badge (-1: unchanged; a badge is
        // never negative).
        var next: [CenterKey: Int64] = [:]
        for row in try await connection.rows(
            """
            UPDATE centers c SET event_seq = c.event_seq + t.n, pending_count = c.pending_count - t.removed,
                badge = CASE WHEN t.badge < 0 THEN c.badge ELSE t.badge END
            FROM unnest(
                \(centers.map(\.appID)), \(centers.map(\.centerID)), \(centers.map { counts[$0]! }), \(centers.map { removed[$0] ?? 0 }),
                \(centers.map { badges[$0] ?? -1 })) AS t(app_id, id, n, removed, badge)
            WHERE c.app_id = t.app_id AND c.id = t.id RETURNING c.app_id, c.id, c.event_seq
            """, logger)
        {
            let key = CenterKey(appID: try row.get("app_id"), centerID: try row.get("id"))
            next[key] = try row.get("event_seq", as: Int64.self) - counts[key]! + 1
        }
        var apps: [String] = []
        var ids: [String] = []
        var sequences: [Int64] = []
        var names: [String] = []
        var data: [ByteBuffer] = []
        var presented: [Int: Int64] = [:]
        for (index, firing) in firings.enumerated() where !firing.events.isEmpty {
            guard var sequence = next[firing.center] else { throw StoreError(.notFound, "center \(firing.center) is gone") }
            for event in firing.events {
                if case .presented = event { presented[index] = sequence }
                apps.append(firing.center.appID)
                ids.append(firing.center.centerID)
                sequences.append(sequence)
                names.append(event.name)
                data.append(ByteBuffer(bytes: try Self.eventData(event, of: firing)))
                sequence += 1
            }
            next[firing.center] = sequence
        }
        if !badges.isEmpty { changes.announce(.centers(Array(badges.keys))) }
        guard !apps.isEmpty else { return (presented, []) }
        let stamp = Self.milliseconds(now)
        try await connection.run(
            """
            INSERT INTO events(app_id, center_id, seq, name, data, created_at)
            SELECT t.app_id, t.center_id, t.seq, t.name, t.data, \(stamp)
            FROM unnest(\(apps), \(ids), \(sequences), \(names), \(data)) AS t(app_id, center_id, seq, name, data)
            """, logger)
        // Whenever a center's sequence passed a multiple of 32, the events beyond its kept history go.
        var trimmed: [CenterKey: Int64] = [:]
        for key in centers {
            guard let after = next[key], let count = counts[key], count > 0 else { continue }
            let last = after - 1
            if last / 32 > (last - count) / 32 { trimmed[key] = last - EventHistory.perCenter }
            changes.announce(.events(key, sequence: last))
        }
        if !trimmed.isEmpty {
            let keys = Array(trimmed.keys)
            try await connection.run(
                """
                DELETE FROM events e USING unnest(\(keys.map(\.appID)), \(keys.map(\.centerID)), \(keys.map { trimmed[$0]! })) AS t(app_id, center_id, upto)
                WHERE e.app_id = t.app_id AND e.center_id = t.center_id AND e.seq <= t.upto
                """, logger)
        }
        return (presented, trimmed.keys.sorted())
    }

    /// Past `DeliveredList.perCenter` notifications, the oldest of each center's delivered list go (at most
    /// `DeliveredList.droppedPerCheck` at a time), as a removal does (`deliveredRemoved` on the user's stream, their receipts' `removed` step, their media
    /// let go), but no browser or phone is sent a close of them.
    private func dropOldestDelivered(_ keys: [CenterKey], at now: Date, _ connection: PostgresConnection, _ changes: inout ChangeSet)
        async throws
    {
        guard !keys.isEmpty else { return }
        // The sequence of each full list's oldest row kept (its 1,000th newest), from the index alone.
        let cuts = try await connection.rows(
            """
            SELECT t.app_id, t.center_id, d.seq FROM unnest(\(keys.map(\.appID)), \(keys.map(\.centerID))) AS t(app_id, center_id)
            CROSS JOIN LATERAL (
                SELECT seq FROM delivered WHERE app_id = t.app_id AND center_id = t.center_id
                ORDER BY seq DESC LIMIT 1 OFFSET \(DeliveredList.perCenter - 1)) d
            """, logger)
        for row in cuts {
            let key = CenterKey(appID: try row.get("app_id"), centerID: try row.get("center_id"))
            let dropped = try await connection.rows(
                """
                SELECT identifier FROM delivered WHERE app_id = \(key.appID) AND center_id = \(key.centerID)
                AND seq < \(try row.get("seq", as: Int64.self)) ORDER BY seq LIMIT \(DeliveredList.droppedPerCheck)
                """, logger
            ).map { try $0.get("identifier", as: String.self) }
            guard !dropped.isEmpty else { continue }
            changes.droppedForRoom +=
                try await remove(
                    "delivered", key, identifiers: dropped, at: now, report: { [.user(.deliveredRemoved($0)), .droppedForRoom($0)] },
                    connection, &changes
                ).count
        }
    }

    /// An event's data; a `presented` event of a request delivered as it was stored puts its stored bytes in
    /// (and its presentation's, unless it is held for a summary: its date is stored in another form).
    private static func eventData(_ event: CenterEvent, of firing: FiringRecord) throws -> [UInt8] {
        guard case .presented(let delivered) = event, delivered.presentation.heldUntil == nil, let request = firing.requestForm else {
            return try event.data()
        }
        return CenterEvent.presentedData(date: delivered.date, presentation: try encodeShared(delivered.presentation), request: request)
    }

    /// The delivered rows (a notification delivered again replaces the one before) and their media holds.
    private func insertDelivered(_ firings: [FiringRecord], sequences: [Int: Int64], _ connection: PostgresConnection) async throws {
        var apps: [String] = []
        var ids: [String] = []
        var identifiers: [String] = []
        var dates: [Int64] = []
        var requests: [ByteBuffer] = []
        var presentations: [ByteBuffer] = []
        var seqs: [Int64] = []
        var heldUntil: [Int64] = []  // 0: not held
        var holds: [(key: CenterKey, identifier: String, media: String)] = []
        // A batch that delivers an identifier twice ends as if written in turn: the last delivery is the row
        // (the first was replaced, its `presented` event kept in the history), one row per identifier as
        // the insert's `ON CONFLICT DO UPDATE` needs.
        var last: [DeliveredKey: Int] = [:]
        for (index, firing) in firings.enumerated() where firing.delivered != nil && sequences[index] != nil {
            last[DeliveredKey(center: firing.center, identifier: firing.identifier)] = index
        }
        for (index, firing) in firings.enumerated() {
            guard let delivered = firing.delivered, let sequence = sequences[index],
                last[DeliveredKey(center: firing.center, identifier: firing.identifier)] == index
            else { continue }
            apps.append(firing.center.appID)
            ids.append(firing.center.centerID)
            identifiers.append(firing.identifier)
            dates.append(Self.milliseconds(delivered.date))
            requests.append(ByteBuffer(bytes: try firing.requestForm ?? Self.encode(delivered.request)))
            presentations.append(ByteBuffer(bytes: try Self.encodeShared(delivered.presentation)))
            seqs.append(sequence)
            heldUntil.append(delivered.presentation.heldUntil.map(Self.milliseconds) ?? 0)
            holds += Self.mediaIDs(of: delivered.request).sorted().map { (firing.center, firing.identifier, $0) }
        }
        guard !apps.isEmpty else { return }
        try await connection.run(
            """
            INSERT INTO delivered(app_id, center_id, identifier, delivered_at, request, presentation, seq, held_until)
            SELECT a, c, i, d, r, p, s, NULLIF(h, 0)
            FROM unnest(\(apps), \(ids), \(identifiers), \(dates), \(requests), \(presentations), \(seqs), \(heldUntil)) AS t(a, c, i, d, r, p, s, h)
            ON CONFLICT (app_id, center_id, identifier) DO UPDATE SET
                delivered_at = excluded.delivered_at, request = excluded.request, presentation = excluded.presentation, seq = excluded.seq,
                held_until = excluded.held_until
            """, logger)
        // What a replaced notification held goes; what this one holds comes.
        try await connection.run(
            """
            DELETE FROM media_holds h USING unnest(\(apps), \(ids), \(identifiers)) AS t(app_id, center_id, identifier)
            WHERE h.app_id = t.app_id AND h.center_id = t.center_id AND h.holder = 'delivered' AND h.identifier = t.identifier
            """, logger)
        guard !holds.isEmpty else { return }
        try await connection.run(
            """
            INSERT INTO media_holds(app_id, center_id, holder, identifier, media_id)
            SELECT t.app_id, t.center_id, 'delivered', t.identifier, t.media_id
            FROM unnest(\(holds.map(\.key.appID)), \(holds.map(\.key.centerID)), \(holds.map(\.identifier)), \(holds.map(\.media)))
                AS t(app_id, center_id, identifier, media_id)
            ON CONFLICT DO NOTHING
            """, logger)
        try await connection.run(
            "UPDATE media SET attached = true WHERE (app_id, id) IN (SELECT * FROM unnest(\(holds.map(\.key.appID)), \(holds.map(\.media))))",
            logger)
    }

    /// `notification.delivered` messages for the apps that asked for them.
    private func enqueueDeliveredMessages(
        _ firings: [FiringRecord], at now: Date, _ connection: PostgresConnection, _ changes: inout ChangeSet
    ) async throws {
        let apps = Array(Set(firings.filter { $0.delivered != nil }.map(\.center.appID)))
        guard !apps.isEmpty else { return }
        var settings: [String: WebhookConfiguration] = [:]
        for row in try await connection.rows(
            "SELECT app_id, configuration FROM webhook_configurations WHERE app_id = ANY(\(apps))", logger)
        {
            settings[try row.get("app_id")] = try Self.decode(WebhookConfiguration.self, try row.get("configuration"))
        }
        var messages = try firings.compactMap { firing in
            try firing.delivered.flatMap { delivered in
                try DelegateEvent.delivered(delivered).outboxMessage(
                    center: firing.center, settings: settings[firing.center.appID], at: now, traceparent: firing.traceparent)
            }
        }
        // What the devices show goes to their browsers' push subscriptions and phones too (those of a
        // firing whose messages were made already, as they were made).
        messages += firings.flatMap { $0.pushMessages ?? [] }
        let shown = firings.filter { $0.pushMessages == nil && $0.delivered?.presentation.isVisible == true }
        if !shown.isEmpty {
            let targets = try await pushTargets(Set(shown.map(\.center)), connection)
            for firing in shown { messages += try firing.pushMessages(to: targets[firing.center] ?? [], at: now) }
        }
        guard !messages.isEmpty else { return }
        try await insertDeliveries(messages, connection)
        changes.announce(.outbox)
    }

    /// The fired requests' pending rows: a repeating trigger's moves on to its next date, a location
    /// trigger that repeats stays, any other goes (with its media holds). Returns how many of the rows
    /// that went counted against each center's pending limit (`appendEvents` takes them off its count).
    private func updatePending(
        _ firings: [FiringRecord], _ connection: PostgresConnection, _ changes: inout ChangeSet
    ) async throws -> [CenterKey: Int64] {
        // Which row each firing is about: its claim's, or its revision's (a firing of neither had no row).
        let targets = firings.filter { $0.claim != nil || $0.revision != 0 }
        let moved = targets.filter { $0.nextFireDate != nil }
        let kept = targets.filter { $0.nextFireDate == nil && $0.keepPending }
        let removed = targets.filter { $0.nextFireDate == nil && !$0.keepPending }
        let rows =
            "unnest($1::text[], $2::text[], $3::text[], $4::int8[], $5::int8[], $6::int8[]) AS t(app_id, center_id, identifier, claim, revision, next_fire)"
        let matches = """
            p.app_id = t.app_id AND p.center_id = t.center_id AND p.identifier = t.identifier
            AND (CASE WHEN t.claim <> 0 THEN p.claim_token = t.claim ELSE p.revision = t.revision END)
            """
        func bindings(_ firings: [FiringRecord]) throws -> PostgresBindings {
            var bindings = PostgresBindings()
            bindings.append(firings.map(\.center.appID))
            bindings.append(firings.map(\.center.centerID))
            bindings.append(firings.map(\.identifier))
            bindings.append(firings.map { $0.claim ?? 0 })
            bindings.append(firings.map(\.revision))
            bindings.append(firings.map { $0.nextFireDate.map(Self.milliseconds) ?? 0 })
            return bindings
        }
        if !moved.isEmpty {
            try await connection.run(
                PostgresQuery(
                    unsafeSQL:
                        "UPDATE pending p SET next_fire = t.next_fire, claim_token = NULL, claimed_until = NULL FROM \(rows) WHERE \(matches)",
                    binds: try bindings(moved)), logger)
            if let first = moved.compactMap(\.nextFireDate).min() { changes.announce(.due(first)) }
        }
        if !kept.isEmpty {
            try await connection.run(
                PostgresQuery(
                    unsafeSQL: "UPDATE pending p SET claim_token = NULL, claimed_until = NULL FROM \(rows) WHERE \(matches)",
                    binds: try bindings(kept)), logger)
        }
        guard !removed.isEmpty else { return [:] }
        let gone = try await connection.rows(
            PostgresQuery(
                unsafeSQL:
                    "DELETE FROM pending p USING \(rows) WHERE \(matches) RETURNING p.app_id, p.center_id, p.identifier, p.trigger_kind",
                binds: try bindings(removed)), logger
        ).map { row in
            (
                key: CenterKey(appID: try row.get("app_id"), centerID: try row.get("center_id")),
                identifier: try row.get("identifier", as: String.self),
                counted: Self.counted(try row.get("trigger_kind", as: String?.self))
            )
        }
        guard !gone.isEmpty else { return [:] }
        var counts: [CenterKey: Int64] = [:]
        for row in gone where row.counted { counts[row.key, default: 0] += 1 }
        try await connection.run(
            """
            DELETE FROM media_holds h USING unnest(\(gone.map(\.key.appID)), \(gone.map(\.key.centerID)), \(gone.map(\.identifier)))
                AS t(app_id, center_id, identifier)
            WHERE h.app_id = t.app_id AND h.center_id = t.center_id AND h.holder = 'pending' AND h.identifier = t.identifier
            """, logger)
        return counts
    }
}
