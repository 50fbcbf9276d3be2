import Foundation
import GRDB
import Storage
import Webhooks

extension SQLiteStore: WebhookStore {
    package func webhookConfiguration(appID: String) async throws -> WebhookConfiguration? {
        try await read { db in try Self.webhookSettings(appID: appID, db) }
    }

    static func webhookSettings(appID: String, _ db: Database) throws -> WebhookConfiguration? {
        try Data.fetchOne(
            try db.cachedStatement(sql: "SELECT configuration FROM webhook_configurations WHERE app_id = ?"), arguments: [appID]
        ).map { try decode(WebhookConfiguration.self, $0) }
    }

    package func setWebhookConfiguration(appID: String, _ configuration: WebhookConfiguration?) async throws {
        let encoded = try configuration.map { try Self.encode($0) }
        try await write { db, effects in
            if let encoded {
                try db.execute(
                    sql: """
                        INSERT INTO webhook_configurations(app_id, configuration) VALUES (?, ?)
                        ON CONFLICT(app_id) DO UPDATE SET configuration = excluded.configuration
                        """, arguments: [appID, encoded])
            } else {
                try db.execute(sql: "DELETE FROM webhook_configurations WHERE app_id = ?", arguments: [appID])
            }
            effects.announce(.webhookSettings(appID))
        }
    }

    package func enqueueDeliveries(_ deliveries: [WebhookDeliveryRecord]) async throws {
        guard !deliveries.isEmpty else { return }
        try await write { db, effects in
            for delivery in deliveries { try Self.insertDelivery(delivery, db) }
            effects.announce(.outbox)
        }
    }

    static func insertDelivery(_ delivery: WebhookDeliveryRecord, _ db: Database) throws {
        try db.cachedStatement(
            sql: """
                INSERT INTO deliveries(id, app_id, url, type, payload, status, attempts, failures, next_attempt, created_at, traceparent)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """
        ).execute(arguments: [
            delivery.id, delivery.appID, delivery.url, delivery.type.rawValue, delivery.payload, delivery.status.rawValue,
            delivery.attempts, delivery.failures, delivery.nextAttempt.map(milliseconds), milliseconds(delivery.createdAt),
            delivery.traceparent,
        ])
    }

    /// Pending, due, not under a live claim, on an endpoint that is not disabled.
    private static let claimable = """
        d.status = 'pending' AND d.next_attempt IS NOT NULL AND d.next_attempt <= :now
        AND (d.claimed_until IS NULL OR d.claimed_until < :now)
        AND NOT EXISTS (SELECT 1 FROM disabled_endpoints e WHERE e.app_id = d.app_id AND e.url = d.url)
        """

    /// How many candidate rows one claim looks at, at most, to fill the endpoints' room.
    static let claimScanBound = 50_000

    package func claimDueDeliveries(
        now: Date, limit: Int, perEndpoint: [WebhookEndpoint: Int], defaultPerEndpoint: Int, leaseUntil: Date
    ) async throws -> [WebhookDeliveryRecord] {
        guard limit > 0 else { return [] }
        let now = Self.milliseconds(now)
        let lease = Self.milliseconds(leaseUntil)
        // Endpoints without room are left out in SQL; the rest fill up in the order messages came due, so
        // that no endpoint's backlog keeps another's messages from being claimed.
        let full = perEndpoint.filter { $0.value <= 0 }.keys.map { [$0.appID, $0.url] }
        let excluded = String(decoding: try JSONEncoder().encode(full), as: UTF8.self)
        return try await write { db, _ in
            let candidates = try Row.fetchCursor(
                db,
                sql: """
                    SELECT d.seq, d.app_id, d.url FROM deliveries d WHERE \(Self.claimable)
                    AND NOT EXISTS (
                        SELECT 1 FROM json_each(:excluded) x
                        WHERE json_extract(x.value, '$[0]') = d.app_id AND json_extract(x.value, '$[1]') = d.url)
                    ORDER BY d.next_attempt, d.seq LIMIT :scan
                    """,
                arguments: ["now": now, "excluded": excluded, "scan": Self.claimScanBound])
            var room = perEndpoint
            var chosen: [Int64] = []
            while chosen.count < limit, let row = try candidates.next() {
                let endpoint = WebhookEndpoint(appID: row["app_id"], url: row["url"])
                let left = room[endpoint] ?? defaultPerEndpoint
                guard left > 0 else { continue }
                room[endpoint] = left - 1
                chosen.append(row["seq"])
            }
            let claim = try db.cachedStatement(sql: "UPDATE deliveries SET claim_token = ?, claimed_until = ? WHERE seq = ? RETURNING *")
            return try chosen.map { seq in
                guard let row = try Row.fetchOne(claim, arguments: [Self.newToken(), lease, seq]) else {
                    throw StoreError(.notFound, "outbox message \(seq) went while it was claimed")
                }
                return try Self.delivery(row)
            }
        }
    }

