import Foundation
import GRDB
import NotificationCore
import Storage

extension SQLiteStore {
    package func nextSummaryDate() async throws -> Date? { try await earliest("held_until", in: "delivered") }

    package func centersWithSummaryDue(by date: Date, limit: Int) async throws -> [CenterKey] {
        try await read { db in
            try Row.fetchAll(
                db,
                sql: """
                    SELECT DISTINCT app_id, center_id FROM delivered WHERE held_until IS NOT NULL AND held_until <= ?
                    ORDER BY app_id, center_id LIMIT ?
                    """, arguments: [Self.milliseconds(date), limit]
            ).map { CenterKey(appID: $0[0], centerID: $0[1]) }
        }
    }

    package func deliverSummary(
        _ key: CenterKey, dueBy: Date?, at date: Date,
        _ make: @escaping @Sendable (CenterRecord, [DeliveredNotification]) -> SummaryDelivery?
    ) async throws -> SummaryDelivery? {
        let traceparent = TraceContext.traceparent  // read here: the writer's queue does not see task-locals
        return try await write { db, effects in
            guard let center = try Self.fetchCenter(key, db) else { return nil }
            let held = try Row.fetchAll(
                db,
                sql: """
                    SELECT * FROM delivered WHERE app_id = ? AND center_id = ? AND held_until IS NOT NULL AND held_until <= ?
                    ORDER BY seq
                    """, arguments: [key.appID, key.centerID, dueBy.map(Self.milliseconds) ?? Int64.max]
            ).map(Self.delivered)
            guard !held.isEmpty, let delivery = make(center, held) else { return nil }
            // Each released notification is presented again, as an event of its own: the row no longer
            // stands for its first `presented`, which stays in the history.
            try Self.keepPresentedEvents(key, identifiers: delivery.released.map(\.request.identifier), db)
            let update = try db.cachedStatement(
                sql: """
                    UPDATE delivered SET presentation = ?, seq = ?, held_until = NULL, event_at = NULL
                    WHERE app_id = ? AND center_id = ? AND identifier = ?
                    """
            )
            for released in delivery.released {
                let sequence = try Self.appendUserEvent(.presented(released), for: key, at: date, db)
                try update.execute(arguments: [
                    try Self.encodeShared(released.presentation), sequence, key.appID, key.centerID, released.request.identifier,
                ])
            }
            try Self.append(delivery.events, for: key, at: date, traceparent: traceparent, db, &effects)
            effects.announce(.notifications([key]))
            return delivery
        }
    }
}
