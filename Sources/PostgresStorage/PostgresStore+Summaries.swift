import Foundation
import NotificationCore
import PostgresNIO
import Storage

extension PostgresStore {
    package func nextSummaryDate() async throws -> Date? { try await earliest("held_until", in: "delivered") }

    package func centersWithSummaryDue(by date: Date, limit: Int) async throws -> [CenterKey] {
        try await read { connection in
            try await connection.rows(
                """
                SELECT DISTINCT app_id, center_id FROM delivered WHERE held_until IS NOT NULL AND held_until <= \(Self.milliseconds(date))
                ORDER BY app_id, center_id LIMIT \(limit)
                """, self.logger
            ).map { CenterKey(appID: try $0.get("app_id"), centerID: try $0.get("center_id")) }
        }
    }

    /// The center's row is locked first: a replica delivering the same summary at the same time waits,
    /// then finds nothing held any more.
    package func deliverSummary(
        _ key: CenterKey, dueBy: Date?, at date: Date,
        _ make: @escaping @Sendable (CenterRecord, [DeliveredNotification]) -> SummaryDelivery?
    ) async throws -> SummaryDelivery? {
        let traceparent = TraceContext.traceparent
        return try await write { connection, changes in
            guard let center = try await self.fetchCenter(key, connection, locking: true) else { return nil }
            let held = try await connection.rows(
                """
                SELECT * FROM delivered WHERE app_id = \(key.appID) AND center_id = \(key.centerID) AND held_until IS NOT NULL
                AND held_until <= \(dueBy.map(Self.milliseconds) ?? Int64.max) ORDER BY seq
                """, self.logger
            ).map(Self.delivered)
            guard !held.isEmpty, let delivery = make(center, held) else { return nil }
            for released in delivery.released {
                let sequence = try await self.appendUserEvent(.presented(released), for: key, at: date, connection)
                try await connection.run(
                    """
                    UPDATE delivered SET presentation = \(ByteBuffer(bytes: try Self.encodeShared(released.presentation))), seq = \(sequence),
                        held_until = NULL
                    WHERE app_id = \(key.appID) AND center_id = \(key.centerID) AND identifier = \(released.request.identifier)
                    """, self.logger)
            }
            try await self.append(delivery.events, for: key, at: date, traceparent: traceparent, connection, &changes)
            changes.announce(.notifications([key]))
            return delivery
        }
    }
}
