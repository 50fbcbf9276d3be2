import Foundation
import GRDB
import Storage
import Webhooks

extension SQLiteStore: WebhookStore {
    /// The app's settings with their signing secrets, opened.
    package func webhookConfiguration(appID: String) async throws -> WebhookConfiguration? {
        let stored = try await read { db in
            try Row.fetchOne(
                db.cachedStatement(sql: "SELECT configuration, secrets FROM webhook_configurations WHERE app_id = ?"), arguments: [appID]
            ).map { (configuration: $0[0] as Data, secrets: $0[1] as Data?) }
        }
        guard let stored else { return nil }
        var configuration = try Self.decodeShared(WebhookConfiguration.self, stored.configuration)
        if let sealed = stored.secrets { configuration.secrets = try WebhookSecrets.open(sealed, appID: appID, secrets) }
        return configuration
    }

    /// The app's settings as a change's transaction needs them (where messages go, which events), without
    /// their secrets: those are sealed apart, and only the dispatcher, which signs, opens them.
    static func webhookSettings(appID: String, _ db: Database) throws -> WebhookConfiguration? {
        try Data.fetchOne(
            try db.cachedStatement(sql: "SELECT configuration FROM webhook_configurations WHERE app_id = ?"), arguments: [appID]
        ).map { try decodeShared(WebhookConfiguration.self, $0) }
    }

