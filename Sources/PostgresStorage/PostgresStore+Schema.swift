import Foundation
import Logging
import PostgresNIO
import Storage

extension PostgresStore {
    /// The schema's versions, each a list of statements applied in one transaction, in order, once.
    /// The same shape as the SQLite store's current schema (dates as milliseconds, JSON as bytea), so
    /// that both stores share their SQL's logic.
    package static let migrations: [(version: Int, name: String, statements: [String])] = [
        (
            1, "the v7 schema of the SQLite store: app-scoped centers, events, fenced claims, the outbox, media",
            [
                """
                CREATE TABLE apps (
                    id text PRIMARY KEY, name text NOT NULL, authorization_policy text NOT NULL, created_at bigint NOT NULL)
                """,
                """
                CREATE TABLE centers (
                    app_id text NOT NULL, id text NOT NULL, settings bytea NOT NULL, state bytea NOT NULL, badge integer NOT NULL DEFAULT 0,
                    prompt bytea, created_at bigint NOT NULL, push_token text NOT NULL UNIQUE, pending_count integer NOT NULL DEFAULT 0,
                    event_seq bigint NOT NULL DEFAULT 0, PRIMARY KEY (app_id, id))
                """,
                "CREATE INDEX centers_by_app ON centers(app_id)",
                """
                CREATE TABLE categories (
                    app_id text NOT NULL, identifier text NOT NULL, position integer NOT NULL, body bytea NOT NULL,
                    PRIMARY KEY (app_id, identifier))
                """,
                """
                CREATE TABLE pending (
                    app_id text NOT NULL, center_id text NOT NULL, identifier text NOT NULL, request bytea NOT NULL, trigger_kind text,
                    added_at bigint NOT NULL, next_fire bigint, revision bigint NOT NULL, claim_token bigint, claimed_until bigint,
                    PRIMARY KEY (app_id, center_id, identifier),
                    FOREIGN KEY (app_id, center_id) REFERENCES centers(app_id, id) ON DELETE CASCADE)
                """,
                "CREATE INDEX pending_due ON pending(next_fire) WHERE next_fire IS NOT NULL",
                "CREATE INDEX pending_claimed ON pending(claimed_until) WHERE claimed_until IS NOT NULL",
                "CREATE INDEX pending_by_location ON pending(app_id, center_id) WHERE trigger_kind = 'location'",
                """
                CREATE TABLE delivered (
                    app_id text NOT NULL, center_id text NOT NULL, identifier text NOT NULL, delivered_at bigint NOT NULL,
                    request bytea NOT NULL, presentation bytea NOT NULL, seq bigint NOT NULL, PRIMARY KEY (app_id, center_id, identifier),
                    FOREIGN KEY (app_id, center_id) REFERENCES centers(app_id, id) ON DELETE CASCADE)
                """,
                "CREATE INDEX delivered_by_seq ON delivered(app_id, center_id, seq)",
                """
                CREATE TABLE credentials (
                    id text PRIMARY KEY, kind text NOT NULL, app_id text NOT NULL, center_id text, secret_hash bytea NOT NULL,
                    created_at bigint NOT NULL, FOREIGN KEY (app_id, center_id) REFERENCES centers(app_id, id) ON DELETE CASCADE)
                """,
                "CREATE INDEX credentials_by_app ON credentials(app_id)",
                "CREATE INDEX credentials_by_center ON credentials(app_id, center_id)",
                """
                CREATE TABLE held_pushes (
                    app_id text NOT NULL, center_id text NOT NULL, apns_id text NOT NULL, request bytea NOT NULL, background boolean NOT NULL,
                    received_at bigint NOT NULL, expires_at bigint NOT NULL, PRIMARY KEY (app_id, center_id),
                    FOREIGN KEY (app_id, center_id) REFERENCES centers(app_id, id) ON DELETE CASCADE)
                """,
                "CREATE TABLE retired_push_tokens (token text PRIMARY KEY, app_id text NOT NULL, retired_at bigint NOT NULL)",
                """
                CREATE TABLE events (
                    app_id text NOT NULL, center_id text NOT NULL, seq bigint NOT NULL, name text NOT NULL, data bytea NOT NULL,
                    created_at bigint NOT NULL, PRIMARY KEY (app_id, center_id, seq),
                    FOREIGN KEY (app_id, center_id) REFERENCES centers(app_id, id) ON DELETE CASCADE)
                """,
                """
                CREATE TABLE webhook_configurations (
                    app_id text PRIMARY KEY REFERENCES apps(id) ON DELETE CASCADE, configuration bytea NOT NULL)
                """,
                """
                CREATE TABLE disabled_endpoints (
                    app_id text NOT NULL REFERENCES apps(id) ON DELETE CASCADE, url text NOT NULL, disabled_at bigint NOT NULL,
                    PRIMARY KEY (app_id, url))
                """,
                """
                CREATE TABLE deliveries (
                    seq bigserial PRIMARY KEY, id text NOT NULL UNIQUE, app_id text NOT NULL REFERENCES apps(id) ON DELETE CASCADE,
                    url text NOT NULL, type text NOT NULL, payload bytea NOT NULL, status text NOT NULL, attempts integer NOT NULL,
                    failures integer NOT NULL, next_attempt bigint, claim_token bigint, claimed_until bigint, created_at bigint NOT NULL)
                """,
                "CREATE INDEX deliveries_due ON deliveries(next_attempt) WHERE status = 'pending'",
                "CREATE INDEX deliveries_by_app ON deliveries(app_id, seq)",
                "CREATE INDEX deliveries_claimed ON deliveries(claimed_until) WHERE claimed_until IS NOT NULL",
                """
                CREATE TABLE delivery_attempts (
                    delivery_seq bigint NOT NULL REFERENCES deliveries(seq) ON DELETE CASCADE, number integer NOT NULL, at bigint NOT NULL,
                    status_code integer, error text, duration_ms integer NOT NULL, PRIMARY KEY (delivery_seq, number))
                """,
                """
                CREATE TABLE string_tables (
                    app_id text NOT NULL REFERENCES apps(id) ON DELETE CASCADE, locale text NOT NULL, strings bytea NOT NULL,
                    PRIMARY KEY (app_id, locale))
                """,
                "CREATE TABLE default_locales (app_id text PRIMARY KEY REFERENCES apps(id) ON DELETE CASCADE, locale text NOT NULL)",
                """
                CREATE TABLE media (
                    id text PRIMARY KEY, app_id text NOT NULL REFERENCES apps(id) ON DELETE CASCADE, sha256 text NOT NULL,
                    uti text NOT NULL, mime_type text NOT NULL, size bigint NOT NULL, created_at bigint NOT NULL,
                    attached boolean NOT NULL DEFAULT false, UNIQUE (app_id, sha256))
                """,
                "CREATE INDEX media_by_sha ON media(sha256)",
                "CREATE INDEX media_staged ON media(created_at) WHERE NOT attached",
                """
                CREATE TABLE media_holds (
                    app_id text NOT NULL, center_id text NOT NULL, holder text NOT NULL, identifier text NOT NULL, media_id text NOT NULL,
                    PRIMARY KEY (app_id, center_id, holder, identifier, media_id),
                    FOREIGN KEY (app_id, center_id) REFERENCES centers(app_id, id) ON DELETE CASCADE)
                """,
                "CREATE INDEX media_holds_by_media ON media_holds(app_id, media_id)",
                "CREATE TABLE media_trash (sha256 text PRIMARY KEY)",
                // The bytes of every media file, in chunks, so that every replica serves every attachment.
                """
                CREATE TABLE media_chunks (
                    sha256 text NOT NULL, number integer NOT NULL, bytes bytea NOT NULL, PRIMARY KEY (sha256, number))
                """,
                "CREATE TABLE virtual_clock (id integer PRIMARY KEY CHECK (id = 1), now bigint NOT NULL)",
            ]
        ),
        (
            2, "the trace context of pending requests and outbox messages",
            [
                "ALTER TABLE pending ADD COLUMN traceparent text",
                "ALTER TABLE deliveries ADD COLUMN traceparent text",
            ]
        ),
        (
            3, "idempotency keys; indexes for the retention sweeps; failing endpoints",
            [
                """
                CREATE TABLE endpoint_failures (
                    app_id text NOT NULL REFERENCES apps(id) ON DELETE CASCADE, url text NOT NULL, since bigint NOT NULL,
                    PRIMARY KEY (app_id, url))
                """,
                "ALTER TABLE disabled_endpoints ADD COLUMN reason text NOT NULL DEFAULT 'gone'",
                "CREATE INDEX deliveries_finished ON deliveries(created_at) WHERE status <> 'pending'",
                "CREATE INDEX events_by_age ON events(created_at)",
                "CREATE INDEX retired_push_tokens_by_age ON retired_push_tokens(retired_at)",
                """
                CREATE TABLE idempotency_keys (
                    scope text NOT NULL, key text NOT NULL, fingerprint bytea NOT NULL, created_at bigint NOT NULL, status integer,
                    headers bytea, body bytea, PRIMARY KEY (scope, key))
                """,
                "CREATE INDEX idempotency_keys_by_age ON idempotency_keys(created_at)",
            ]
        ),
        (
            4, "the outbox by endpoint, for claims that skip a full endpoint's backlog",
            ["CREATE INDEX deliveries_by_endpoint ON deliveries(app_id, url, next_attempt, seq) WHERE status = 'pending'"]
        ),
        (
            5, "adds in one round trip, several at once: upsert_pending",
            [
                // `PostgresStore.upsertPending` for a batch of adds, as one statement that is its own
                // transaction: one round trip and one commit for the batch instead of eight round trips and a
                // commit per add, and plans PL/pgSQL keeps per connection instead of a parse and a plan per
                // statement. A volatile function reads with a new snapshot per statement, so once a center's
                // lock is taken it sees the pending row another add just committed, as separate statements did.
                // The arrays hold one element per add (`p_media`: its attachments' ids, newline-separated;
                // array elements are never null: '' stands for no trigger kind or trace context, the least
                // bigint for no next fire date);
                // one row per add, in order: 'added' or 'replaced', or why it was not written: 'center' (no
                // such center), 'limit' (the center's pending list is full), 'media' with the first missing
                // attachment's id.
                """
                CREATE FUNCTION upsert_pending(
                    p_apps text[], p_centers text[], p_identifiers text[], p_requests bytea[], p_kinds text[], p_added bigint[],
                    p_next bigint[], p_revisions bigint[], p_traceparents text[], p_media text[], p_limits bigint[], p_channel text,
                    p_payloads text[])
                RETURNS TABLE (outcome text, missing text)
                LANGUAGE plpgsql AS $$
                DECLARE
                    v_count bigint;
                    v_previous text;
                    v_existed boolean;
                    v_counted boolean;
                    v_counted_before boolean;
                    v_media text[];
                    v_kind text;
                BEGIN
                    FOR i IN 1 .. coalesce(cardinality(p_apps), 0) LOOP
                        outcome := NULL;
                        missing := NULL;
                        v_kind := nullif(p_kinds[i], '');
                        v_counted := v_kind IS DISTINCT FROM 'push';
                        v_media := string_to_array(p_media[i], E'\\n');
                        SELECT pending_count INTO v_count FROM centers WHERE app_id = p_apps[i] AND id = p_centers[i] FOR UPDATE;
                        IF NOT FOUND THEN
                            outcome := 'center';
                            RETURN NEXT;
                            CONTINUE;
                        END IF;
                        SELECT trigger_kind INTO v_previous FROM pending
                        WHERE app_id = p_apps[i] AND center_id = p_centers[i] AND identifier = p_identifiers[i];
                        v_existed := FOUND;
                        v_counted_before := v_existed AND v_previous IS DISTINCT FROM 'push';
                        IF v_counted AND NOT v_counted_before AND v_count >= p_limits[i] THEN
                            outcome := 'limit';
                            RETURN NEXT;
                            CONTINUE;
                        END IF;
                        SELECT m INTO missing FROM unnest(v_media) AS m
                        WHERE NOT EXISTS (SELECT 1 FROM media WHERE app_id = p_apps[i] AND id = m) ORDER BY m COLLATE "C" LIMIT 1;
                        IF missing IS NOT NULL THEN
                            outcome := 'media';
                            RETURN NEXT;
                            CONTINUE;
                        END IF;
                        INSERT INTO pending(
                            app_id, center_id, identifier, request, trigger_kind, added_at, next_fire, revision, claim_token,
                            claimed_until, traceparent)
                        VALUES (
                            p_apps[i], p_centers[i], p_identifiers[i], p_requests[i], v_kind, p_added[i],
                            nullif(p_next[i], -9223372036854775808), p_revisions[i], NULL, NULL, nullif(p_traceparents[i], ''))
                        ON CONFLICT (app_id, center_id, identifier) DO UPDATE SET
                            request = excluded.request, trigger_kind = excluded.trigger_kind, added_at = excluded.added_at,
                            next_fire = excluded.next_fire, revision = excluded.revision, claim_token = NULL, claimed_until = NULL,
                            traceparent = excluded.traceparent;
                        IF v_counted <> v_counted_before THEN
                            UPDATE centers SET pending_count = pending_count + CASE WHEN v_counted THEN 1 ELSE -1 END
                            WHERE app_id = p_apps[i] AND id = p_centers[i];
                        END IF;
                        DELETE FROM media_holds
                        WHERE app_id = p_apps[i] AND center_id = p_centers[i] AND holder = 'pending' AND identifier = p_identifiers[i];
                        IF cardinality(v_media) > 0 THEN
                            INSERT INTO media_holds(app_id, center_id, holder, identifier, media_id)
                            SELECT p_apps[i], p_centers[i], 'pending', p_identifiers[i], m FROM unnest(v_media) AS m;
                            UPDATE media SET attached = true WHERE app_id = p_apps[i] AND id = ANY(v_media);
                        END IF;
                        outcome := CASE WHEN v_existed THEN 'replaced' ELSE 'added' END;
                        RETURN NEXT;
                    END LOOP;
                    PERFORM pg_notify(p_channel, payload) FROM unnest(p_payloads) AS payload;
                END
                $$
                """
            ]
        ),
        (
            6, "the due index holds unclaimed requests only, so that a claim does not pass those claimed ahead",
            [
                "DROP INDEX pending_due",
                "CREATE INDEX pending_due ON pending(next_fire) WHERE next_fire IS NOT NULL AND claimed_until IS NULL",
            ]
        ),
        (
            // Every message written, claimed (a claim's update is not HOT) or retried kept an entry in it, and
            // with stale statistics the planner chose it to scan every due message for one endpoint's claim.
            7, "no outbox index by due date alone (claims go endpoint by endpoint)",
            ["DROP INDEX deliveries_due"]
        ),
        (
            8, "Web Push: VAPID keys, browsers' push subscriptions, outbox messages to them",
            [
                """
                CREATE TABLE vapid_keys (
                    id text PRIMARY KEY, private_key bytea NOT NULL, is_primary boolean NOT NULL, created_at bigint NOT NULL)
                """,
                "CREATE UNIQUE INDEX vapid_keys_primary ON vapid_keys(is_primary) WHERE is_primary",
                """
                CREATE TABLE push_subscriptions (
                    id text PRIMARY KEY, app_id text NOT NULL, center_id text NOT NULL, endpoint text NOT NULL UNIQUE,
                    p256dh text NOT NULL, auth text NOT NULL, expiration_time bigint, vapid_key_id text NOT NULL,
                    created_at bigint NOT NULL,
                    FOREIGN KEY (app_id, center_id) REFERENCES centers(app_id, id) ON DELETE CASCADE)
                """,
                "CREATE INDEX push_subscriptions_by_center ON push_subscriptions(app_id, center_id, created_at)",
                "ALTER TABLE deliveries ADD COLUMN subscription_id text",
            ]
        ),
        (
            version: 9, name: "relays to APNs and FCM: apps' credentials, phones' registrations, providers' message ids",
            statements: [
                """
                CREATE TABLE relay_credentials (
                    app_id text NOT NULL REFERENCES apps(id) ON DELETE CASCADE, provider text NOT NULL, id text NOT NULL,
                    fingerprint text NOT NULL, material bytea NOT NULL, created_at bigint NOT NULL, PRIMARY KEY (app_id, provider))
                """,
                """
                CREATE TABLE device_registrations (
                    id text PRIMARY KEY, app_id text NOT NULL, center_id text NOT NULL, provider text NOT NULL, token text NOT NULL,
                    environment text, created_at bigint NOT NULL,
                    FOREIGN KEY (app_id, center_id) REFERENCES centers(app_id, id) ON DELETE CASCADE)
                """,
                "CREATE UNIQUE INDEX device_registrations_token ON device_registrations(app_id, provider, token)",
                "CREATE INDEX device_registrations_by_center ON device_registrations(app_id, center_id, created_at)",
                "ALTER TABLE delivery_attempts ADD COLUMN provider_message_id text",
            ]
        ),
        (
            10, "a push endpoint is unique within its app, not across apps",
            [
                "ALTER TABLE push_subscriptions DROP CONSTRAINT push_subscriptions_endpoint_key",
                "CREATE UNIQUE INDEX push_subscriptions_endpoint ON push_subscriptions(app_id, endpoint)",
            ]
        ),
        (
            11, "secrets sealed apart (webhook secrets), apps' token keys, once-only tokens used",
            [
                "ALTER TABLE webhook_configurations ADD COLUMN secrets bytea",
                """
                CREATE TABLE token_keys (
                    app_id text PRIMARY KEY REFERENCES apps(id) ON DELETE CASCADE, id text NOT NULL UNIQUE, secret bytea NOT NULL,
                    created_at bigint NOT NULL)
                """,
                "CREATE TABLE used_tokens (id text PRIMARY KEY, expires_at bigint NOT NULL)",
                "CREATE INDEX used_tokens_by_expiry ON used_tokens(expires_at)",
            ]
        ),
        (
            // Messages in flight keep going where their recipient said: a phone's registration, a browser's
            // subscription, or else the app's webhook.
            12, "an outbox message records where it goes (webhook, browser, phone)",
            [
                "ALTER TABLE deliveries ADD COLUMN destination text NOT NULL DEFAULT 'webhook'",
                """
                UPDATE deliveries SET destination = CASE WHEN starts_with(subscription_id, 'dev_') THEN 'phone' ELSE 'browser' END
                WHERE subscription_id IS NOT NULL
                """,
                "CREATE INDEX deliveries_by_destination ON deliveries(app_id, destination, seq)",
            ]
        ),
        (
            13, "a retry that comes in real time while the scheduler's clock is virtual",
            [
                "ALTER TABLE deliveries ADD COLUMN due_on_wall_clock bigint",
                """
                CREATE INDEX deliveries_due_on_wall_clock ON deliveries(due_on_wall_clock)
                WHERE status = 'pending' AND due_on_wall_clock IS NOT NULL
                """,
            ]
        ),
        (
            14, "receipts: what became of each delivery on its center and on each device",
            [
                """
                CREATE TABLE receipts (
                    id bigserial PRIMARY KEY, app_id text NOT NULL, center_id text NOT NULL, identifier text NOT NULL,
                    delivered_at bigint, destination text, channel text, stage text NOT NULL, at bigint NOT NULL, detail text,
                    scheduled_at bigint,
                    FOREIGN KEY (app_id, center_id) REFERENCES centers(app_id, id) ON DELETE CASCADE)
                """,
                "CREATE INDEX receipts_by_notification ON receipts(app_id, center_id, identifier)",
                "CREATE INDEX receipts_by_age ON receipts(at)",
            ]
        ),
        (
            15, "notifications held for a Scheduled Summary, until its date",
            [
                "ALTER TABLE delivered ADD COLUMN held_until bigint",
                "CREATE INDEX delivered_held ON delivered(held_until) WHERE held_until IS NOT NULL",
            ]
        ),
        (
            16, "topics, their subscriptions, broadcasts and their fan-out; centers by time zone",
            [
                "ALTER TABLE centers ADD COLUMN time_zone text NOT NULL DEFAULT 'UTC'",
                "UPDATE centers SET time_zone = COALESCE(convert_from(state, 'UTF8')::jsonb ->> 'timeZone', 'UTC')",
                // A chunk's members are a range of ids in C order, walked by these indexes whatever the
                // database's collation is.
                #"CREATE INDEX centers_by_zone ON centers(app_id, time_zone, id COLLATE "C")"#,
                #"CREATE INDEX centers_by_id ON centers(app_id, id COLLATE "C")"#,
                "ALTER TABLE deliveries ADD COLUMN broadcast_id text",
                """
                CREATE TABLE topics (
                    app_id text NOT NULL REFERENCES apps(id) ON DELETE CASCADE, id text NOT NULL, display_name text NOT NULL,
                    created_at bigint NOT NULL, PRIMARY KEY (app_id, id))
                """,
                """
                CREATE TABLE topic_subscriptions (
                    app_id text NOT NULL, topic_id text NOT NULL, center_id text NOT NULL, created_at bigint NOT NULL,
                    PRIMARY KEY (app_id, topic_id, center_id),
                    FOREIGN KEY (app_id, topic_id) REFERENCES topics(app_id, id) ON DELETE CASCADE,
                    FOREIGN KEY (app_id, center_id) REFERENCES centers(app_id, id) ON DELETE CASCADE)
                """,
                "CREATE INDEX topic_subscriptions_by_center ON topic_subscriptions(app_id, center_id)",
                #"CREATE INDEX topic_subscriptions_in_order ON topic_subscriptions(app_id, topic_id, center_id COLLATE "C")"#,
                """
                CREATE TABLE broadcasts (
                    seq bigserial PRIMARY KEY, app_id text NOT NULL REFERENCES apps(id) ON DELETE CASCADE, id text NOT NULL,
                    identifier text NOT NULL, request bytea NOT NULL, audience bytea NOT NULL, status text NOT NULL, created_at bigint NOT NULL,
                    next_fire bigint, completed_at bigint, targeted bigint NOT NULL DEFAULT 0, presented bigint NOT NULL DEFAULT 0,
                    quiet bigint NOT NULL DEFAULT 0, not_authorized bigint NOT NULL DEFAULT 0, failed bigint NOT NULL DEFAULT 0,
                    UNIQUE (app_id, id))
                """,
                "CREATE INDEX broadcasts_active ON broadcasts(app_id, identifier) WHERE status IN ('scheduled', 'firing')",
                "CREATE INDEX broadcasts_due ON broadcasts(next_fire) WHERE next_fire IS NOT NULL",
                """
                CREATE TABLE broadcast_chunks (
                    app_id text NOT NULL, broadcast_id text NOT NULL, zone text NOT NULL, after text NOT NULL, up_to text,
                    done boolean NOT NULL DEFAULT false, claim_token bigint NOT NULL DEFAULT 0, claimed_until bigint,
                    PRIMARY KEY (app_id, broadcast_id, zone, after),
                    FOREIGN KEY (app_id, broadcast_id) REFERENCES broadcasts(app_id, id) ON DELETE CASCADE)
                """,
                "CREATE INDEX broadcast_chunks_open ON broadcast_chunks(app_id, broadcast_id) WHERE NOT done",
                """
                CREATE TABLE broadcast_members (
                    app_id text NOT NULL, broadcast_id text NOT NULL, center_id text NOT NULL,
                    PRIMARY KEY (app_id, broadcast_id, center_id),
                    FOREIGN KEY (app_id, broadcast_id) REFERENCES broadcasts(app_id, id) ON DELETE CASCADE)
                """,
            ]
        ),
        (
            17, "a broadcast holds its media until its last member's firing",
            [
                """
                CREATE TABLE broadcast_media (
                    app_id text NOT NULL, broadcast_id text NOT NULL, media_id text NOT NULL,
                    PRIMARY KEY (app_id, broadcast_id, media_id),
                    FOREIGN KEY (app_id, broadcast_id) REFERENCES broadcasts(app_id, id) ON DELETE CASCADE)
                """,
                "CREATE INDEX broadcast_media_by_media ON broadcast_media(app_id, media_id)",
                // Active broadcasts made before hold the media their request names that is still there.
                """
                INSERT INTO broadcast_media
                    SELECT DISTINCT b.app_id, b.id, m.id
                    FROM broadcasts b, jsonb_array_elements(convert_from(b.request, 'UTF8')::jsonb -> 'content' -> 'attachments') a
                    JOIN media m ON m.id = a ->> 'mediaID'
                    WHERE m.app_id = b.app_id AND b.status IN ('scheduled', 'firing')
                """,
                "UPDATE media SET attached = true WHERE (app_id, id) IN (SELECT app_id, media_id FROM broadcast_media)",
            ]
        ),
        (
            18, "centers keep room on their pages for the firings' write-back",
            [
                // Every firing writes its center's sequence, count and badge back: a new version of the
                // whole row. With room left on the page the new version goes beside the old one and no
                // index changes (a heap-only update); on full pages each write-back also went into the
                // centers' five indexes. Pages written from now on are left 30 % free (VACUUM FULL applies
                // it to a table's older pages: docs/operations.md).
                "ALTER TABLE centers SET (fillfactor = 70)"
            ]
        ),
        (
            19, "a deleted topic is marked, and its subscriptions go in batches",
            [
                // A topic's deletion was one transaction with all its subscriptions; it now marks the topic
                // (every read, subscription and broadcast obeys the mark) and `purgeDeletedTopic` follows.
                "ALTER TABLE topics ADD COLUMN deleted_at bigint",
                "CREATE INDEX topics_deleted ON topics(deleted_at) WHERE deleted_at IS NOT NULL",
            ]
        ),
        (
            20, "a topic keeps its subscriber count, in 16 rows",
            [
                // A topic's count was a `COUNT(*)` of its subscriptions at every read (0.05–0.09 s a million,
                // for each topic of a listed page). Subscriptions, unsubscriptions and centers' deletions now
                // keep it, each in the row of the center's shard (`topicShard`): centers subscribing to one
                // topic at once, on any replica, do not all wait for one row.
                """
                CREATE TABLE topic_counts (
                    app_id text NOT NULL, topic_id text NOT NULL, shard smallint NOT NULL, subscribers bigint NOT NULL,
                    PRIMARY KEY (app_id, topic_id, shard),
                    FOREIGN KEY (app_id, topic_id) REFERENCES topics(app_id, id) ON DELETE CASCADE)
                """,
                """
                INSERT INTO topic_counts(app_id, topic_id, shard, subscribers)
                SELECT app_id, topic_id, \(PostgresStore.topicShard("center_id")), COUNT(*) FROM topic_subscriptions GROUP BY 1, 2, 3
                """,
            ]
        ),
        (
            21, "a deleted app is marked, and what it holds goes in batches",
            [
                // An app's deletion answered when all it held was gone; it now marks the app, which every read
                // obeys at once, and what it holds goes in batches after it (`purgeDeletedApp`).
                "ALTER TABLE apps ADD COLUMN deleted_at bigint",
                "CREATE INDEX apps_deleted ON apps(deleted_at) WHERE deleted_at IS NOT NULL",
            ]
        ),
        (
            22, "the messages that did not succeed, by app",
            [
                // A listing of the failed (aborted, expired) messages walked every message of the app; a partial
                // index holds those alone, entered when a message ends so (`WebhookDeliveryRecord.Status.unsuccessful`).
                "CREATE INDEX deliveries_unsuccessful ON deliveries(app_id, status, seq) WHERE status IN ('failed', 'aborted', 'expired')"
            ]
        ),
    ]

