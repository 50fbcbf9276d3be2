import Foundation
import GRDB
import Storage
import Webhooks

extension SQLiteStore: WebhookStore {
    static func migrateWebhooks(_ db: Database) throws {
        try db.execute(
            sql: """
                CREATE TABLE webhook_configurations (
                    app_id TEXT PRIMARY KEY NOT NULL REFERENCES apps(id) ON DELETE CASCADE,
                    configuration BLOB NOT NULL
                );
                CREATE TABLE disabled_endpoints (
                    app_id TEXT NOT NULL REFERENCES apps(id) ON DELETE CASCADE,
                    url TEXT NOT NULL,
                    disabled_at INTEGER NOT NULL,
                    PRIMARY KEY (app_id, url)
                );
                CREATE TABLE deliveries (
                    seq INTEGER PRIMARY KEY AUTOINCREMENT,
                    id TEXT NOT NULL UNIQUE,
                    app_id TEXT NOT NULL REFERENCES apps(id) ON DELETE CASCADE,
                    url TEXT NOT NULL,
                    type TEXT NOT NULL,
                    payload BLOB NOT NULL,
                    status TEXT NOT NULL,
                    attempts INTEGER NOT NULL,
                    failures INTEGER NOT NULL,
                    next_attempt INTEGER,
                    claimed_until INTEGER,
                    created_at INTEGER NOT NULL
                );
                CREATE INDEX deliveries_due ON deliveries(next_attempt) WHERE status = 'pending';
                CREATE INDEX deliveries_by_app ON deliveries(app_id, seq);
                CREATE TABLE delivery_attempts (
                    delivery_seq INTEGER NOT NULL REFERENCES deliveries(seq) ON DELETE CASCADE,
                    number INTEGER NOT NULL,
                    at INTEGER NOT NULL,
                    status_code INTEGER,
                    error TEXT,
                    duration_ms INTEGER NOT NULL,
                    PRIMARY KEY (delivery_seq, number)
                );
                """
        )
    }

    package func webhookConfiguration(appID: String) async throws -> WebhookConfiguration? {
        try await pool.read { db in
            try Data.fetchOne(db, sql: "SELECT configuration FROM webhook_configurations WHERE app_id = ?", arguments: [appID])
                .map { try Self.decode(WebhookConfiguration.self, $0) }
        }
    }

    package func setWebhookConfiguration(appID: String, _ configuration: WebhookConfiguration?) async throws {
        let encoded = try configuration.map { try Self.encode($0) }
        try await writer.write { db in
            if let encoded {
                try db.execute(
                    sql: """
                        INSERT INTO webhook_configurations(app_id, configuration) VALUES (?, ?)
                        ON CONFLICT(app_id) DO UPDATE SET configuration = excluded.configuration
                        """, arguments: [appID, encoded])
            } else {
                try db.execute(sql: "DELETE FROM webhook_configurations WHERE app_id = ?", arguments: [appID])
            }
        }
    }

    package func enqueueDeliveries(_ deliveries: [WebhookDeliveryRecord]) async throws {
        guard !deliveries.isEmpty else { return }
        try await writer.write { db in
            let statement = try db.cachedStatement(
                sql: """
                    INSERT INTO deliveries(id, app_id, url, type, payload, status, attempts, failures, next_attempt, created_at)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                    """)
            for delivery in deliveries {
                try statement.execute(arguments: [
                    delivery.id, delivery.appID, delivery.url, delivery.type.rawValue, delivery.payload, delivery.status.rawValue,
                    delivery.attempts, delivery.failures, delivery.nextAttempt.map(Self.milliseconds),
                    Self.milliseconds(delivery.createdAt),
                ])
            }
        }
    }

    /// Pending, due, unclaimed, on an endpoint that is not disabled.
    private static let dueCondition = """
        d.status = 'pending' AND d.next_attempt IS NOT NULL AND (d.claimed_until IS NULL OR d.claimed_until <= :now)
        AND NOT EXISTS (SELECT 1 FROM disabled_endpoints e WHERE e.app_id = d.app_id AND e.url = d.url)
        """

    package func claimDueDeliveries(now: Date, limit: Int, leaseUntil: Date) async throws -> [WebhookDeliveryRecord] {
        let now = Self.milliseconds(now)
        return try await writer.write { db in
            let rows = try Row.fetchAll(
                db,
                sql:
                    "SELECT d.* FROM deliveries d WHERE \(Self.dueCondition) AND d.next_attempt <= :now ORDER BY d.next_attempt LIMIT :limit",
                arguments: ["now": now, "limit": limit])
            let claim = try db.cachedStatement(sql: "UPDATE deliveries SET claimed_until = ? WHERE seq = ?")
            for row in rows { try claim.execute(arguments: [Self.milliseconds(leaseUntil), row["seq"] as Int64]) }
            return try rows.map(Self.delivery)
        }
    }

    package func nextDeliveryDate() async throws -> Date? {
        // Claimed messages count at their lease's end: an attempt cut short by a crash is retried then.
        try await pool.read { db in
            try Int64.fetchOne(
                db,
                sql: """
                    SELECT MIN(MAX(d.next_attempt, COALESCE(d.claimed_until, 0))) FROM deliveries d
                    WHERE d.status = 'pending' AND d.next_attempt IS NOT NULL
                    AND NOT EXISTS (SELECT 1 FROM disabled_endpoints e WHERE e.app_id = d.app_id AND e.url = d.url)
                    """
            ).map(Self.date)
        }
    }

    /// One attempt waiting for its group commit.
    struct AttemptRecord: Sendable {
        var attempt: DeliveryAttemptRecord
        var delivery: WebhookDeliveryRecord
        var disableEndpoint: Bool
    }