    package func outboxDepth() async throws -> Int {
        try await read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM deliveries WHERE status = 'pending'") ?? 0 }
    }

    package func hasAttemptsInFlight(at now: Date) async throws -> Bool {
        try await read { db in
            try Bool.fetchOne(
                db, sql: "SELECT EXISTS (SELECT 1 FROM deliveries WHERE claimed_until >= ?)", arguments: [Self.milliseconds(now)]) ?? false
        }
    }

    package func nextDeliveryDate(excluding full: Set<WebhookEndpoint>) async throws -> Date? {
        let excluded = String(decoding: try JSONEncoder().encode(full.map { [$0.appID, $0.url] }), as: UTF8.self)
        return try await read { db in
            let due = try Int64.fetchOne(
                db,
                sql: """
                    SELECT MIN(d.next_attempt) FROM deliveries d
                    WHERE d.status = 'pending' AND d.next_attempt IS NOT NULL AND d.claimed_until IS NULL
                    AND NOT EXISTS (SELECT 1 FROM disabled_endpoints e WHERE e.app_id = d.app_id AND e.url = d.url)
                    AND NOT EXISTS (
                        SELECT 1 FROM json_each(?) x
                        WHERE json_extract(x.value, '$[0]') = d.app_id AND json_extract(x.value, '$[1]') = d.url)
                    """, arguments: [excluded])
            // Claimed messages count at their lease's end: an attempt cut short by a crash is retried then.
            let leaseEnd = try Int64.fetchOne(
                db,
                sql: "SELECT MIN(MAX(next_attempt, claimed_until)) FROM deliveries WHERE claimed_until IS NOT NULL AND status = 'pending'")
            return [due, leaseEnd].compactMap { $0 }.min().map(Self.date)
        }
    }

    /// One attempt waiting for its group commit.
    struct AttemptRecord: Sendable {
        var attempt: DeliveryAttemptRecord
        var delivery: WebhookDeliveryRecord
        var endpoint: EndpointOutcome
    }

    package func recordAttempt(_ attempt: DeliveryAttemptRecord, of delivery: WebhookDeliveryRecord, endpoint: EndpointOutcome) async throws
    {
        try await attempts.submit(AttemptRecord(attempt: attempt, delivery: delivery, endpoint: endpoint))
    }

    /// Records a batch of attempts in one transaction (the dispatcher records many at once).
    static func commit(_ batch: [AttemptRecord], in writer: SQLiteWriter, changes: ChangeFeed) async throws -> [Result<Void, any Error>] {
        let disabled = try await writer.write { db in
            try batch.compactMap { record in try recordOne(record.attempt, of: record.delivery, endpoint: record.endpoint, db) }
        }
        changes.publish(disabled)
        return batch.map { _ in .success(()) }
    }

