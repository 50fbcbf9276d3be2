import Foundation
import GRDB
import NotificationCore
import Storage

extension SQLiteStore {
    package func receipts(_ key: CenterKey, identifier: String) async throws -> [ReceiptEvent] {
        try await read { db in
            try Row.fetchAll(
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
        }
    }

    /// Writes one step of a receipt, inside the caller's transaction; `unlessCenterGone`: nothing when its
    /// center was deleted meanwhile (an attempt recorded after it), rather than failing the transaction.
    static func insertReceipt(_ receipt: ReceiptEvent, unlessCenterGone: Bool = false, _ db: Database) throws {
        try db.cachedStatement(sql: unlessCenterGone ? insertReceiptUnlessCenterGone : insertReceiptSQL).execute(arguments: [
            receipt.center.appID, receipt.center.centerID, receipt.identifier, receipt.deliveredAt.map(milliseconds), receipt.destination,
            receipt.channel?.rawValue, receipt.stage.rawValue, milliseconds(receipt.at), receipt.detail,
            receipt.scheduledAt.map(milliseconds),
        ])
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
