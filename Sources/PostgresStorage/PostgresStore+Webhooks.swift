import Foundation
import NIOCore
import NotificationCore
import PostgresNIO
import Storage
import Webhooks

extension PostgresStore: WebhookStore {
    /// The app's settings with their signing secrets, opened.
    package func webhookConfiguration(appID: String) async throws -> WebhookConfiguration? {
        let row = try await read { connection in
            try await connection.rows("SELECT configuration, secrets FROM webhook_configurations WHERE app_id = \(appID)", self.logger)
                .first
        }
        guard let row else { return nil }
        var configuration = try Self.decodeShared(WebhookConfiguration.self, try row.get("configuration"))
        if let sealed = try row.get("secrets", as: Data?.self) {
            configuration.secrets = try WebhookSecrets.open(sealed, appID: appID, secrets)
        }
        return configuration
    }

    /// The app's settings as a change's transaction needs them (where messages go, which events), without
    /// their secrets: those are sealed apart, and only the dispatcher, which signs, opens them.
    func webhookSettings(appID: String, _ connection: PostgresConnection) async throws -> WebhookConfiguration? {
        try await connection.rows("SELECT configuration FROM webhook_configurations WHERE app_id = \(appID)", logger)
            .first.map { try Self.decodeShared(WebhookConfiguration.self, try $0.get("configuration")) }
    }

    package func setWebhookConfiguration(appID: String, _ configuration: WebhookConfiguration?) async throws {
        let stored = try configuration.map { try WebhookSecrets.split($0, appID: appID, secrets) }
        try await write { connection, changes in
            if let stored {
                try await connection.run(
                    """
                    INSERT INTO webhook_configurations(app_id, configuration, secrets)
                    VALUES (\(appID), \(stored.configuration), \(stored.sealedSecrets))
                    ON CONFLICT (app_id) DO UPDATE SET configuration = excluded.configuration, secrets = excluded.secrets
                    """, self.logger)
            } else {
                try await connection.run("DELETE FROM webhook_configurations WHERE app_id = \(appID)", self.logger)
            }
            changes.announce(.webhookSettings(appID))
        }
    }

    package func enqueueDeliveries(_ deliveries: [WebhookDeliveryRecord]) async throws {
        guard !deliveries.isEmpty else { return }
        try await write { connection, changes in
            try await self.insertDeliveries(deliveries, connection)
            changes.announce(.outbox)
        }
    }

    /// Inserts messages in one statement, in their order (their sequence numbers follow it).
    func insertDeliveries(_ deliveries: [WebhookDeliveryRecord], _ connection: PostgresConnection) async throws {
        guard !deliveries.isEmpty else { return }
        let none = Int64.min  // a message without a next attempt
        try await connection.run(
            """
            INSERT INTO deliveries(
                id, app_id, url, type, payload, status, attempts, failures, next_attempt, created_at, traceparent, destination,
                subscription_id, due_on_wall_clock, broadcast_id)
            SELECT t.id, t.app_id, t.url, t.type, t.payload, t.status, t.attempts, t.failures, NULLIF(t.next_attempt, \(none)), t.created_at,
                NULLIF(t.traceparent, ''), t.destination, NULLIF(t.subscription_id, ''), NULLIF(t.due_on_wall_clock, \(none)),
                NULLIF(t.broadcast_id, '')
            FROM unnest(\(deliveries.map(\.id)), \(deliveries.map(\.appID)), \(deliveries.map(\.url)), \(deliveries.map(\.type.rawValue)),
                \(deliveries.map { ByteBuffer(bytes: $0.payload) }), \(deliveries.map(\.status.rawValue)), \(deliveries.map(\.attempts)),
                \(deliveries.map(\.failures)), \(deliveries.map { $0.nextAttempt.map(Self.milliseconds) ?? none }),
                \(deliveries.map { Self.milliseconds($0.createdAt) }), \(deliveries.map { $0.traceparent ?? "" }),
                \(deliveries.map(\.destination.rawValue)), \(deliveries.map { $0.subscriptionID ?? "" }),
                \(deliveries.map { $0.dueOnWallClock.map(Self.milliseconds) ?? none }), \(deliveries.map { $0.broadcastID ?? "" }))
                WITH ORDINALITY AS t(
                    id, app_id, url, type, payload, status, attempts, failures, next_attempt, created_at, traceparent, destination,
                    subscription_id, due_on_wall_clock, broadcast_id, position)
            ORDER BY t.position
            """, logger)
    }