    /// Records one attempt, if the claim it was made under still holds the message (fenced: a dispatcher
    /// whose lease ran out and was taken over records nothing).
    private static func recordOne(
        _ attempt: DeliveryAttemptRecord, of delivery: WebhookDeliveryRecord, endpoint: EndpointOutcome, _ db: Database
    ) throws -> StoreChange? {
        guard
            let seq = try Int64.fetchOne(
                db.cachedStatement(sql: "SELECT seq FROM deliveries WHERE id = ? AND claim_token = ?"),
                arguments: [delivery.id, delivery.claim])
        else { return nil }
        try db.cachedStatement(
            sql: """
                INSERT INTO delivery_attempts(delivery_seq, number, at, status_code, error, duration_ms) VALUES (?, ?, ?, ?, ?, ?)
                ON CONFLICT(delivery_seq, number) DO NOTHING
                """
        ).execute(arguments: [
            seq, attempt.number, milliseconds(attempt.at), attempt.statusCode, attempt.error, attempt.durationMilliseconds,
        ])
        try db.cachedStatement(
            sql: """
                UPDATE deliveries SET status = ?, attempts = ?, failures = ?, next_attempt = ?, claim_token = NULL, claimed_until = NULL
                WHERE seq = ?
                """
        ).execute(arguments: [
            delivery.status.rawValue, delivery.attempts, delivery.failures, delivery.nextAttempt.map(milliseconds), seq,
        ])
        let reason: EndpointState.Reason
        switch endpoint {
        case .answered:
            try db.cachedStatement(sql: "DELETE FROM endpoint_failures WHERE app_id = ? AND url = ?").execute(arguments: [
                delivery.appID, delivery.url,
            ])
            return nil
        case .failed(let cutoff):
            try db.cachedStatement(sql: "INSERT INTO endpoint_failures(app_id, url, since) VALUES (?, ?, ?) ON CONFLICT DO NOTHING")
                .execute(arguments: [delivery.appID, delivery.url, milliseconds(attempt.at)])
            let since = try Int64.fetchOne(
                db.cachedStatement(sql: "SELECT since FROM endpoint_failures WHERE app_id = ? AND url = ?"),
                arguments: [delivery.appID, delivery.url])
            guard let since, since <= milliseconds(cutoff) else { return nil }
            reason = .failing
        case .gone:
            reason = .gone
        }
        try db.execute(
            sql: "INSERT INTO disabled_endpoints(app_id, url, disabled_at, reason) VALUES (?, ?, ?, ?) ON CONFLICT DO NOTHING",
            arguments: [delivery.appID, delivery.url, milliseconds(attempt.at), reason.rawValue])
        return db.changesCount > 0 ? .endpointDisabled(appID: delivery.appID, url: delivery.url, reason: reason) : nil
    }

    package func deliveries(
        appID: String, status: WebhookDeliveryRecord.Status?, after cursor: String?, limit: Int
    ) async throws -> Page<WebhookDeliveryRecord> {
        try await read { db in
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
        try await read { db in
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
        try await write { db, effects in
            try db.execute(
                sql: """
                    UPDATE deliveries SET status = 'pending', failures = 0, next_attempt = ?, claim_token = NULL, claimed_until = NULL
                    WHERE app_id = ? AND id = ?
                    """,
                arguments: [Self.milliseconds(now), appID, id])
            effects.announce(.outbox)
            return db.changesCount > 0
        }
    }

    package func enableEndpoint(appID: String, url: String) async throws -> Bool {
        try await write { db, effects in
            try db.execute(sql: "DELETE FROM disabled_endpoints WHERE app_id = ? AND url = ?", arguments: [appID, url])
            let enabled = db.changesCount > 0
            try db.execute(sql: "DELETE FROM endpoint_failures WHERE app_id = ? AND url = ?", arguments: [appID, url])
            effects.announce(.outbox)
            return enabled
        }
    }

    package func endpointStates(appID: String) async throws -> [EndpointState] {
        try await read { db in
            var states: [String: EndpointState] = [:]
            for row in try Row.fetchAll(db, sql: "SELECT url, since FROM endpoint_failures WHERE app_id = ?", arguments: [appID]) {
                states[row["url"], default: EndpointState(url: row["url"])].failingSince = Self.date(row["since"])
            }
            for row in try Row.fetchAll(
                db, sql: "SELECT url, disabled_at, reason FROM disabled_endpoints WHERE app_id = ?", arguments: [appID])
            {
                states[row["url"], default: EndpointState(url: row["url"])].disabledAt = Self.date(row["disabled_at"])
                states[row["url"], default: EndpointState(url: row["url"])].reason = EndpointState.Reason(rawValue: row["reason"]) ?? .gone
            }
            return states.values.sorted { $0.url < $1.url }
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
            createdAt: Self.date(row["created_at"]), claim: row["claim_token"], traceparent: row["traceparent"])
    }
}