    package func recordAttempt(_ attempt: DeliveryAttemptRecord, of delivery: WebhookDeliveryRecord, disableEndpoint: Bool) async throws {
        try await attempts.submit(AttemptRecord(attempt: attempt, delivery: delivery, disableEndpoint: disableEndpoint))
    }

    /// Records a batch of attempts in one transaction (the dispatcher records many at once).
    static func commit(_ batch: [AttemptRecord], in writer: SQLiteWriter) async throws -> [Result<Void, any Error>] {
        try await writer.write { db in
            try batch.map { record in
                try recordOne(record.attempt, of: record.delivery, disableEndpoint: record.disableEndpoint, db)
                return .success(())
            }
        }
    }

    private static func recordOne(
        _ attempt: DeliveryAttemptRecord, of delivery: WebhookDeliveryRecord, disableEndpoint: Bool, _ db: Database
    ) throws {
        guard let seq = try Int64.fetchOne(db.cachedStatement(sql: "SELECT seq FROM deliveries WHERE id = ?"), arguments: [delivery.id])
        else { return }
        try db.cachedStatement(
            sql: """
                INSERT INTO delivery_attempts(delivery_seq, number, at, status_code, error, duration_ms) VALUES (?, ?, ?, ?, ?, ?)
                ON CONFLICT(delivery_seq, number) DO NOTHING
                """
        ).execute(arguments: [
            seq, attempt.number, Self.milliseconds(attempt.at), attempt.statusCode, attempt.error, attempt.durationMilliseconds,
        ])
        try db.cachedStatement(
            sql: "UPDATE deliveries SET status = ?, attempts = ?, failures = ?, next_attempt = ?, claimed_until = NULL WHERE seq = ?"
        ).execute(arguments: [
            delivery.status.rawValue, delivery.attempts, delivery.failures, delivery.nextAttempt.map(Self.milliseconds), seq,
        ])
        if disableEndpoint {
            try db.execute(
                sql: "INSERT INTO disabled_endpoints(app_id, url, disabled_at) VALUES (?, ?, ?) ON CONFLICT DO NOTHING",
                arguments: [delivery.appID, delivery.url, Self.milliseconds(attempt.at)])
        }
    }

    package func releaseAllDeliveryClaims() async throws {
        try await writer.write { db in try db.execute(sql: "UPDATE deliveries SET claimed_until = NULL WHERE claimed_until IS NOT NULL") }
    }

    package func deliveries(
        appID: String, status: WebhookDeliveryRecord.Status?, after cursor: String?, limit: Int
    ) async throws -> Page<WebhookDeliveryRecord> {
        try await pool.read { db in
            let rows = try Row.fetchAll(
                db,
                sql: """
                    SELECT * FROM deliveries WHERE app_id = :app AND seq > :after AND (:status IS NULL OR status = :status)
                    ORDER BY seq LIMIT :limit
                    """,
                arguments: ["app": appID, "after": cursor.flatMap { Int64($0) } ?? 0, "status": status?.rawValue, "limit": limit + 1])
            let items = try rows.prefix(limit).map(Self.delivery)
            let next = rows.count > limit ? rows[limit - 1]["seq"] as Int64? : nil
            return Page(items: items, nextCursor: next.map(String.init))
        }
    }

    package func delivery(appID: String, id: String) async throws -> (WebhookDeliveryRecord, [DeliveryAttemptRecord])? {
        try await pool.read { db in
            guard let row = try Row.fetchOne(db, sql: "SELECT * FROM deliveries WHERE app_id = ? AND id = ?", arguments: [appID, id]) else {
                return nil
            }
            let attempts = try Row.fetchAll(
                db, sql: "SELECT * FROM delivery_attempts WHERE delivery_seq = ? ORDER BY number", arguments: [row["seq"] as Int64]
            ).map { attempt in
                DeliveryAttemptRecord(
                    number: attempt["number"], at: Self.date(attempt["at"]), statusCode: attempt["status_code"], error: attempt["error"],
                    durationMilliseconds: attempt["duration_ms"])
            }
            return (try Self.delivery(row), attempts)
        }
    }

    package func replayDelivery(appID: String, id: String, now: Date) async throws -> Bool {
        try await writer.write { db in
            try db.execute(
                sql: """
                    UPDATE deliveries SET status = 'pending', failures = 0, next_attempt = ?, claimed_until = NULL
                    WHERE app_id = ? AND id = ?
                    """,
                arguments: [Self.milliseconds(now), appID, id])
            return db.changesCount > 0
        }
    }

    package func disabledEndpoints(appID: String) async throws -> [String] {
        try await pool.read { db in
            try String.fetchAll(db, sql: "SELECT url FROM disabled_endpoints WHERE app_id = ? ORDER BY url", arguments: [appID])
        }
    }

    package func enableEndpoint(appID: String, url: String) async throws -> Bool {
        try await writer.write { db in
            try db.execute(sql: "DELETE FROM disabled_endpoints WHERE app_id = ? AND url = ?", arguments: [appID, url])
            return db.changesCount > 0
        }
    }

    private static func delivery(_ row: Row) throws -> WebhookDeliveryRecord {
        guard let type = WebhookEventType(rawValue: row["type"]), let status = WebhookDeliveryRecord.Status(rawValue: row["status"]) else {
            throw DatabaseError(message: "unknown delivery type or status in row \(row)")
        }
        let nextAttempt: Int64? = row["next_attempt"]
        return WebhookDeliveryRecord(
            id: row["id"], appID: row["app_id"], url: row["url"], type: type, payload: row["payload"], status: status,
            attempts: row["attempts"], failures: row["failures"], nextAttempt: nextAttempt.map(Self.date),
            createdAt: Self.date(row["created_at"]))
    }
}
