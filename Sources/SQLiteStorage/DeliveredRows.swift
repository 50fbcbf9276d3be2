import Foundation
import GRDB
import NotificationCore
import Storage

/// A batch's delivered rows, written a set at a time: one `INSERT` of up to `setSize` rows instead of one a
/// row (each statement's own cost in SQLite — its program's start, its cursors — then counts once a set).
/// A row whose notification replaces one of the same identifier is not inserted by the set (`DO NOTHING`);
/// it is found after it and replaces the row as `SQLiteStore.insertDelivered` does one at a time, in the
/// batch's order, so a batch that delivers one identifier twice ends as if its rows had been written in turn.
struct DeliveredRows {
    struct Entry {
        var key: CenterKey
        var identifier: String
        var deliveredAt: Int64
        var request: Data
        var presentation: Data
        var sequence: Int64
        var heldUntil: Int64?
        var stamp: Int64
        var firedDetail: String?
        var scheduledAt: Int64?
    }

    /// Rows a statement: 11 parameters each, far under SQLite's limit of 32,766.
    static let setSize = 64

    private var entries: [Entry] = []

    var isEmpty: Bool { entries.isEmpty }

    mutating func append(_ entry: Entry) { entries.append(entry) }

    /// Writes the rows appended since the last write, inside the caller's transaction.
    mutating func write(_ db: Database) throws {
        var start = entries.startIndex
        while start < entries.endIndex {
            let set = entries[start..<min(start + Self.setSize, entries.endIndex)]
            var statement = try DirectStatement(db, sql: Self.insertSQL[set.count - 1])
            for entry in set { Self.bind(entry, &statement) }
            // A row not inserted is one that replaces another: only then is each looked for.
            if try statement.execute(db) < set.count { try replaceExisting(set, db) }
            start = set.endIndex
        }
        entries.removeAll(keepingCapacity: true)
    }

    /// The set's rows that were not inserted replace the rows in their place. Those inserted are known by
    /// their sequence: a center's sequence only grows, so a row that was there before has a smaller one.
    private func replaceExisting(_ set: ArraySlice<Entry>, _ db: Database) throws {
        let present = try db.cachedStatement(sql: "SELECT seq FROM delivered WHERE app_id = ? AND center_id = ? AND identifier = ?")
        for entry in set {
            let sequence = try Int64.fetchOne(present, arguments: [entry.key.appID, entry.key.centerID, entry.identifier])
            guard sequence != entry.sequence else { continue }
            try SQLiteStore.keepPresentedEvents(entry.key, identifiers: [entry.identifier], db)
            try SQLiteStore.keepFiredReceipts(entry.key, identifiers: [entry.identifier], db)
            var update = try DirectStatement(
                db,
                sql: """
                    UPDATE delivered SET delivered_at = ?, request = ?, presentation = ?, seq = ?, held_until = ?, event_at = ?,
                        fired_detail = ?, scheduled_at = ?
                    WHERE app_id = ? AND center_id = ? AND identifier = ?
                    """)
            Self.bind(entry, &update)
            try update.execute(db)
        }
    }

    /// The entry's values in the order of the insert's columns and of the update's.
    private static func bind(_ entry: Entry, _ statement: inout DirectStatement) {
        statement.bind(entry.deliveredAt)
        statement.bind(entry.request)
        statement.bind(entry.presentation)
        statement.bind(entry.sequence)
        statement.bind(entry.heldUntil)
        statement.bind(entry.stamp)
        statement.bind(entry.firedDetail)
        statement.bind(entry.scheduledAt)
        statement.bind(entry.key.appID)
        statement.bind(entry.key.centerID)
        statement.bind(entry.identifier)
    }

    /// The insert of 1 to `setSize` rows, by count less one.
    private static let insertSQL: [String] = (1...setSize).map { rows in
        """
        INSERT INTO delivered(
            delivered_at, request, presentation, seq, held_until, event_at, fired_detail, scheduled_at, app_id, center_id, identifier)
        VALUES \(Array(repeating: "(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)", count: rows).joined(separator: ", "))
        ON CONFLICT(app_id, center_id, identifier) DO NOTHING
        """
    }
}