    /// A key no other use of advisory locks on the database is likely to take.
    static let migrationLock: Int64 = 0x756e_6f74_6966_7964  // "unotifyd"

    /// Applies the migrations not applied yet. Several replicas starting together apply each once: the
    /// first takes a session-level advisory lock, the others wait for it and then find nothing to do.
    ///
    /// On a connection of its own, closed however the migration ends: the session's lock ends with it.
    /// (On a pooled connection, a migration cut off by its deadline went back to the pool still holding
    /// the lock — the unlock of a cancelled call is not sent — and every later migration of the database
    /// waited for an idle connection for good: a test suite on a loaded machine stalled so.)
    ///
    /// `last`: the newest version to apply (tests make a database as an earlier version left it), within
    /// `deadline` (a start retries after it).
    package func migrate(upTo last: Int = .max, deadline: Duration = .seconds(120)) async throws {
        let configuration = configuration.ownConnection("usernotifyd migration")
        let logger = logger
        activity.note("migration", "connecting")
        let connection = try await PostgresConnection.connect(configuration: configuration, id: 0, logger: logger, within: .seconds(30))
        defer { activity.note("migration", "ended") }
        do {
            try await withDeadline(deadline, onExpiry: connection.closeNow) {
                self.activity.note("migration", "waiting for the migration lock")
                try await connection.run("SELECT pg_advisory_lock(\(Self.migrationLock))", logger)
                self.activity.note("migration", "applying")
                try await self.applyMigrations(connection, upTo: last)
                try await connection.run("SELECT pg_advisory_unlock(\(Self.migrationLock))", logger)
            }
        } catch {
            try? await connection.close()
            throw error
        }
        try? await connection.close()
    }

    private func applyMigrations(_ connection: PostgresConnection, upTo last: Int) async throws {
        try await connection.run(
            "CREATE TABLE IF NOT EXISTS schema_migrations (version integer PRIMARY KEY, name text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())",
            logger)
        let recorded = try await connection.rows("SELECT version, name FROM schema_migrations", logger).map {
            (version: try $0.get("version", as: Int.self), name: try $0.get("name", as: String.self))
        }
        let known = Self.migrations.last?.version ?? 0
        if let newest = recorded.max(by: { $0.version < $1.version }), newest.version > known {
            throw SchemaTooNew(found: newest.version, foundName: newest.name, known: known)
        }
        let applied = Set(recorded.map(\.version))
        for migration in Self.migrations where migration.version <= last && !applied.contains(migration.version) {
            try await connection.transaction(logger) {
                for statement in migration.statements { try await connection.run(PostgresQuery(unsafeSQL: statement), self.logger) }
                try await connection.run(
                    "INSERT INTO schema_migrations(version, name) VALUES (\(migration.version), \(migration.name))", self.logger)
            }
            logger.notice("database migrated", metadata: ["storage.migration": .stringConvertible(migration.version)])
        }
    }
}