    package func setWebhookConfiguration(appID: String, _ configuration: WebhookConfiguration?) async throws {
        let stored = try configuration.map { try WebhookSecrets.split($0, appID: appID, secrets) }
        try await write { db, effects in
            if let stored {
                try db.execute(
                    sql: """
                        INSERT INTO webhook_configurations(app_id, configuration, secrets) VALUES (?, ?, ?)
                        ON CONFLICT(app_id) DO UPDATE SET configuration = excluded.configuration, secrets = excluded.secrets
                        """, arguments: [appID, stored.configuration, stored.sealedSecrets])
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

    static func insertDelivery(_ delivery: WebhookDeliveryRecord, _ db: Database) throws { try OutboxRows.insert(delivery, db) }

    /// Claims endpoint by endpoint: each endpoint with room gives its earliest due messages (an index
    /// seek, however long its backlog), and of those the earliest due are taken up to `limit`, so that no
    /// endpoint's backlog keeps another's messages from being claimed, and a full endpoint costs nothing.
    /// Claims live in memory (`ClaimTable`) and are read on a reader: no write, nothing the writer waits
    /// for; the held claims are read before the read transaction begins (an attempt's claim ends only after
    /// its record committed), and each endpoint's scan passes the messages this process holds of it.
    package func claimDueDeliveries(
        now: Date, limit: Int, perEndpoint: [WebhookEndpoint: Int], defaultPerEndpoint: Int, lease: Lease, orDueOnWallClock: Bool
    ) async throws -> [WebhookDeliveryRecord] {
        guard limit > 0 else { return [] }
        let now = Self.milliseconds(now)
        let leaseNow = Self.milliseconds(lease.now)
        let token = Self.newToken()
        let claims = outboxClaims
        let (held, heldPerEndpoint) = Self.heldMessages(claims, now: leaseNow)
        return try await read { db in
            // A retry due on the wall clock makes the scan filter the endpoint's messages rather than stop at
            // the first not due: only while the scheduler's clock is virtual.
            let due = try db.cachedStatement(
                sql: """
                    SELECT seq, next_attempt, id FROM deliveries INDEXED BY deliveries_by_endpoint
                    WHERE app_id = ? AND url = ? AND status = 'pending'
                    AND \(orDueOnWallClock ? "(next_attempt <= ? OR due_on_wall_clock <= ?)" : "next_attempt <= ?")
                    ORDER BY next_attempt, seq LIMIT ?
                    """)
            let dueBy: [any DatabaseValueConvertible] = orDueOnWallClock ? [now, leaseNow] : [now]
            var candidates: [(due: Int64, seq: Int64, id: String, endpoint: WebhookEndpoint)] = []
            for endpoint in try Self.activeEndpoints(db) {
                let room = min(limit, perEndpoint[endpoint] ?? defaultPerEndpoint)
                guard room > 0 else { continue }
                let rows = try Row.fetchCursor(
                    due, arguments: StatementArguments([endpoint.appID, endpoint.url] + dueBy + [room + (heldPerEndpoint[endpoint] ?? 0)]))
                var taken = 0
                while taken < room, let row = try rows.next() {
                    let id: String = row[2]
                    guard held[id] == nil else { continue }
                    candidates.append((row[1], row[0], id, endpoint))
                    taken += 1
                }
            }
            let chosen = candidates.sorted { ($0.due, $0.seq) < ($1.due, $1.seq) }.prefix(limit)
            guard !chosen.isEmpty else { return [] }
            claims.claim(
                chosen.map { ($0.id, OutboxClaim(endpoint: $0.endpoint, seq: $0.seq)) }, token: token,
                until: Self.milliseconds(lease.until),
                now: leaseNow)
            // One read for the whole claim: the messages as a JSON array, which SQLite makes a temporary
            // index of.
            let seqs = "[" + chosen.map { String($0.seq) }.joined(separator: ",") + "]"
            // Decoded from a cursor: each row read in place, not copied first.
            return try Array(
                Row.fetchCursor(
                    db.cachedStatement(
                        sql:
                            "SELECT \(Self.deliveryColumns) FROM deliveries WHERE seq IN (SELECT value FROM json_each(?)) ORDER BY next_attempt, seq"
                    ),
                    arguments: [seqs]
                ).map { row in
                    var delivery = try Self.delivery(row)
                    delivery.claim = token
                    return delivery
                })
        }
    }

    /// The endpoints with pending messages, less the disabled ones: a loose index scan, one seek per
    /// endpoint rather than a step per message.
    private static func activeEndpoints(_ db: Database) throws -> [WebhookEndpoint] {
        let disabled = Set(
            try Row.fetchAll(db.cachedStatement(sql: "SELECT app_id, url FROM disabled_endpoints")).map {
                WebhookEndpoint(appID: $0[0], url: $0[1])
            })
        // Two seeks per step: SQLite walks a row-value range `(app_id, url) > (?, ?)` entry by entry.
        let sameApp = try db.cachedStatement(
            sql: """
                SELECT app_id, url FROM deliveries INDEXED BY deliveries_by_endpoint
                WHERE status = 'pending' AND app_id = ? AND url > ? ORDER BY url LIMIT 1
                """)
        let nextApp = try db.cachedStatement(
            sql: """
                SELECT app_id, url FROM deliveries INDEXED BY deliveries_by_endpoint
                WHERE status = 'pending' AND app_id > ? ORDER BY app_id, url LIMIT 1
                """)
        var endpoints: [WebhookEndpoint] = []
        var row = try Row.fetchOne(nextApp, arguments: [""])
        while let found = row {
            let endpoint = WebhookEndpoint(appID: found[0], url: found[1])
            if !disabled.contains(endpoint) { endpoints.append(endpoint) }
            row =
                try Row.fetchOne(sameApp, arguments: [endpoint.appID, endpoint.url]) ?? Row.fetchOne(nextApp, arguments: [endpoint.appID])
        }
        return endpoints
    }

    package func outboxFigures(at now: Date) async throws -> OutboxFigures {
        try await read { db in
            let row = try Row.fetchOne(
                db,
                sql: """
                    SELECT (SELECT count(*) FROM deliveries WHERE status = 'pending'),
                           (SELECT min(next_attempt) FROM deliveries d WHERE status = 'pending' AND next_attempt <= ?
                            AND NOT EXISTS (SELECT 1 FROM disabled_endpoints x WHERE x.app_id = d.app_id AND x.url = d.url))
                    """, arguments: [Self.milliseconds(now)])
            let oldest: Int64? = row?[1]
            return OutboxFigures(depth: row?[0] ?? 0, oldestDue: oldest.map(Self.date))
        }
    }

    package func nextDueOnWallClock(after leaseNow: Date) async throws -> Date? {
        try await read { db in
            try Int64.fetchOne(
                db.cachedStatement(
                    sql: """
                        SELECT min(due_on_wall_clock) FROM deliveries INDEXED BY deliveries_due_on_wall_clock
                        WHERE status = 'pending' AND due_on_wall_clock IS NOT NULL AND due_on_wall_clock > ?
                        """), arguments: [Self.milliseconds(leaseNow)]
            ).map(Self.date)
        }
    }

    package func hasAttemptsInFlight(leaseNow: Date) async throws -> Bool {
        outboxClaims.anyLive(now: Self.milliseconds(leaseNow))
    }

    /// Each endpoint's earliest message this process does not hold: claims end with their attempts'
    /// records, and one process owns the file, so none is held by a process that died.
    package func nextDeliveryDate(excluding full: Set<WebhookEndpoint>, leaseNow: Date) async throws -> Date? {
        let (held, heldPerEndpoint) = Self.heldMessages(outboxClaims, now: Self.milliseconds(leaseNow))
        return try await read { db in
            let earliest = try db.cachedStatement(
                sql: """
                    SELECT MIN(next_attempt) FROM deliveries INDEXED BY deliveries_by_endpoint
                    WHERE app_id = ? AND url = ? AND status = 'pending' AND next_attempt IS NOT NULL
                    """)
            let inOrder = try db.cachedStatement(
                sql: """
                    SELECT next_attempt, id FROM deliveries INDEXED BY deliveries_by_endpoint
                    WHERE app_id = ? AND url = ? AND status = 'pending' AND next_attempt IS NOT NULL
                    ORDER BY next_attempt, seq LIMIT ?
                    """)
            var dates: [Int64] = []
            for endpoint in try Self.activeEndpoints(db) where !full.contains(endpoint) {
                guard let holding = heldPerEndpoint[endpoint] else {
                    if let due = try Int64.fetchOne(earliest, arguments: [endpoint.appID, endpoint.url]) { dates.append(due) }
                    continue
                }
                let rows = try Row.fetchCursor(inOrder, arguments: [endpoint.appID, endpoint.url, holding + 1])
                while let row = try rows.next() {
                    let id: String = row[1]
                    if held[id] == nil {
                        dates.append(row[0])
                        break
                    }
                }
            }
            return dates.min().map(Self.date)
        }
    }

    /// The messages this process holds at `now`, with their endpoints, and how many of each endpoint's.
    private static func heldMessages(_ claims: ClaimTable<String, OutboxClaim>, now: Int64) -> (
        ids: [String: OutboxClaim], perEndpoint: [WebhookEndpoint: Int]
    ) {
        let held = claims.held(now: now)
        return (held, Dictionary(held.values.map { ($0.endpoint, 1) }, uniquingKeysWith: +))
    }

    package func releaseDeliveries(_ deliveries: [WebhookDeliveryRecord]) async throws {
        guard !deliveries.isEmpty else { return }
        outboxClaims.release(deliveries.compactMap { delivery in delivery.claim.map { (delivery.id, $0) } })
        changes.publish([.outbox])
    }

    /// The attempts in one transaction (and attempts recorded meanwhile in the same commit, by the
    /// writer's group commit).
    package func recordAttempts(_ attempts: [RecordedAttempt]) async throws {
        guard !attempts.isEmpty else { return }
        // Without waiting for the disk (see `WebhookStore.recordAttempts`).
        let claims = outboxClaims
        try await write(durable: false) { db, effects in
            let recorded = try attempts.filter { try Self.recordState($0, claims, db) }
            for (endpoint, outcomes) in recorded.endpointOutcomes {
                for (outcome, at) in outcomes {
                    if let disabled = try Self.recordOutcome(outcome, of: endpoint, at: at, db) { effects.announce(disabled) }
                }
            }
        }
        // Committed: the attempts' claims end.
        claims.release(attempts.compactMap { attempt in attempt.delivery.claim.map { (attempt.delivery.id, $0) } })
    }

    /// Records an attempt and its message's new state, if the claim it was made under still holds the
    /// message (fenced: an attempt whose message was replayed, or claimed again after its lease ran out,
    /// records nothing) and the message is still there (its app not deleted meanwhile). The row is found
    /// by the `seq` its claim holds.
    private static func recordState(_ recorded: RecordedAttempt, _ claims: ClaimTable<String, OutboxClaim>, _ db: Database) throws
        -> Bool
    {
        let (attempt, delivery) = (recorded.attempt, recorded.delivery)
        guard let token = delivery.claim, let seq = claims.detail(of: delivery.id, token: token)?.seq else { return false }
        var update = try DirectStatement(
            db, sql: "UPDATE deliveries SET status = ?, attempts = ?, failures = ?, next_attempt = ?, due_on_wall_clock = ? WHERE seq = ?")
        update.bind(delivery.status.rawValue)
        update.bind(delivery.attempts)
        update.bind(delivery.failures)
        update.bind(delivery.nextAttempt.map(milliseconds))
        update.bind(delivery.dueOnWallClock.map(milliseconds))
        update.bind(seq)
        guard try update.execute(db) > 0 else { return false }
        var insert = try DirectStatement(
            db,
            sql: """
                INSERT INTO delivery_attempts(delivery_seq, number, at, status_code, error, duration_ms, provider_message_id)
                VALUES (?, ?, ?, ?, ?, ?, ?)
                ON CONFLICT(delivery_seq, number) DO NOTHING
                """)
        insert.bind(seq)
        insert.bind(attempt.number)
        insert.bind(milliseconds(attempt.at))
        insert.bind(attempt.statusCode)
        insert.bind(attempt.error)
        insert.bind(attempt.durationMilliseconds)
        insert.bind(attempt.providerMessageID)
        try insert.execute(db)
        if let receipt = recorded.receipt {
            try insertReceipt(receipt, unlessCenterGone: true, db)
            if receipt.stage.isFailure {
                try db.cachedStatement(
                    sql: """
                        UPDATE broadcasts SET failed = failed + 1
                        WHERE (app_id, id) IN (SELECT app_id, broadcast_id FROM deliveries WHERE seq = ? AND broadcast_id IS NOT NULL)
                        """
                ).execute(arguments: [seq])
            }
        }
        return true
    }

    /// What an attempt's outcome does to its endpoint: an answer clears its failures; a failure starts
    /// them (or keeps their start) and disables the endpoint once failing since before the cutoff; 410
    /// disables it. Returns the endpoint's disabling, if this did it.
    private static func recordOutcome(_ outcome: EndpointOutcome, of endpoint: WebhookEndpoint, at date: Date, _ db: Database) throws
        -> StoreChange?
    {
        let reason: EndpointState.Reason
        switch outcome {
        case .answered:
            try db.cachedStatement(sql: "DELETE FROM endpoint_failures WHERE app_id = ? AND url = ?").execute(arguments: [
                endpoint.appID, endpoint.url,
            ])
            return nil
        case .failed(let cutoff):
            try db.cachedStatement(sql: "INSERT INTO endpoint_failures(app_id, url, since) VALUES (?, ?, ?) ON CONFLICT DO NOTHING")
                .execute(arguments: [endpoint.appID, endpoint.url, milliseconds(date)])
            let since = try Int64.fetchOne(
                db.cachedStatement(sql: "SELECT since FROM endpoint_failures WHERE app_id = ? AND url = ?"),
                arguments: [endpoint.appID, endpoint.url])
            guard let since, since <= milliseconds(cutoff) else { return nil }
            reason = .failing
        case .gone:
            reason = .gone
        }
        try db.execute(
            sql: "INSERT INTO disabled_endpoints(app_id, url, disabled_at, reason) VALUES (?, ?, ?, ?) ON CONFLICT DO NOTHING",
            arguments: [endpoint.appID, endpoint.url, milliseconds(date), reason.rawValue])
        return db.changesCount > 0 ? .endpointDisabled(appID: endpoint.appID, url: endpoint.url, reason: reason) : nil
    }

    package func deliveries(
        appID: String, filter: DeliveryFilter, after cursor: String?, limit: Int
    ) async throws -> Page<WebhookDeliveryRecord> {
        try await read { db in
            // A destination and a status are conditions of their own, not `(:destination IS NULL OR …)`:
            // SQLite plans a statement before it knows its values, and only then walks an index of them
            // instead of every message of the app.
            var arguments: StatementArguments = ["app": appID, "after": cursor.flatMap { Int64($0) } ?? 0, "limit": limit + 1]
            var conditions = ""
            if let status = filter.status {
                conditions += " AND status = :status"
                arguments += ["status": status.rawValue]
            }
            if let destination = filter.destination {
                conditions += " AND destination = :destination"
                arguments += ["destination": destination.rawValue]
            }
            /// A page of one walk in order, from `source`, under `also` beside the app.
            func page(_ also: String, from source: String = "deliveries") -> String {
                "SELECT \(Self.deliveryColumns) FROM \(source) WHERE app_id = :app\(also) AND seq > :after ORDER BY seq LIMIT :limit"
            }
            let sql: String
            if let status = filter.status, WebhookDeliveryRecord.Status.unsuccessful.contains(status) {
                // The few that did not succeed, by their own index (a destination's would walk every
                // delivered message of it); its condition repeated, so that SQLite may use it.
                sql = page(
                    conditions + " AND status IN \(WebhookDeliveryRecord.Status.unsuccessfulList)",
                    from: "deliveries INDEXED BY deliveries_unsuccessful")
            } else if filter.destination != nil {
                sql = page(conditions)
            } else {
                // Every destination's page, merged: the app's messages have no index in order of their own
                // (v31: one b-tree fewer for each message a fan-out writes), and each walk stops at a page.
                sql =
                    WebhookDeliveryRecord.Destination.allCases.map {
                        "SELECT * FROM (\(page(" AND destination = '\($0.rawValue)'" + conditions)))"
                    }.joined(separator: " UNION ALL ") + " ORDER BY seq LIMIT :limit"
            }
            let rows = try Row.fetchAll(db, sql: sql, arguments: arguments)
            let items = try rows.prefix(limit).map(Self.delivery)
            let next = rows.count > limit ? rows[limit - 1][0] as Int64? : nil
            return Page(items: items, nextCursor: next.map(String.init))
        }
    }

    package func delivery(appID: String, id: String) async throws -> (WebhookDeliveryRecord, [DeliveryAttemptRecord])? {
        try await read { db in
            guard
                let row = try Row.fetchOne(
                    db, sql: "SELECT \(Self.deliveryColumns) FROM deliveries WHERE app_id = ? AND id = ?", arguments: [appID, id])
            else {
                return nil
            }
            let attempts = try Row.fetchAll(
                db, sql: "SELECT * FROM delivery_attempts WHERE delivery_seq = ? ORDER BY number", arguments: [row[0] as Int64]
            ).map { attempt in
                DeliveryAttemptRecord(
                    number: attempt["number"], at: Self.date(attempt["at"]), statusCode: attempt["status_code"], error: attempt["error"],
                    durationMilliseconds: attempt["duration_ms"], providerMessageID: attempt["provider_message_id"])
            }
            var delivery = try Self.delivery(row)
            delivery.claim = self.outboxClaims.token(of: id)
            return (delivery, attempts)
        }
    }

    package func replayDelivery(appID: String, id: String, now: Date) async throws -> Bool {
        let claims = outboxClaims
        return try await write { db, effects in
            try db.execute(
                sql:
                    "UPDATE deliveries SET status = 'pending', failures = 0, next_attempt = ?, due_on_wall_clock = NULL WHERE app_id = ? AND id = ?",
                arguments: [Self.milliseconds(now), appID, id])
            effects.announce(.outbox)
            guard db.changesCount > 0 else { return false }
            // An attempt under way records nothing (records are fenced in the writer, after this): the
            // message goes again on its fresh schedule.
            claims.drop(id)
            return true
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

    /// The columns `delivery(_:)` reads, in its order (read by position: a lookup by name compares
    /// every column's name, case-insensitively, and a claim reads a few hundred rows in the writer).
    static let deliveryColumns =
        "seq, id, app_id, url, type, payload, status, attempts, failures, next_attempt, created_at, claim_token, traceparent, subscription_id, destination, due_on_wall_clock"

    /// A message from a row of `deliveryColumns`.
    private static func delivery(_ row: Row) throws -> WebhookDeliveryRecord {
        guard let type = WebhookEventType(rawValue: row[4]), let status = WebhookDeliveryRecord.Status(rawValue: row[6]),
            let destination = WebhookDeliveryRecord.Destination(rawValue: row[14])
        else {
            throw DatabaseError(message: "unknown delivery type, status or destination in row \(row)")
        }
        let nextAttempt: Int64? = row[9]
        let dueOnWallClock: Int64? = row[15]
        return WebhookDeliveryRecord(
            id: row[1], appID: row[2], url: row[3], type: type, payload: row[5], status: status, attempts: row[7], failures: row[8],
            nextAttempt: nextAttempt.map(Self.date), createdAt: Self.date(row[10]), claim: row[11], traceparent: row[12],
            destination: destination, subscriptionID: row[13], dueOnWallClock: dueOnWallClock.map(Self.date))
    }
}
