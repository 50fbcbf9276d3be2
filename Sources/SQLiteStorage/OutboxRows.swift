import Foundation
import GRDB
import Storage
import Webhooks

/// Outbox messages written a set at a time (`SetWise`): a firing batch's messages for the delegate,
/// browsers and phones, in the order they were made (the outbox's `seq`).
struct OutboxRows {
    private var messages: [WebhookDeliveryRecord] = []

    var isEmpty: Bool { messages.isEmpty }

    mutating func append(_ message: WebhookDeliveryRecord) { messages.append(message) }
    mutating func append(contentsOf messages: [WebhookDeliveryRecord]) { self.messages += messages }

    /// Writes the messages appended since the last write, inside the caller's transaction.
    mutating func write(_ db: Database) throws {
        for set in SetWise.sets(messages) {
            var statement = try DirectStatement(db, sql: Self.insertSQL[set.count - 1])
            for message in set { Self.bind(message, &statement) }
            try statement.execute(db)
        }
        messages.removeAll(keepingCapacity: true)
    }

    /// One message, at once.
    static func insert(_ message: WebhookDeliveryRecord, _ db: Database) throws {
        var statement = try DirectStatement(db, sql: insertSQL[0])
        bind(message, &statement)
        try statement.execute(db)
    }

    /// The message's values in the order of the insert's columns.
    private static func bind(_ message: WebhookDeliveryRecord, _ statement: inout DirectStatement) {
        statement.bind(message.id)
        statement.bind(message.appID)
        statement.bind(message.url)
        statement.bind(message.type.rawValue)
        statement.bind(message.payload)
        statement.bind(message.status.rawValue)
        statement.bind(message.attempts)
        statement.bind(message.failures)
        statement.bind(message.nextAttempt.map(SQLiteStore.milliseconds))
        statement.bind(SQLiteStore.milliseconds(message.createdAt))
        statement.bind(message.traceparent)
        statement.bind(message.destination.rawValue)
        statement.bind(message.subscriptionID)
        statement.bind(message.dueOnWallClock.map(SQLiteStore.milliseconds))
        statement.bind(message.broadcastID)
    }

    /// The insert of 1 to `SetWise.size` messages, by count less one.
    private static let insertSQL: [String] = (1...SetWise.size).map { rows in
        """
        INSERT INTO deliveries(
            id, app_id, url, type, payload, status, attempts, failures, next_attempt, created_at, traceparent, destination,
            subscription_id, due_on_wall_clock, broadcast_id)
        VALUES \(SetWise.values("(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)", count: rows))
        """
    }
}
