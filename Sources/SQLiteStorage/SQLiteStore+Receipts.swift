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

    /// Writes one step of a receipt, inside the caller's transaction.
    static func insertReceipt(_ receipt: ReceiptEvent, _ db: Database) throws {
        try db.cachedStatement(
            sql: """
                INSERT INTO receipts(app_id, center_id, identifier, delivered_at, destination, channel, stage, at, detail, scheduled_at)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """
        ).execute(arguments: [
            receipt.center.appID, receipt.center.centerID, receipt.identifier, receipt.deliveredAt.map(milliseconds), receipt.destination,
            receipt.channel?.rawValue, receipt.stage.rawValue, milliseconds(receipt.at), receipt.detail,
            receipt.scheduledAt.map(milliseconds),
        ])
    }
}
