import Foundation
import GRDB
import NotificationCore
import Storage

extension SQLiteStore {
    package func receipts(_ key: CenterKey, identifier: String) async throws -> [ReceiptEvent] {
        try await read { db in
            var steps = try Row.fetchAll(
                try db.cachedStatement(
                    sql: """
                        SELECT delivered_at, destination, channel, stage, at, detail, scheduled_at FROM receipts
                        WHERE app_id = ? AND center_id = ? AND identifier = ? ORDER BY id LIMIT ?
                        """),
                arguments: [key.appID, key.centerID, identifier, ReceiptHistory.readLimit]
            ).map { row in
                guard let stage = ReceiptEvent.Stage(rawValue: row["stage"]) else {
                    throw StoreError(.notFound, "unknown receipt stage \(String(describing: row["stage"] as String?))")
                }
                return ReceiptEvent(
                    center: key, identifier: identifier, deliveredAt: (row["delivered_at"] as Int64?).map(Self.date),
                    destination: row["destination"], channel: (row["channel"] as String?).flatMap(WebhookDeliveryRecord.Destination.init),
                    stage: stage, at: Self.date(row["at"]), detail: row["detail"],
                    scheduledAt: (row["scheduled_at"] as Int64?).map(Self.date))
            }
            let held = try Row.fetchOne(
                try db.cachedStatement(sql: "SELECT \(Self.firedColumns) FROM delivered WHERE \(Self.heldFiredSteps) AND identifier = ?"),
                arguments: [key.appID, key.centerID, identifier])
            if let held { steps.append(Self.firedStep(held)) }
            return Self.firedFirst(steps)
        }
    }

    /// The `fired` step a delivered row holds (`firedColumns`).
    private static func firedStep(_ row: Row) -> ReceiptEvent {
        let deliveredAt = date(row[3])
        return ReceiptEvent(
            center: CenterKey(appID: row[0], centerID: row[1]), identifier: row[2], deliveredAt: deliveredAt, stage: .fired,
            at: deliveredAt, detail: row[4], scheduledAt: (row[5] as Int64?).map(date))
    }

    private static let firedColumns = "app_id, center_id, identifier, delivered_at, fired_detail, scheduled_at"

    /// A center's delivered rows (arguments: app, center) that hold their receipt's `fired` step, still
    /// within the receipts' retention.
    private static let heldFiredSteps =
        "app_id = ? AND center_id = ? AND fired_detail IS NOT NULL AND delivered_at >= (SELECT before FROM receipt_horizon WHERE id = 1)"

    /// The steps with each delivery's `fired` step first, as it was: a step its delivered row held is
    /// written into `receipts` (or read from the row) after the delivery's other steps.
    private static func firedFirst(_ steps: [ReceiptEvent]) -> [ReceiptEvent] {
        var ordered: [ReceiptEvent] = []
        ordered.reserveCapacity(steps.count)
        for step in steps {
            if step.stage == .fired, let first = ordered.firstIndex(where: { $0.deliveredAt == step.deliveredAt }) {
                ordered.insert(step, at: first)
            } else {
                ordered.append(step)
            }
        }
        return ordered
    }

    /// Writes the `fired` steps that a center's delivered rows hold (those named, or all) into `receipts`,
    /// before the rows go or are replaced.
    static func keepFiredReceipts(_ key: CenterKey, identifiers: [String]?, _ db: Database) throws {
        let select = "SELECT \(firedColumns) FROM delivered WHERE \(heldFiredSteps)"
        var rows: [Row] = []
        if let identifiers {
            let statement = try db.cachedStatement(sql: select + " AND identifier = ?")
            for identifier in identifiers { rows += try Row.fetchAll(statement, arguments: [key.appID, key.centerID, identifier]) }
        } else {
            rows = try Row.fetchAll(try db.cachedStatement(sql: select), arguments: [key.appID, key.centerID])
        }
        for row in rows { try insertReceipt(firedStep(row), db) }
    }

    /// Writes one step of a receipt, inside the caller's transaction; `unlessCenterGone`: nothing when its
    /// center was deleted meanwhile (an attempt recorded after it), rather than failing the transaction.
    static func insertReceipt(_ receipt: ReceiptEvent, unlessCenterGone: Bool = false, _ db: Database) throws {
        var statement = try DirectStatement(db, sql: unlessCenterGone ? insertReceiptUnlessCenterGone : insertReceiptSQL)
        statement.bind(receipt.center.appID)
        statement.bind(receipt.center.centerID)
        statement.bind(receipt.identifier)
        statement.bind(receipt.deliveredAt.map(milliseconds))
        statement.bind(receipt.destination)
        statement.bind(receipt.channel?.rawValue)
        statement.bind(receipt.stage.rawValue)
        statement.bind(milliseconds(receipt.at))
        statement.bind(receipt.detail)
        statement.bind(receipt.scheduledAt.map(milliseconds))
        try statement.execute(db)
    }

    private static let insertReceiptInto =
        "INSERT INTO receipts(app_id, center_id, identifier, delivered_at, destination, channel, stage, at, detail, scheduled_at)"

    private static let insertReceiptSQL = insertReceiptInto + " VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10)"

    /// The insert as a `SELECT` that finds no row once the center is gone. Only where that can happen: an
    /// `INSERT … SELECT` may insert several rows, so SQLite opens a statement journal for it (a firing's
    /// receipt as `VALUES` took 10–25 % less).
    private static let insertReceiptUnlessCenterGone =
        insertReceiptInto
        + " SELECT ?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10 WHERE EXISTS (SELECT 1 FROM centers WHERE app_id = ?1 AND id = ?2)"
}