    /// Claims endpoint by endpoint (see the SQLite store) with `FOR UPDATE SKIP LOCKED`, so that replicas
    /// take different messages: a loose index scan finds the endpoints with pending messages, each
    /// endpoint gives its earliest due ones up to its room, and of those the earliest due are taken up to
    /// `limit`. One statement, its own transaction: a claim is one round trip (on a busy machine each
    /// costs milliseconds, and the dispatcher's queue waits on them). It commits without waiting for its
    /// WAL flush (`set_config(…, true)` lasts to the end of the statement's transaction): a claim lost to
    /// a crash of the server is a message sent again under its id, as with any lapsed claim.
    package func claimDueDeliveries(
        now: Date, limit: Int, perEndpoint: [WebhookEndpoint: Int], defaultPerEndpoint: Int, lease: Lease, orDueOnWallClock: Bool
    ) async throws -> [WebhookDeliveryRecord] {
        guard limit > 0 else { return [] }
        let now = Self.milliseconds(now)
        let token = Self.newToken()
        let rooms = Array(perEndpoint)
        // Each endpoint's scan is limited by a constant (a limit the planner cannot know would make it
        // choose a scan of every due message) and cut to the endpoint's room after.
        let most = min(limit, max(defaultPerEndpoint, perEndpoint.values.max() ?? 0))
        // A retry due on the wall clock makes the scan filter the endpoint's messages rather than stop at the
        // first not due: only while the scheduler's clock is virtual.
        let leaseNow = Self.milliseconds(lease.now)
        let orDueByNow = orDueOnWallClock ? " OR d.due_on_wall_clock <= \(leaseNow)" : ""
        return try await statement(
            """
            WITH RECURSIVE \(unescaped: Self.pendingEndpoints),
            rooms(app_id, url, room) AS (SELECT * FROM unnest(\(rooms.map(\.key.appID)), \(rooms.map(\.key.url)), \(rooms.map(\.value)))),
            candidates AS (
                SELECT c.seq, c.next_attempt, COALESCE(r.room, \(defaultPerEndpoint)) AS room,
                    row_number() OVER (PARTITION BY e.app_id, e.url ORDER BY c.next_attempt, c.seq) AS position
                FROM endpoints e
                LEFT JOIN rooms r ON r.app_id = e.app_id AND r.url = e.url
                CROSS JOIN LATERAL (
                    SELECT d.seq, d.next_attempt FROM deliveries d
                    WHERE d.app_id = e.app_id AND d.url = e.url AND d.status = 'pending' AND (d.next_attempt <= \(now)\(unescaped: orDueByNow))
                    AND (d.claimed_until IS NULL OR d.claimed_until < \(leaseNow))
                    ORDER BY d.next_attempt, d.seq LIMIT \(most) FOR UPDATE SKIP LOCKED) c
                WHERE COALESCE(r.room, \(defaultPerEndpoint)) > 0
                AND NOT EXISTS (SELECT 1 FROM disabled_endpoints x WHERE x.app_id = e.app_id AND x.url = e.url)),
            chosen AS (SELECT seq FROM candidates WHERE position <= room ORDER BY next_attempt, seq LIMIT \(limit)),
            asynchronous AS (SELECT set_config('synchronous_commit', 'off', true))
            UPDATE deliveries d SET claim_token = \(token), claimed_until = \(Self.milliseconds(lease.until))
            FROM chosen, asynchronous WHERE d.seq = chosen.seq RETURNING d.*
            """
        ).map(Self.delivery).sorted { ($0.nextAttempt ?? .distantPast, $0.id) < ($1.nextAttempt ?? .distantPast, $1.id) }
    }

    /// `endpoints(app_id, url)`: the endpoints with pending messages, one index seek each (a loose index
    /// scan over deliveries_by_endpoint), however many messages each has.
    static let pendingEndpoints = """
        endpoints(app_id, url) AS (
            (SELECT app_id, url FROM deliveries WHERE status = 'pending' ORDER BY app_id, url LIMIT 1)
            UNION ALL
            SELECT n.app_id, n.url FROM endpoints e CROSS JOIN LATERAL (
                SELECT app_id, url FROM deliveries WHERE status = 'pending' AND (app_id, url) > (e.app_id, e.url)
                ORDER BY app_id, url LIMIT 1) n)
        """

