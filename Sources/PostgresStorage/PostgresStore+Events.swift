import Foundation
import NotificationCore
import PostgresNIO
import Storage
import Webhooks

extension PostgresStore {
    package func events(_ key: CenterKey, after sequence: Int64, limit: Int) async throws -> EventPage {
        try await read { connection in
            try await connection.transaction(self.logger) {
                // One snapshot for the newest sequence and the events (REPEATABLE READ would be stricter;
                // sequences follow commit order per center, so a later event never shows before an earlier one).
                guard let latest = try await self.latestEvent(key, connection) else { return EventPage(events: [], gap: true, latest: 0) }
                let events = try await connection.rows(
                    """
                    SELECT seq, name, data, created_at FROM events WHERE app_id = \(key.appID) AND center_id = \(key.centerID)
                    AND seq > \(sequence) ORDER BY seq LIMIT \(limit)
                    """, self.logger
                ).map { row in
                    StoredEvent(
                        sequence: try row.get("seq"), name: try row.get("name"), data: Array(try row.get("data", as: Data.self)),
                        createdAt: Self.date(try row.get("created_at")))
                }
                let gap = sequence > latest || (sequence < latest && events.first?.sequence != sequence + 1)
                return EventPage(events: events, gap: gap, latest: latest)
            }
        }
    }

    package func latestEvent(_ key: CenterKey) async throws -> Int64? {
        try await read { connection in try await self.latestEvent(key, connection) }
    }

    func latestEvent(_ key: CenterKey, _ connection: PostgresConnection) async throws -> Int64? {
        try await connection.rows("SELECT event_seq FROM centers WHERE app_id = \(key.appID) AND id = \(key.centerID)", logger)
            .first?.get("event_seq")
    }

    /// Writes the events a change reports, inside its transaction: user events into the center's history,
    /// app events into the outbox for the app's delegate URL (if it has one and asked for them).
    func append(
        _ events: [ChangeEvent], for key: CenterKey, at date: Date, traceparent: String?, _ connection: PostgresConnection,
        _ changes: inout ChangeSet
    ) async throws {
        guard !events.isEmpty else { return }
        var settings: WebhookConfiguration??
        var latest: Int64?
        for event in events {
            switch event {
            case .user(let event):
                latest = try await appendUserEvent(event, for: key, at: date, connection)
                // A notification that left the list closes on every browser and phone that shows it, but the one
                // whose answer removed it.
                if case .deliveredRemoved(let identifiers) = event, case let closed = events.closed(identifiers), !closed.isEmpty,
                    try await insertPushMessages(
                        .notificationRemoved(closed), for: [key], at: date, traceparent: traceparent, sparing: events.answeredOn,
                        connection)
                {
                    changes.announce(.outbox)
                }
                if case .deliveredRemoved(let identifiers) = event {
                    try await insertReceipts(
                        identifiers.map { ReceiptEvent(center: key, identifier: $0, deliveredAt: nil, stage: .removed, at: date) },
                        connection)
                }
            case .push(let event):
                if try await insertPushMessages(event, for: [key], at: date, traceparent: traceparent, connection) {
                    changes.announce(.outbox)
                }
            case .receipt(let receipt):
                try await insertReceipts([receipt], connection)
            case .tokenUsed(let id, let expiresAt):
                guard try await insertUsedToken(id: id, expiresAt: expiresAt, connection) else {
                    throw StoreError(.conflict, "the token was used already")
                }
            case .answeredOn, .neverShown, .droppedForRoom:
                continue
            case .app(let event):
                if settings == nil { settings = .some(try await webhookSettings(appID: key.appID, connection)) }
                guard let message = try event.outboxMessage(center: key, settings: settings ?? nil, at: date, traceparent: traceparent)
                else { continue }
                try await insertDeliveries([message], connection)
                changes.announce(.outbox)
            }
        }
        if let latest { changes.announce(.events(key, sequence: latest)) }
    }

    /// Appends one user event to the center's history; returns its sequence. The center's row is locked
    /// by the update until the transaction ends, so sequences follow commit order.
    func appendUserEvent(_ event: CenterEvent, for key: CenterKey, at date: Date, _ connection: PostgresConnection) async throws -> Int64 {
        let data = Data(try event.data())
        guard
            let sequence = try await connection.rows(
                "UPDATE centers SET event_seq = event_seq + 1 WHERE app_id = \(key.appID) AND id = \(key.centerID) RETURNING event_seq",
                logger
            ).first?.get("event_seq", as: Int64.self)
        else { throw StoreError(.notFound, "center \(key) is gone") }
        try await connection.run(
            """
            INSERT INTO events(app_id, center_id, seq, name, data, created_at)
            VALUES (\(key.appID), \(key.centerID), \(sequence), \(event.name), \(data), \(Self.milliseconds(date)))
            """, logger)
        // Every 32 events, those beyond the kept history go (so it holds 256 to 288).
        if sequence % 32 == 0 {
            try await connection.run(
                "DELETE FROM events WHERE app_id = \(key.appID) AND center_id = \(key.centerID) AND seq <= \(sequence - EventHistory.perCenter)",
                logger)
        }
        return sequence
    }
}
