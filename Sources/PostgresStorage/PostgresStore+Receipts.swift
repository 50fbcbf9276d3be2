import Foundation
import NotificationCore
import PostgresNIO
import Storage

extension PostgresStore {
    package func receipts(_ key: CenterKey, identifier: String) async throws -> [ReceiptEvent] {
        try await read { connection in
            try await connection.rows(
                """
                SELECT delivered_at, destination, channel, stage, at, detail, scheduled_at FROM receipts
                WHERE app_id = \(key.appID) AND center_id = \(key.centerID) AND identifier = \(identifier) ORDER BY id LIMIT \(ReceiptHistory.readLimit)
                """, self.logger
            ).map { row in
                let stage = try row.get("stage", as: String.self)
                guard let known = ReceiptEvent.Stage(rawValue: stage) else { throw StoreError(.notFound, "unknown receipt stage \(stage)") }
                return ReceiptEvent(
                    center: key, identifier: identifier, deliveredAt: try row.get("delivered_at", as: Int64?.self).map(Self.date),
                    destination: try row.get("destination"),
                    channel: try row.get("channel", as: String?.self).flatMap(WebhookDeliveryRecord.Destination.init),
                    stage: known, at: Self.date(try row.get("at")), detail: try row.get("detail"),
                    scheduledAt: try row.get("scheduled_at", as: Int64?.self).map(Self.date))
            }
        }
    }

    /// Writes steps of receipts, in order, inside the caller's transaction: one statement however many.
    func insertReceipts(_ receipts: [ReceiptEvent], _ connection: PostgresConnection) async throws {
        guard !receipts.isEmpty else { return }
        let none = Int64.min
        try await connection.run(
            """
            INSERT INTO receipts(app_id, center_id, identifier, delivered_at, destination, channel, stage, at, detail, scheduled_at)
            SELECT t.app_id, t.center_id, t.identifier, NULLIF(t.delivered_at, \(none)), NULLIF(t.destination, ''), NULLIF(t.channel, ''),
                t.stage, t.at, NULLIF(t.detail, ''), NULLIF(t.scheduled_at, \(none))
            FROM unnest(
                \(receipts.map(\.center.appID)), \(receipts.map(\.center.centerID)), \(receipts.map(\.identifier)),
                \(receipts.map { $0.deliveredAt.map(Self.milliseconds) ?? none }), \(receipts.map { $0.destination ?? "" }),
                \(receipts.map { $0.channel?.rawValue ?? "" }), \(receipts.map(\.stage.rawValue)), \(receipts.map { Self.milliseconds($0.at) }),
                \(receipts.map { $0.detail ?? "" }), \(receipts.map { $0.scheduledAt.map(Self.milliseconds) ?? none }))
                WITH ORDINALITY AS t(app_id, center_id, identifier, delivered_at, destination, channel, stage, at, detail, scheduled_at, position)
            ORDER BY t.position
            """, logger)
    }
}