    package func outboxFigures(at now: Date) async throws -> OutboxFigures {
        try await read { connection in
            let row = try await connection.rows(
                """
                SELECT (SELECT count(*) FROM deliveries WHERE status = 'pending') AS n,
                       (SELECT min(next_attempt) FROM deliveries d WHERE status = 'pending' AND next_attempt <= \(Self.milliseconds(now))
                        AND NOT EXISTS (SELECT 1 FROM disabled_endpoints x WHERE x.app_id = d.app_id AND x.url = d.url)) AS oldest
                """, self.logger
            ).first
            return OutboxFigures(
                depth: try row?.get("n", as: Int.self) ?? 0, oldestDue: try row?.get("oldest", as: Int64?.self).map(Self.date))
        }
    }

    package func nextDueOnWallClock(after leaseNow: Date) async throws -> Date? {
        try await read { connection in
            try await connection.rows(
                """
                SELECT min(due_on_wall_clock) AS due FROM deliveries
                WHERE status = 'pending' AND due_on_wall_clock IS NOT NULL AND due_on_wall_clock > \(Self.milliseconds(leaseNow))
                """, self.logger
            ).first?.get("due", as: Int64?.self).map(Self.date)
        }
    }

    package func hasAttemptsInFlight(leaseNow: Date) async throws -> Bool {
        try await read { connection in
            try await connection.rows(
                "SELECT EXISTS (SELECT 1 FROM deliveries WHERE claimed_until >= \(Self.milliseconds(leaseNow))) AS busy", self.logger
            ).first?.get("busy", as: Bool.self) ?? false
        }
    }

    /// Claimed messages are left out: their leases end on the wall clock, not on the schedule's; a replica
    /// that died is taken over by the others' safety poll (`StorageBackend.safetyPoll`).
    package func nextDeliveryDate(excluding full: Set<WebhookEndpoint>, leaseNow: Date) async throws -> Date? {
        try await read { connection in
            let row = try await connection.rows(
                """
                WITH RECURSIVE \(unescaped: Self.pendingEndpoints)
                SELECT (SELECT min(c.due) FROM endpoints e CROSS JOIN LATERAL (
                            SELECT min(d.next_attempt) AS due FROM deliveries d
                            WHERE d.app_id = e.app_id AND d.url = e.url AND d.status = 'pending' AND d.next_attempt IS NOT NULL
                            AND (d.claimed_until IS NULL OR d.claimed_until < \(Self.milliseconds(leaseNow)))) c
                        WHERE NOT EXISTS (SELECT 1 FROM disabled_endpoints x WHERE x.app_id = e.app_id AND x.url = e.url)
                        AND (e.app_id, e.url) NOT IN (SELECT * FROM unnest(\(full.map(\.appID)), \(full.map(\.url))))) AS due
                """, self.logger
            ).first
            return try row?.get("due", as: Int64?.self).map(Self.date)
        }
    }

    package func releaseDeliveries(_ deliveries: [WebhookDeliveryRecord]) async throws {
        guard !deliveries.isEmpty else { return }
        try await write { connection, changes in
            try await connection.run(
                """
                UPDATE deliveries SET claim_token = NULL, claimed_until = NULL
                WHERE (id, claim_token) IN (SELECT * FROM unnest(\(deliveries.map(\.id)), \(deliveries.map { $0.claim ?? 0 })))
                """, self.logger)
            changes.announce(.outbox)
        }
    }

    /// The attempts answered together, in one transaction that does not wait for its WAL flush (see
    /// `WebhookStore.recordAttempts`): the messages' new states fenced by their claims (an attempt whose
    /// claim was taken over records nothing), their attempts, and the failures cleared of the endpoints
    /// that only answered, in one statement; then, if any endpoint failed, each such endpoint's outcomes in
    /// order — endpoints in key order, the order every replica locks their rows in. A batch that fails (a
    /// conflict with another replica's) is recorded again one attempt at a time, so that no attempt goes
    /// unrecorded for another's sake.
    package func recordAttempts(_ attempts: [RecordedAttempt]) async throws {
        guard !attempts.isEmpty else { return }
        do {
            try await recordTogether(attempts)
        } catch  where attempts.count > 1 {
            for recorded in attempts { try await recordTogether([recorded]) }
        }
    }

