import Foundation
import GRDB
import NotificationCore
import Storage
import Webhooks

extension SQLiteStore {
    package func events(_ key: CenterKey, after sequence: Int64, limit: Int) async throws -> EventPage {
        try await read { db in
            guard let latest = try Self.latestEvent(key, db) else { return EventPage(events: [], gap: true, latest: 0) }
            let stored = try Row.fetchAll(
                try db.cachedStatement(
                    sql:
                        "SELECT seq, name, data, created_at FROM events WHERE app_id = ? AND center_id = ? AND seq > ? ORDER BY seq LIMIT ?"
                ),
                arguments: [key.appID, key.centerID, sequence, limit]
            ).map { row in
                StoredEvent(
                    sequence: row["seq"], name: row["name"], data: Array(row["data"] as Data), createdAt: Self.date(row["created_at"]))
            }
            // The notifications in the list that are their own `presented` events, within the kept history.
            let presented = try Row.fetchAll(
                try db.cachedStatement(
                    sql: "SELECT \(Self.presentedColumns) FROM delivered WHERE \(Self.keptPresented) ORDER BY seq LIMIT ?"),
                arguments: [key.appID, key.centerID, max(sequence, Self.trimmedThrough(latest: latest)), limit]
            ).map(Self.presentedEvent)
            let events = presented.isEmpty ? stored : Array((stored + presented).sorted { $0.sequence < $1.sequence }.prefix(limit))
            // The history reaches back to `sequence` if the event right after it is still kept.
            let gap = sequence > latest || (sequence < latest && events.first?.sequence != sequence + 1)
            return EventPage(events: events, gap: gap, latest: latest)
        }
    }

    package func latestEvent(_ key: CenterKey) async throws -> Int64? {
        try await read { db in try Self.latestEvent(key, db) }
    }

    static func latestEvent(_ key: CenterKey, _ db: Database) throws -> Int64? {
        try Int64.fetchOne(
            try db.cachedStatement(sql: "SELECT \(latestEventSQL("centers")) FROM centers WHERE app_id = ? AND id = ?"),
            arguments: [key.appID, key.centerID])
    }

    /// The sequence of a center's newest event, for the centers' row `alias`: the newest of the history
    /// and of the delivered rows (each is, or was, a `presented` event), and at least `event_seq`. A firing
    /// writes its events and nothing to its center's row: `event_seq` is only moved on before what holds the
    /// newest sequence may go (a delivered row removed or replaced, events aged out), so it never goes back.
    static func latestEventSQL(_ alias: String) -> String {
        """
        max(\(alias).event_seq,
            COALESCE((SELECT max(seq) FROM events WHERE app_id = \(alias).app_id AND center_id = \(alias).id), 0),
            COALESCE((SELECT max(seq) FROM delivered WHERE app_id = \(alias).app_id AND center_id = \(alias).id), 0))
        """
    }

    /// Keeps the center's newest sequence on its row, before what holds it may go.
    static func keepLatestEvent(_ key: CenterKey, _ latest: Int64, _ db: Database) throws {
        try db.cachedStatement(sql: "UPDATE centers SET event_seq = ? WHERE app_id = ? AND id = ? AND event_seq < ?")
            .execute(arguments: [latest, key.appID, key.centerID, latest])
    }

    /// Writes the events a change reports, inside its transaction: user events into the center's history
    /// (the next sequences of the center; older ones beyond the kept history go), app events into the
    /// outbox for the app's delegate URL, if it has one and asked for them (with the `traceparent` of the
    /// call they come from, when known).
    static func append(
        _ events: [ChangeEvent], for key: CenterKey, at date: Date, traceparent: String? = nil, _ db: Database, _ effects: inout ChangeSet
    ) throws {
        guard !events.isEmpty else { return }
        var settings: WebhookConfiguration??
        var latest: Int64?
        for event in events {
            switch event {
            case .user(let event):
                latest = try appendUserEvent(event, for: key, at: date, db)
                // A notification that left the list closes on every browser and phone that shows it, but the one
                // whose answer removed it.
                if case .deliveredRemoved(let identifiers) = event, case let closed = events.closed(identifiers), !closed.isEmpty,
                    try insertPushMessages(
                        .notificationRemoved(closed), for: key, at: date, traceparent: traceparent, sparing: events.answeredOn, db)
                {
                    effects.announce(.outbox)
                }
                if case .deliveredRemoved(let identifiers) = event {
                    for identifier in identifiers {
                        try insertReceipt(
                            ReceiptEvent(center: key, identifier: identifier, deliveredAt: nil, stage: .removed, at: date), db)
                    }
                }
            case .push(let event):
                if try insertPushMessages(event, for: key, at: date, traceparent: traceparent, db) { effects.announce(.outbox) }
            case .receipt(let receipt):
                try insertReceipt(receipt, db)
            case .tokenUsed(let id, let expiresAt):
                guard try insertUsedToken(id: id, expiresAt: expiresAt, db) else {
                    throw StoreError(.conflict, "the token was used already")
                }
            case .answeredOn, .neverShown, .droppedForRoom:
                continue
            case .app(let event):
                if settings == nil { settings = .some(try webhookSettings(appID: key.appID, db)) }
                guard let message = try event.outboxMessage(center: key, settings: settings ?? nil, at: date, traceparent: traceparent)
                else { continue }
                try insertDelivery(message, db)
                effects.announce(.outbox)
            }
        }
        if let latest { effects.announce(.events(key, sequence: latest)) }
    }

