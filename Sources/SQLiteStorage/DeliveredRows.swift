import Foundation
import GRDB
import NotificationCore
import Storage

/// A batch's delivered rows, written a set at a time (`SetWise`). Each is its notification's `presented`
/// event and its receipt's `fired` step too. A row whose notification replaces one of the same identifier
/// is not inserted by the set (`DO NOTHING`); it is found after it and replaces that row, whose event and
/// step are written into the history and the receipts first, in the batch's order: a batch that delivers
/// one identifier twice ends as if its rows had been written in turn.
struct DeliveredRows {
    struct Entry {
        var key: CenterKey
        var identifier: String
        var deliveredAt: Int64
        var request: Data
        var presentation: Data
        var sequence: Int64
        var heldUntil: Int64?
        var firedDetail: String?
        var scheduledAt: Int64?
    }

    /// When the batch fired (`event_at`), the same for each of its rows.
    let stamp: Int64
    private var entries: [Entry] = []

    init(stamp: Int64) { self.stamp = stamp }

    mutating func append(_ entry: Entry) { entries.append(entry) }

    /// Writes the rows appended since the last write, inside the caller's transaction.
    mutating func write(_ db: Database) throws {
        for set in SetWise.sets(entries) {
            var statement = try DirectStatement(db, sql: Self.insertSQL[set.count - 1])
            for entry in set { bind(entry, &statement) }
            // A row not inserted is one that replaces another: only then is each looked for.
            if try statement.execute(db) < set.count { try replaceExisting(set, db) }
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
            bind(entry, &update)
            try update.execute(db)
        }
    }

    /// The entry's values in the order of the insert's columns and of the update's.
    private func bind(_ entry: Entry, _ statement: inout DirectStatement) {
        statement.bind(entry.deliveredAt)
        statement.bind(entry.request)
        statement.bind(entry.presentation)
        statement.bind(entry.sequence)
        statement.bind(entry.heldUntil)
        statement.bind(stamp)
        statement.bind(entry.firedDetail)
        statement.bind(entry.scheduledAt)
        statement.bind(entry.key.appID)
        statement.bind(entry.key.centerID)
        statement.bind(entry.identifier)
    }

    /// The insert of 1 to `SetWise.size` rows, by count less one.
    private static let insertSQL: [String] = (1...SetWise.size).map { rows in
        """
        INSERT INTO delivered(
            delivered_at, request, presentation, seq, held_until, event_at, fired_detail, scheduled_at, app_id, center_id, identifier)
        VALUES \(SetWise.values("(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)", count: rows))
        ON CONFLICT(app_id, center_id, identifier) DO NOTHING
        """
    }
}