    private func recordTogether(_ attempts: [RecordedAttempt]) async throws {
        let byEndpoint = Dictionary(grouping: attempts, by: \.delivery.endpoint)
        let answering = byEndpoint.filter { $0.value.allSatisfy { $0.endpoint == .answered } }.keys
        let recording = Self.recording(attempts, clearing: Array(answering))
        // The common case, every endpoint answering and no message left to retry, is that statement alone:
        // one round trip, nothing to announce.
        guard answering.count < byEndpoint.count || attempts.contains(where: { $0.delivery.nextAttempt != nil }) else {
            _ = try await statement(recording)
            return
        }
        try await write(durable: false) { connection, changes in
            let fenced = Set(try await connection.rows(recording, self.logger).map { try $0.get("id", as: String.self) })
            let recorded = attempts.filter { fenced.contains($0.delivery.id) }
            if recorded.contains(where: { $0.delivery.nextAttempt != nil }) { changes.announce(.outbox) }
            for (endpoint, outcomes) in recorded.endpointOutcomes where !answering.contains(endpoint) {
                for (outcome, at) in outcomes {
                    if let disabled = try await self.recordOutcome(outcome, of: endpoint, at: at, connection) { changes.announce(disabled) }
                }
            }
        }
    }

    /// One statement that records the attempts: each message's new state where its claim still holds it
    /// (returning its `id`), its attempt, and the failures of the `answering` endpoints cleared where an
    /// attempt of theirs was recorded. It commits without waiting for its WAL flush. Arrays hold no
    /// nulls: -1 stands for no status code, and `has_error` says whether there is an error.
    private static func recording(_ attempts: [RecordedAttempt], clearing answering: [WebhookEndpoint]) -> PostgresQuery {
        let deliveries = attempts.map(\.delivery)
        let made = attempts.map(\.attempt)
        let receipts = attempts.compactMap { attempt in attempt.receipt.map { (message: attempt.delivery.id, receipt: $0) } }
        return """
            WITH asynchronous AS (SELECT set_config('synchronous_commit', 'off', true)),
            fenced AS (
                UPDATE deliveries d SET status = t.status, attempts = t.attempts, failures = t.failures,
                    next_attempt = NULLIF(t.next_attempt, \(noDate)), due_on_wall_clock = NULLIF(t.due_on_wall_clock, \(noDate)),
                    claim_token = NULL, claimed_until = NULL
                FROM unnest(\(deliveries.map(\.id)), \(deliveries.map { $0.claim ?? 0 }), \(deliveries.map(\.status.rawValue)),
                    \(deliveries.map(\.attempts)), \(deliveries.map(\.failures)), \(deliveries.map { $0.nextAttempt.map(milliseconds) ?? noDate }),
                    \(deliveries.map { $0.dueOnWallClock.map(milliseconds) ?? noDate }),
                    \(made.map(\.number)), \(made.map { milliseconds($0.at) }), \(made.map { $0.statusCode ?? -1 }), \(made.map { $0.error != nil }),
                    \(made.map { $0.error ?? "" }), \(made.map(\.durationMilliseconds)), \(made.map { $0.providerMessageID ?? "" }))
                    AS t(
                        id, claim, status, attempts, failures, next_attempt, due_on_wall_clock, number, at, status_code, has_error, error,
                        duration_ms, provider_id),
                    asynchronous
                WHERE d.id = t.id AND d.claim_token = t.claim
                RETURNING d.id, d.seq, d.app_id, d.url, t.number, t.at, t.status_code, t.has_error, t.error, t.duration_ms, t.provider_id),
            made AS (
                INSERT INTO delivery_attempts(delivery_seq, number, at, status_code, error, duration_ms, provider_message_id)
                SELECT seq, number, at, NULLIF(status_code, -1), CASE WHEN has_error THEN error END, duration_ms, NULLIF(provider_id, '')
                FROM fenced
                ON CONFLICT DO NOTHING),
            receipted AS (
                INSERT INTO receipts(app_id, center_id, identifier, delivered_at, destination, channel, stage, at, detail)
                SELECT r.app_id, r.center_id, r.identifier, r.delivered_at, r.destination, r.channel, r.stage, r.at, NULLIF(r.detail, '')
                FROM unnest(\(receipts.map(\.message)), \(receipts.map(\.receipt.center.appID)), \(receipts.map(\.receipt.center.centerID)),
                    \(receipts.map(\.receipt.identifier)), \(receipts.map { $0.receipt.deliveredAt.map(milliseconds) ?? 0 }),
                    \(receipts.map { $0.receipt.destination ?? "" }), \(receipts.map { $0.receipt.channel?.rawValue ?? "" }),
                    \(receipts.map(\.receipt.stage.rawValue)), \(receipts.map { milliseconds($0.receipt.at) }),
                    \(receipts.map { $0.receipt.detail ?? "" }))
                    AS r(message_id, app_id, center_id, identifier, delivered_at, destination, channel, stage, at, detail)
                WHERE EXISTS (SELECT 1 FROM fenced f WHERE f.id = r.message_id)
                    AND EXISTS (SELECT 1 FROM centers c WHERE c.app_id = r.app_id AND c.id = r.center_id)),
            failing AS (
                UPDATE broadcasts b SET failed = b.failed + t.n
                FROM (
                    SELECT d.app_id, d.broadcast_id, count(*) AS n FROM deliveries d
                    WHERE d.id = ANY(\(receipts.filter { $0.receipt.stage.isFailure }.map(\.message))) AND d.broadcast_id IS NOT NULL
                        AND EXISTS (SELECT 1 FROM fenced f WHERE f.id = d.id)
                    GROUP BY d.app_id, d.broadcast_id) AS t
                WHERE b.app_id = t.app_id AND b.id = t.broadcast_id),
            answered AS (
                DELETE FROM endpoint_failures x USING unnest(\(answering.map(\.appID)), \(answering.map(\.url))) AS c(app_id, url)
                WHERE x.app_id = c.app_id AND x.url = c.url AND EXISTS (SELECT 1 FROM fenced f WHERE f.app_id = c.app_id AND f.url = c.url))
            SELECT id FROM fenced
            """
    }