    /// Appends one user event to the center's history; returns its sequence.
    static func appendUserEvent(_ event: CenterEvent, for key: CenterKey, at date: Date, _ db: Database) throws -> Int64 {
        guard let latest = try latestEvent(key, db) else { throw StoreError(.notFound, "center \(key) is gone") }
        let sequence = latest + 1
        try insertEvent(event.name, try event.data(), for: key, sequence: sequence, at: milliseconds(date), db)
        try trimHistory(key, from: sequence - 1, to: sequence, db)
        return sequence
    }

    /// Appends one user event, numbered `sequence`, to the center's history.
    static func insertEvent(_ name: String, _ data: [UInt8], for key: CenterKey, sequence: Int64, at stamp: Int64, _ db: Database) throws {
        var statement = try DirectStatement(
            db, sql: "INSERT INTO events(app_id, center_id, seq, name, data, created_at) VALUES (?, ?, ?, ?, ?, ?)")
        statement.bind(key.appID)
        statement.bind(key.centerID)
        statement.bind(sequence)
        statement.bind(name)
        statement.bind(Data(data))
        statement.bind(stamp)
        try statement.execute(db)
    }

    /// Every 32 events, those beyond the kept history go (so it holds 256 to 287): when the center's
    /// sequence moved from `before` to `after` past a multiple of 32.
    static func trimHistory(_ key: CenterKey, from before: Int64, to after: Int64, _ db: Database) throws {
        guard after / 32 > before / 32 else { return }
        try db.cachedStatement(sql: "DELETE FROM events WHERE app_id = ? AND center_id = ? AND seq <= ?")
            .execute(arguments: [key.appID, key.centerID, trimmedThrough(latest: after)])
    }

    /// The newest sequence the history no longer keeps, of a center whose newest event is `latest`.
    static func trimmedThrough(latest: Int64) -> Int64 { latest / 32 * 32 - EventHistory.perCenter }

    // MARK: delivered notifications as their own `presented` events

    /// What a delivered row that is its own `presented` event makes it from, in `presentedEvent`'s order.
    static let presentedColumns = "seq, delivered_at, request, presentation, event_at, held_until IS NOT NULL"

    /// A center's delivered rows (arguments: app, center, the sequence after which) that are their own
    /// `presented` events still kept: fired since v25 (`event_at`), after the history's trim and the
    /// retention's horizon.
    static let keptPresented =
        "app_id = ? AND center_id = ? AND seq > ? AND event_at >= (SELECT before FROM event_horizon WHERE id = 1)"

    /// The `presented` event a delivered row of `presentedColumns` stands for: the bytes the event has on
    /// the stream.
    static func presentedEvent(_ row: Row) throws -> StoredEvent {
        let presentation = try Presentation.wireForm(stored: row[3], held: row[5])
        return StoredEvent(
            sequence: row[0], name: CenterEvent.presentedName,
            data: CenterEvent.presentedData(date: date(row[1]), presentation: presentation, request: row[2]), createdAt: date(row[4]))
    }

    /// Writes the `presented` events that a center's delivered rows stand for (those named, or all) into the
    /// history, before the rows go or take another place in it (only those still kept), and keeps the
    /// center's newest sequence on its row.
    static func keepPresentedEvents(_ key: CenterKey, identifiers: [String]?, _ db: Database) throws {
        guard let latest = try latestEvent(key, db) else { return }
        try keepLatestEvent(key, latest, db)
        let select = "SELECT \(presentedColumns) FROM delivered WHERE \(keptPresented)"
        let arguments: StatementArguments = [key.appID, key.centerID, trimmedThrough(latest: latest)]
        var rows: [Row] = []
        if let identifiers {
            let statement = try db.cachedStatement(sql: select + " AND identifier = ?")
            for identifier in identifiers { rows += try Row.fetchAll(statement, arguments: arguments + [identifier]) }
        } else {
            rows = try Row.fetchAll(try db.cachedStatement(sql: select), arguments: arguments)
        }
        for event in try rows.map(presentedEvent) {
            try insertEvent(event.name, event.data, for: key, sequence: event.sequence, at: milliseconds(event.createdAt), db)
        }
    }

}