    /// What an attempt's outcome does to its endpoint: an answer clears its failures; a failure starts
    /// them (or keeps their start) and disables the endpoint once failing since before the cutoff; 410
    /// disables it. Returns the endpoint's disabling, if this did it.
    private func recordOutcome(
        _ outcome: EndpointOutcome, of endpoint: WebhookEndpoint, at date: Date, _ connection: PostgresConnection
    ) async throws -> StoreChange? {
        let reason: EndpointState.Reason
        switch outcome {
        case .answered:
            try await connection.run(
                "DELETE FROM endpoint_failures WHERE app_id = \(endpoint.appID) AND url = \(endpoint.url)", self.logger)
            return nil
        case .failed(let cutoff):
            let since = try await connection.rows(
                """
                INSERT INTO endpoint_failures(app_id, url, since) VALUES (\(endpoint.appID), \(endpoint.url), \(Self.milliseconds(date)))
                ON CONFLICT (app_id, url) DO UPDATE SET since = endpoint_failures.since RETURNING since
                """, self.logger
            ).first?.get("since", as: Int64.self)
            guard let since, since <= Self.milliseconds(cutoff) else { return nil }
            reason = .failing
        case .gone:
            reason = .gone
        }
        let disabled = try await connection.rows(
            """
            INSERT INTO disabled_endpoints(app_id, url, disabled_at, reason)
            VALUES (\(endpoint.appID), \(endpoint.url), \(Self.milliseconds(date)), \(reason.rawValue))
            ON CONFLICT DO NOTHING RETURNING url
            """, self.logger)
        return disabled.isEmpty ? nil : .endpointDisabled(appID: endpoint.appID, url: endpoint.url, reason: reason)
    }

    package func deliveries(
        appID: String, filter: DeliveryFilter, after cursor: String?, limit: Int
    ) async throws -> Page<WebhookDeliveryRecord> {
        let status = filter.status?.rawValue
        let destination = filter.destination?.rawValue
        // The few that did not succeed have an index of their own: its condition repeated, so that the
        // planner may walk it instead of every message of the app.
        let unsuccessful =
            filter.status.map(WebhookDeliveryRecord.Status.unsuccessful.contains) == true
            ? "AND status IN \(WebhookDeliveryRecord.Status.unsuccessfulList)" : ""
        return try await read { connection in
            let rows = try await connection.rows(
                """
                SELECT * FROM deliveries WHERE app_id = \(appID) AND seq > \(cursor.flatMap { Int64($0) } ?? 0)
                AND (\(status)::text IS NULL OR status = \(status)) \(unescaped: unsuccessful)
                AND (\(destination)::text IS NULL OR destination = \(destination)) ORDER BY seq LIMIT \(limit + 1)
                """, self.logger)
            let items = try rows.prefix(limit).map(Self.delivery)
            let next: Int64? = rows.count > limit ? try rows[limit - 1].get("seq") : nil
            return Page(items: items, nextCursor: next.map(String.init))
        }
    }

    package func delivery(appID: String, id: String) async throws -> (WebhookDeliveryRecord, [DeliveryAttemptRecord])? {
        try await read { connection in
            guard let row = try await connection.rows("SELECT * FROM deliveries WHERE app_id = \(appID) AND id = \(id)", self.logger).first
            else {
                return nil
            }
            let seq: Int64 = try row.get("seq")
            let attempts = try await connection.rows(
                "SELECT * FROM delivery_attempts WHERE delivery_seq = \(seq) ORDER BY number", self.logger
            ).map { attempt in
                DeliveryAttemptRecord(
                    number: try attempt.get("number"), at: Self.date(try attempt.get("at")), statusCode: try attempt.get("status_code"),
                    error: try attempt.get("error"), durationMilliseconds: try attempt.get("duration_ms"),
                    providerMessageID: try attempt.get("provider_message_id"))
            }
            return (try Self.delivery(row), attempts)
        }
    }

    package func replayDelivery(appID: String, id: String, now: Date) async throws -> Bool {
        try await write { connection, changes in
            let updated = try await connection.rows(
                """
                UPDATE deliveries SET status = 'pending', failures = 0, next_attempt = \(Self.milliseconds(now)), due_on_wall_clock = NULL,
                claim_token = NULL, claimed_until = NULL WHERE app_id = \(appID) AND id = \(id) RETURNING seq
                """, self.logger)
            changes.announce(.outbox)
            return !updated.isEmpty
        }
    }

    package func enableEndpoint(appID: String, url: String) async throws -> Bool {
        try await write { connection, changes in
            let deleted = try await connection.rows(
                "DELETE FROM disabled_endpoints WHERE app_id = \(appID) AND url = \(url) RETURNING url", self.logger)
            try await connection.run("DELETE FROM endpoint_failures WHERE app_id = \(appID) AND url = \(url)", self.logger)
            changes.announce(.outbox)
            return !deleted.isEmpty
        }
    }

    package func endpointStates(appID: String) async throws -> [EndpointState] {
        try await read { connection in
            var states: [String: EndpointState] = [:]
            for row in try await connection.rows("SELECT url, since FROM endpoint_failures WHERE app_id = \(appID)", self.logger) {
                let url = try row.get("url", as: String.self)
                states[url, default: EndpointState(url: url)].failingSince = Self.date(try row.get("since"))
            }
            for row in try await connection.rows(
                "SELECT url, disabled_at, reason FROM disabled_endpoints WHERE app_id = \(appID)", self.logger)
            {
                let url = try row.get("url", as: String.self)
                states[url, default: EndpointState(url: url)].disabledAt = Self.date(try row.get("disabled_at"))
                states[url, default: EndpointState(url: url)].reason = EndpointState.Reason(rawValue: try row.get("reason")) ?? .gone
            }
            return states.values.sorted { $0.url < $1.url }
        }
    }

    private static func delivery(_ row: PostgresRandomAccessRow) throws -> WebhookDeliveryRecord {
        guard let type = WebhookEventType(rawValue: try row.get("type")),
            let status = WebhookDeliveryRecord.Status(rawValue: try row.get("status")),
            let destination = WebhookDeliveryRecord.Destination(rawValue: try row.get("destination"))
        else { throw StoreError(.notFound, "unknown delivery type, status or destination") }
        return WebhookDeliveryRecord(
            id: try row.get("id"), appID: try row.get("app_id"), url: try row.get("url"), type: type, payload: try row.get("payload"),
            status: status, attempts: try row.get("attempts"), failures: try row.get("failures"),
            nextAttempt: try row.get("next_attempt", as: Int64?.self).map(Self.date), createdAt: Self.date(try row.get("created_at")),
            claim: try row.get("claim_token"), traceparent: try row.get("traceparent", as: String?.self), destination: destination,
            subscriptionID: try row.get("subscription_id", as: String?.self),
            dueOnWallClock: try row.get("due_on_wall_clock", as: Int64?.self).map(Self.date))
    }
}
