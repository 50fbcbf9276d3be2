import Foundation
import GRDB
import NotificationCore
import Storage

/// The file's migrations, applied in order, each once. v1 to v6 are kept as they ran (a file from any
/// earlier version migrates forward); v7 reshapes the schema for app-scoped centers and moves every
/// business rule the earlier triggers kept (pending counts, media holds, retired push tokens) into
/// Swift, where the PostgreSQL store shares it.
extension SQLiteStore {
    /// Whether a newer binary migrated the file: the newest of the versions it has that `migrator` does not
    /// know (identifiers are `vN: what it does`).
    static func schemaTooNew(_ migrator: DatabaseMigrator, _ db: Database) throws -> SchemaTooNew? {
        guard try db.tableExists("grdb_migrations") else { return nil }
        func version(_ identifier: String) -> Int { Int(identifier.dropFirst().prefix { $0.isNumber }) ?? 0 }
        let known = Set(migrator.migrations)
        guard let newest = try migrator.appliedIdentifiers(db).filter({ !known.contains($0) }).max(by: { version($0) < version($1) })
        else { return nil }
        return SchemaTooNew(found: version(newest), foundName: newest, known: migrator.migrations.last.map(version) ?? 0)
    }

    package static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        /// A migration that is SQL alone.
        func sql(_ identifier: String, _ statements: String) {
            migrator.registerMigration(identifier) { db in try db.execute(sql: statements) }
        }
        sql(
            "v1: centers, categories, pending, delivered",
            """
            CREATE TABLE centers (
                id TEXT PRIMARY KEY NOT NULL,
                app_id TEXT NOT NULL,
                pending_count INTEGER NOT NULL DEFAULT 0,
                settings BLOB NOT NULL,
                state BLOB NOT NULL,
                badge INTEGER NOT NULL DEFAULT 0,
                prompt BLOB,
                created_at INTEGER NOT NULL
            );
            CREATE INDEX centers_by_app ON centers(app_id);
            CREATE TABLE categories (
                app_id TEXT NOT NULL,
                identifier TEXT NOT NULL,
                position INTEGER NOT NULL,
                body BLOB NOT NULL,
                PRIMARY KEY (app_id, identifier)
            ) WITHOUT ROWID;
            CREATE TABLE pending (
                center_id TEXT NOT NULL REFERENCES centers(id) ON DELETE CASCADE,
                identifier TEXT NOT NULL,
                request BLOB NOT NULL,
                trigger_kind TEXT,
                added_at INTEGER NOT NULL,
                next_fire INTEGER,
                claimed_until INTEGER,
                revision INTEGER NOT NULL,
                PRIMARY KEY (center_id, identifier)
            ) WITHOUT ROWID;
            CREATE INDEX pending_due ON pending(next_fire) WHERE next_fire IS NOT NULL;
            CREATE INDEX pending_claimed ON pending(claimed_until) WHERE claimed_until IS NOT NULL;
            CREATE INDEX pending_by_location ON pending(center_id) WHERE trigger_kind = 'location';
            CREATE TABLE delivered (
                center_id TEXT NOT NULL REFERENCES centers(id) ON DELETE CASCADE,
                identifier TEXT NOT NULL,
                delivered_at INTEGER NOT NULL,
                request BLOB NOT NULL,
                presentation BLOB NOT NULL,
                seq INTEGER NOT NULL,
                PRIMARY KEY (center_id, identifier)
            ) WITHOUT ROWID;
            CREATE INDEX delivered_by_seq ON delivered(center_id, seq);
            CREATE TABLE counters (name TEXT PRIMARY KEY NOT NULL, value INTEGER NOT NULL) WITHOUT ROWID;
            -- The pending limit is checked on every add: keep the count instead of counting.
            CREATE TRIGGER pending_counted AFTER INSERT ON pending BEGIN
                UPDATE centers SET pending_count = pending_count + 1 WHERE id = NEW.center_id;
            END;
            CREATE TRIGGER pending_uncounted AFTER DELETE ON pending BEGIN
                UPDATE centers SET pending_count = pending_count - 1 WHERE id = OLD.center_id;
            END;
            """)
        sql(
            "v2: apps and credentials",
            """
            CREATE TABLE apps (
                id TEXT PRIMARY KEY NOT NULL,
                name TEXT NOT NULL,
                authorization_policy TEXT NOT NULL,
                created_at INTEGER NOT NULL
            );
            CREATE TABLE credentials (
                id TEXT PRIMARY KEY NOT NULL,
                kind TEXT NOT NULL,
                app_id TEXT NOT NULL,
                center_id TEXT REFERENCES centers(id) ON DELETE CASCADE,
                secret_hash BLOB NOT NULL,
                created_at INTEGER NOT NULL
            );
            CREATE INDEX credentials_by_app ON credentials(app_id);
            """)
        migrator.registerMigration("v3: webhooks and the outbox") { db in try migrateWebhooks(db) }
        migrator.registerMigration("v4: string tables") { db in try migrateStringTables(db) }
        migrator.registerMigration("v5: media") { db in try migrateMedia(db) }
        migrator.registerMigration("v6: push tokens and held pushes") { db in try migratePush(db) }
        migrator.registerMigration("v7: app-scoped centers, event history, fenced claims, no triggers") { db in
            try migrateToAppScopedCenters(db)
        }
        migrator.registerMigration("v8: trace context of pending requests and outbox messages") { db in
            try db.execute(sql: "ALTER TABLE pending ADD COLUMN traceparent TEXT")
            try db.execute(sql: "ALTER TABLE deliveries ADD COLUMN traceparent TEXT")
        }
        sql(
            "v9: idempotency keys; indexes for the retention sweeps; failing endpoints",
            """
            CREATE TABLE idempotency_keys (
                scope TEXT NOT NULL,
                key TEXT NOT NULL,
                fingerprint BLOB NOT NULL,
                created_at INTEGER NOT NULL,
                status INTEGER,
                headers BLOB,
                body BLOB,
                PRIMARY KEY (scope, key)
            ) WITHOUT ROWID;
            CREATE INDEX idempotency_keys_by_age ON idempotency_keys(created_at);
            CREATE INDEX deliveries_finished ON deliveries(created_at) WHERE status <> 'pending';
            CREATE INDEX events_by_age ON events(created_at);
            CREATE INDEX retired_push_tokens_by_age ON retired_push_tokens(retired_at);
            CREATE TABLE endpoint_failures (
                app_id TEXT NOT NULL REFERENCES apps(id) ON DELETE CASCADE,
                url TEXT NOT NULL,
                since INTEGER NOT NULL,
                PRIMARY KEY (app_id, url)
            ) WITHOUT ROWID;
            ALTER TABLE disabled_endpoints ADD COLUMN reason TEXT NOT NULL DEFAULT 'gone';
            """)
        sql(
            "v10: the outbox by endpoint, for claims that skip a full endpoint's backlog",
            "CREATE INDEX deliveries_by_endpoint ON deliveries(app_id, url, next_attempt) WHERE status = 'pending'")
        sql(
            "v11: the due index holds unclaimed requests only, so that a claim does not pass those claimed ahead",
            """
            DROP INDEX pending_due;
            CREATE INDEX pending_due ON pending(next_fire) WHERE next_fire IS NOT NULL AND claimed_until IS NULL;
            """)
        sql("v12: no outbox index by due date alone (claims go endpoint by endpoint)", "DROP INDEX deliveries_due")
        migrator.registerMigration("v13: events and delivered notifications in write order, keyed by an index") { db in
            try migrateToAppendedRows(db)
        }
        sql(
            "v14: claims live in the owning process's memory; those left on disk had a holder that is gone",
            """
            UPDATE pending SET claim_token = NULL, claimed_until = NULL WHERE claimed_until IS NOT NULL;
            UPDATE deliveries SET claim_token = NULL, claimed_until = NULL WHERE claimed_until IS NOT NULL;
            """)
        sql(
            "v15: Web Push: VAPID keys, browsers' push subscriptions, outbox messages to them",
            """
            CREATE TABLE vapid_keys (
                id TEXT PRIMARY KEY NOT NULL,
                private_key BLOB NOT NULL,
                is_primary INTEGER NOT NULL,
                created_at INTEGER NOT NULL
            ) WITHOUT ROWID;
            CREATE UNIQUE INDEX vapid_keys_primary ON vapid_keys(is_primary) WHERE is_primary = 1;
            CREATE TABLE push_subscriptions (
                id TEXT PRIMARY KEY NOT NULL,
                app_id TEXT NOT NULL,
                center_id TEXT NOT NULL,
                endpoint TEXT NOT NULL UNIQUE,
                p256dh TEXT NOT NULL,
                auth TEXT NOT NULL,
                expiration_time INTEGER,
                vapid_key_id TEXT NOT NULL,
                created_at INTEGER NOT NULL,
                FOREIGN KEY (app_id, center_id) REFERENCES centers(app_id, id) ON DELETE CASCADE
            ) WITHOUT ROWID;
            CREATE INDEX push_subscriptions_by_center ON push_subscriptions(app_id, center_id, created_at);
            ALTER TABLE deliveries ADD COLUMN subscription_id TEXT;
            """)
        sql(
            "v16: relays to APNs and FCM: apps' credentials, phones' registrations, providers' message ids",
            """
            CREATE TABLE relay_credentials (
                app_id TEXT NOT NULL REFERENCES apps(id) ON DELETE CASCADE,
                provider TEXT NOT NULL,
                id TEXT NOT NULL,
                fingerprint TEXT NOT NULL,
                material BLOB NOT NULL,
                created_at INTEGER NOT NULL,
                PRIMARY KEY (app_id, provider)
            ) WITHOUT ROWID;
            CREATE TABLE device_registrations (
                id TEXT PRIMARY KEY NOT NULL,
                app_id TEXT NOT NULL,
                center_id TEXT NOT NULL,
                provider TEXT NOT NULL,
                token TEXT NOT NULL,
                environment TEXT,
                created_at INTEGER NOT NULL,
                FOREIGN KEY (app_id, center_id) REFERENCES centers(app_id, id) ON DELETE CASCADE
            ) WITHOUT ROWID;
            CREATE UNIQUE INDEX device_registrations_token ON device_registrations(app_id, provider, token);
            CREATE INDEX device_registrations_by_center ON device_registrations(app_id, center_id, created_at);
            ALTER TABLE delivery_attempts ADD COLUMN provider_message_id TEXT;
            """)
        sql(
            "v17: a push endpoint is unique within its app, not across apps",
            """
            CREATE TABLE new_push_subscriptions (
                id TEXT PRIMARY KEY NOT NULL,
                app_id TEXT NOT NULL,
                center_id TEXT NOT NULL,
                endpoint TEXT NOT NULL,
                p256dh TEXT NOT NULL,
                auth TEXT NOT NULL,
                expiration_time INTEGER,
                vapid_key_id TEXT NOT NULL,
                created_at INTEGER NOT NULL,
                FOREIGN KEY (app_id, center_id) REFERENCES centers(app_id, id) ON DELETE CASCADE
            ) WITHOUT ROWID;
            INSERT INTO new_push_subscriptions SELECT id, app_id, center_id, endpoint, p256dh, auth, expiration_time,
                vapid_key_id, created_at FROM push_subscriptions;
            DROP TABLE push_subscriptions;
            ALTER TABLE new_push_subscriptions RENAME TO push_subscriptions;
            CREATE UNIQUE INDEX push_subscriptions_endpoint ON push_subscriptions(app_id, endpoint);
            CREATE INDEX push_subscriptions_by_center ON push_subscriptions(app_id, center_id, created_at);
            """)
        sql(
            "v18: secrets sealed apart (webhook secrets), apps' token keys, once-only tokens used",
            """
            ALTER TABLE webhook_configurations ADD COLUMN secrets BLOB;
            CREATE TABLE token_keys (
                app_id TEXT PRIMARY KEY NOT NULL REFERENCES apps(id) ON DELETE CASCADE,
                id TEXT NOT NULL UNIQUE,
                secret BLOB NOT NULL,
                created_at INTEGER NOT NULL
            ) WITHOUT ROWID;
            CREATE TABLE used_tokens (
                id TEXT PRIMARY KEY NOT NULL,
                expires_at INTEGER NOT NULL
            ) WITHOUT ROWID;
            CREATE INDEX used_tokens_by_expiry ON used_tokens(expires_at);
            """)
        // Messages in flight keep going where their recipient said: a phone's registration, a
        // browser's subscription, or else the app's webhook.
        sql(
            "v19: an outbox message records where it goes (webhook, browser, phone)",
            """
            ALTER TABLE deliveries ADD COLUMN destination TEXT NOT NULL DEFAULT 'webhook';
            UPDATE deliveries SET destination = CASE WHEN substr(subscription_id, 1, 4) = 'dev_' THEN 'phone' ELSE 'browser' END
                WHERE subscription_id IS NOT NULL;
            CREATE INDEX deliveries_by_destination ON deliveries(app_id, destination, seq);
            """)
        sql(
            "v20: a retry that comes in real time while the scheduler's clock is virtual",
            """
            ALTER TABLE deliveries ADD COLUMN due_on_wall_clock INTEGER;
            CREATE INDEX deliveries_due_on_wall_clock ON deliveries(due_on_wall_clock)
                WHERE status = 'pending' AND due_on_wall_clock IS NOT NULL;
            """)
        sql(
            "v21: receipts: what became of each delivery on its center and on each device",
            """
            CREATE TABLE receipts (
                id INTEGER PRIMARY KEY,
                app_id TEXT NOT NULL,
                center_id TEXT NOT NULL,
                identifier TEXT NOT NULL,
                delivered_at INTEGER,
                destination TEXT,
                channel TEXT,
                stage TEXT NOT NULL,
                at INTEGER NOT NULL,
                detail TEXT,
                scheduled_at INTEGER,
                FOREIGN KEY (app_id, center_id) REFERENCES centers(app_id, id) ON DELETE CASCADE
            );
            CREATE INDEX receipts_by_notification ON receipts(app_id, center_id, identifier);
            CREATE INDEX receipts_by_age ON receipts(at);
            """)
        sql(
            "v22: notifications held for a Scheduled Summary, until its date",
            """
            ALTER TABLE delivered ADD COLUMN held_until INTEGER;
            CREATE INDEX delivered_held ON delivered(held_until) WHERE held_until IS NOT NULL;
            """)
        migrator.registerMigration("v23: topics, their subscriptions, broadcasts and their fan-out; centers by time zone") { db in
            try migrateBroadcasts(db)
        }
        // Active broadcasts made before hold the media their request names that is still there.
        sql(
            "v24: a broadcast holds its media until its last member's firing",
            """
            CREATE TABLE broadcast_media (
                app_id TEXT NOT NULL,
                broadcast_id TEXT NOT NULL,
                media_id TEXT NOT NULL,
                PRIMARY KEY (app_id, broadcast_id, media_id),
                FOREIGN KEY (app_id, broadcast_id) REFERENCES broadcasts(app_id, id) ON DELETE CASCADE
            ) WITHOUT ROWID;
            CREATE INDEX broadcast_media_by_media ON broadcast_media(app_id, media_id);
            INSERT OR IGNORE INTO broadcast_media
                SELECT b.app_id, b.id, m.id
                FROM broadcasts b, json_each(CAST(b.request AS TEXT), '$.content.attachments') a
                JOIN media m ON m.app_id = b.app_id AND m.id = json_extract(a.value, '$.mediaID')
                WHERE b.status IN ('scheduled', 'firing');
            UPDATE media SET attached = 1
                WHERE EXISTS (SELECT 1 FROM broadcast_media h WHERE h.app_id = media.app_id AND h.media_id = media.id);
            """)
        // A firing wrote its notification twice, as the delivered row and as the `presented` event: three
        // b-trees and the request's bytes again. A row fired from now on is its own event while it is in the
        // list (`event_at`); rows delivered before keep their events in `events`. The events' retention by
        // age applies to those rows too, through the horizon it moved last.
        sql(
            "v25: a delivered notification is its own presented event while it is in the list",
            """
            ALTER TABLE delivered ADD COLUMN event_at INTEGER;
            CREATE TABLE event_horizon (id INTEGER PRIMARY KEY CHECK (id = 1), before INTEGER NOT NULL);
            INSERT INTO event_horizon VALUES (1, 0);
            """)
        // A firing wrote a receipt row for its `fired` step too: three more b-trees. A row delivered from now
        // on holds that step (`fired_detail`, `scheduled_at`) while it is in the list, and writes it into
        // `receipts` when it goes or is replaced; rows delivered before have theirs in `receipts` already
        // (`fired_detail` NULL). The receipts' retention by age applies to the rows' steps through the
        // horizon it moved last.
        sql(
            "v26: a delivered notification holds its receipt's fired step while it is in the list",
            """
            ALTER TABLE delivered ADD COLUMN fired_detail TEXT;
            ALTER TABLE delivered ADD COLUMN scheduled_at INTEGER;
            CREATE TABLE receipt_horizon (id INTEGER PRIMARY KEY CHECK (id = 1), before INTEGER NOT NULL);
            INSERT INTO receipt_horizon VALUES (1, 0);
            """)
        // A topic's deletion was one transaction with all its subscriptions (a million: seconds of the one
        // writer). It now marks the topic deleted, which every read, subscription and broadcast obeys at
        // once, and its subscriptions go in batches after it (`purgeDeletedTopics`).
        sql(
            "v27: a deleted topic is marked, and its subscriptions go in batches",
            """
            ALTER TABLE topics ADD COLUMN deleted_at INTEGER;
            CREATE INDEX topics_deleted ON topics(deleted_at) WHERE deleted_at IS NOT NULL;
            """)
        // A topic's count was a `COUNT(*)` of its subscriptions at every read: 0.05–0.09 s a million, for
        // each topic of a listed page. Subscriptions, unsubscriptions and centers' deletions now keep it.
        sql(
            "v28: a topic keeps its subscriber count",
            """
            ALTER TABLE topics ADD COLUMN subscribers INTEGER NOT NULL DEFAULT 0;
            UPDATE topics SET subscribers = (
                SELECT COUNT(*) FROM topic_subscriptions s WHERE s.app_id = topics.app_id AND s.topic_id = topics.id);
            """)
        // An app's deletion answered when all it held was gone (a second or two per 10,000 centers); it now
        // marks the app, which every read obeys at once, and what it holds goes in batches after it.
        sql(
            "v29: a deleted app is marked, and what it holds goes in batches",
            """
            ALTER TABLE apps ADD COLUMN deleted_at INTEGER;
            CREATE INDEX apps_deleted ON apps(deleted_at) WHERE deleted_at IS NOT NULL;
            """)
        // A listing of the failed (aborted, expired) messages walked every message of the app, to find the
        // few among millions delivered. A partial index holds those alone: a message enters it only when it
        // ends so, never when it is written (`WebhookDeliveryRecord.Status.unsuccessful`, in this order).
        sql(
            "v30: the messages that did not succeed, by app",
            "CREATE INDEX deliveries_unsuccessful ON deliveries(app_id, status, seq) WHERE status IN ('failed', 'aborted', 'expired')")
        // Every outbox message was written to five b-trees (the table, `id`, the app's, the destination's,
        // the endpoint's), the most of any row a broadcast's fan-out writes for each member. The app's index
        // in order gave only the listing of every destination, which now merges each destination's walk;
        // a purge by app walks the destination's index, which begins with the app.
        sql("v31: no outbox index by app alone", "DROP INDEX deliveries_by_app")
        return migrator
    }

    /// v13: the event history and the delivered notifications as tables in the order their rows are
    /// written (rowid), reached by their keys through an index. Keyed by (app, center, …) themselves, each
    /// firing's rows landed between the rows of other centers, so a burst of firings across many centers
    /// dirtied a page of each table per center, every one of them written to the WAL at the commit and
    /// again by the checkpoint; appended, a batch's rows share pages, and only the narrow index entries
    /// land apart.
    static func migrateToAppendedRows(_ db: Database) throws {
        try db.execute(
            sql: """
                CREATE TABLE new_events (
                    id INTEGER PRIMARY KEY,
                    app_id TEXT NOT NULL,
                    center_id TEXT NOT NULL,
                    seq INTEGER NOT NULL,
                    name TEXT NOT NULL,
                    data BLOB NOT NULL,
                    created_at INTEGER NOT NULL,
                    FOREIGN KEY (app_id, center_id) REFERENCES centers(app_id, id) ON DELETE CASCADE
                );
                INSERT INTO new_events(app_id, center_id, seq, name, data, created_at)
                    SELECT app_id, center_id, seq, name, data, created_at FROM events ORDER BY created_at, app_id, center_id, seq;
                DROP TABLE events;
                ALTER TABLE new_events RENAME TO events;
                CREATE UNIQUE INDEX events_by_center ON events(app_id, center_id, seq);
                CREATE INDEX events_by_age ON events(created_at);

                CREATE TABLE new_delivered (
                    id INTEGER PRIMARY KEY,
                    app_id TEXT NOT NULL,
                    center_id TEXT NOT NULL,
                    identifier TEXT NOT NULL,
                    delivered_at INTEGER NOT NULL,
                    request BLOB NOT NULL,
                    presentation BLOB NOT NULL,
                    seq INTEGER NOT NULL,
                    FOREIGN KEY (app_id, center_id) REFERENCES centers(app_id, id) ON DELETE CASCADE
                );
                INSERT INTO new_delivered(app_id, center_id, identifier, delivered_at, request, presentation, seq)
                    SELECT app_id, center_id, identifier, delivered_at, request, presentation, seq FROM delivered ORDER BY delivered_at;
                DROP TABLE delivered;
                ALTER TABLE new_delivered RENAME TO delivered;
                CREATE UNIQUE INDEX delivered_by_key ON delivered(app_id, center_id, identifier);
                CREATE INDEX delivered_by_seq ON delivered(app_id, center_id, seq);
                """)
    }

    /// v3.
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

    /// v4.
    static func migrateStringTables(_ db: Database) throws {
        try db.execute(
            sql: """
                CREATE TABLE string_tables (
                    app_id TEXT NOT NULL REFERENCES apps(id) ON DELETE CASCADE,
                    locale TEXT NOT NULL,
                    strings BLOB NOT NULL,
                    PRIMARY KEY (app_id, locale)
                );
                CREATE TABLE default_locales (
                    app_id TEXT PRIMARY KEY NOT NULL REFERENCES apps(id) ON DELETE CASCADE,
                    locale TEXT NOT NULL
                );
                """)
    }

    /// v5.
    /// Media rows, their holds kept by triggers on `pending` and `delivered` (whose `media` column lists
    /// the media ids of the request's attachments): a row whose last hold goes is deleted, and its content
    /// address queued in `media_trash` until the file is removed.
    static func migrateMedia(_ db: Database) throws {
        var holders = ""
        for table in ["pending", "delivered"] {
            let ids = { (row: String) in "SELECT value FROM json_each(\(row).media)" }
            holders += """
                ALTER TABLE \(table) ADD COLUMN media TEXT;
                CREATE TRIGGER \(table)_media_held AFTER INSERT ON \(table) WHEN NEW.media IS NOT NULL BEGIN
                    UPDATE media SET holds = holds + 1, attached = 1 WHERE id IN (\(ids("NEW")));
                END;
                CREATE TRIGGER \(table)_media_changed AFTER UPDATE OF media ON \(table) BEGIN
                    UPDATE media SET holds = holds + 1, attached = 1 WHERE NEW.media IS NOT NULL AND id IN (\(ids("NEW")));
                    UPDATE media SET holds = holds - 1 WHERE OLD.media IS NOT NULL AND id IN (\(ids("OLD")));
                END;
                CREATE TRIGGER \(table)_media_released AFTER DELETE ON \(table) WHEN OLD.media IS NOT NULL BEGIN
                    UPDATE media SET holds = holds - 1 WHERE id IN (\(ids("OLD")));
                END;

                """
        }
        try db.execute(
            sql: """
                CREATE TABLE media (
                    id TEXT PRIMARY KEY NOT NULL,
                    app_id TEXT NOT NULL REFERENCES apps(id) ON DELETE CASCADE,
                    sha256 TEXT NOT NULL,
                    uti TEXT NOT NULL,
                    mime_type TEXT NOT NULL,
                    size INTEGER NOT NULL,
                    created_at INTEGER NOT NULL,
                    attached INTEGER NOT NULL DEFAULT 0,
                    holds INTEGER NOT NULL DEFAULT 0,
                    UNIQUE (app_id, sha256)
                );
                CREATE INDEX media_by_sha ON media(sha256);
                CREATE INDEX media_staged ON media(created_at) WHERE attached = 0;
                CREATE TABLE media_trash (sha256 TEXT PRIMARY KEY NOT NULL) WITHOUT ROWID;
                CREATE TRIGGER media_unheld AFTER UPDATE OF holds ON media WHEN NEW.holds <= 0 AND NEW.attached = 1 BEGIN
                    DELETE FROM media WHERE id = NEW.id;
                END;
                CREATE TRIGGER media_deleted AFTER DELETE ON media BEGIN
                    INSERT OR IGNORE INTO media_trash(sha256) VALUES (OLD.sha256);
                END;
                \(holders)
                """)
    }

    /// v6.
    /// Push tokens on centers; a token replaced or deleted with its center is kept as retired (with the
    /// time, APNs' `Unregistered` timestamp); one held push per offline center.
    static func migratePush(_ db: Database) throws {
        try db.execute(sql: "ALTER TABLE centers ADD COLUMN push_token TEXT")
        for id in try String.fetchAll(db, sql: "SELECT id FROM centers") {
            try db.execute(sql: "UPDATE centers SET push_token = ? WHERE id = ?", arguments: [CenterRecord.newPushToken(), id])
        }
        let now = "CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER)"
        try db.execute(
            sql: """
                CREATE UNIQUE INDEX centers_by_push_token ON centers(push_token);
                CREATE TABLE retired_push_tokens (
                    token TEXT PRIMARY KEY NOT NULL,
                    app_id TEXT NOT NULL,
                    retired_at INTEGER NOT NULL
                ) WITHOUT ROWID;
                CREATE TRIGGER push_token_rotated AFTER UPDATE OF push_token ON centers WHEN OLD.push_token IS NOT NEW.push_token BEGIN
                    INSERT OR REPLACE INTO retired_push_tokens(token, app_id, retired_at) VALUES (OLD.push_token, OLD.app_id, \(now));
                END;
                CREATE TRIGGER push_token_deleted AFTER DELETE ON centers BEGIN
                    INSERT OR REPLACE INTO retired_push_tokens(token, app_id, retired_at) VALUES (OLD.push_token, OLD.app_id, \(now));
                END;
                CREATE TABLE held_pushes (
                    center_id TEXT PRIMARY KEY NOT NULL REFERENCES centers(id) ON DELETE CASCADE,
                    apns_id TEXT NOT NULL,
                    request BLOB NOT NULL,
                    background INTEGER NOT NULL,
                    received_at INTEGER NOT NULL,
                    expires_at INTEGER NOT NULL
                );
                """)
    }

    /// v23.
    /// A center's time zone as a column of its own (a broadcast's zone is planned from it), filled from
    /// the state of every center there is; topics and subscriptions; broadcasts, the chunks of their
    /// fan-out, and the members each has reached.
    static func migrateBroadcasts(_ db: Database) throws {
        try db.execute(sql: "ALTER TABLE centers ADD COLUMN time_zone TEXT NOT NULL DEFAULT 'UTC'")
        let rows = try Row.fetchAll(db, sql: "SELECT app_id, id, state FROM centers")
        for row in rows {
            let state = try decodeShared(CenterState.self, row[2])
            try db.execute(
                sql: "UPDATE centers SET time_zone = ? WHERE app_id = ? AND id = ?",
                arguments: [state.timeZone, row[0] as String, row[1] as String])
        }
        try db.execute(
            sql: """
                CREATE INDEX centers_by_zone ON centers(app_id, time_zone, id);
                ALTER TABLE deliveries ADD COLUMN broadcast_id TEXT;
                CREATE TABLE topics (
                    app_id TEXT NOT NULL REFERENCES apps(id) ON DELETE CASCADE,
                    id TEXT NOT NULL,
                    display_name TEXT NOT NULL,
                    created_at INTEGER NOT NULL,
                    PRIMARY KEY (app_id, id)
                ) WITHOUT ROWID;
                CREATE TABLE topic_subscriptions (
                    app_id TEXT NOT NULL,
                    topic_id TEXT NOT NULL,
                    center_id TEXT NOT NULL,
                    created_at INTEGER NOT NULL,
                    PRIMARY KEY (app_id, topic_id, center_id),
                    FOREIGN KEY (app_id, topic_id) REFERENCES topics(app_id, id) ON DELETE CASCADE,
                    FOREIGN KEY (app_id, center_id) REFERENCES centers(app_id, id) ON DELETE CASCADE
                ) WITHOUT ROWID;
                CREATE INDEX topic_subscriptions_by_center ON topic_subscriptions(app_id, center_id);
                CREATE TABLE broadcasts (
                    seq INTEGER PRIMARY KEY,
                    app_id TEXT NOT NULL REFERENCES apps(id) ON DELETE CASCADE,
                    id TEXT NOT NULL,
                    identifier TEXT NOT NULL,
                    request BLOB NOT NULL,
                    audience BLOB NOT NULL,
                    status TEXT NOT NULL,
                    created_at INTEGER NOT NULL,
                    next_fire INTEGER,
                    completed_at INTEGER,
                    targeted INTEGER NOT NULL DEFAULT 0,
                    presented INTEGER NOT NULL DEFAULT 0,
                    quiet INTEGER NOT NULL DEFAULT 0,
                    not_authorized INTEGER NOT NULL DEFAULT 0,
                    failed INTEGER NOT NULL DEFAULT 0,
                    UNIQUE (app_id, id)
                );
                CREATE INDEX broadcasts_active ON broadcasts(app_id, identifier) WHERE status IN ('scheduled', 'firing');
                CREATE INDEX broadcasts_due ON broadcasts(next_fire) WHERE next_fire IS NOT NULL;
                CREATE TABLE broadcast_chunks (
                    app_id TEXT NOT NULL,
                    broadcast_id TEXT NOT NULL,
                    zone TEXT NOT NULL,
                    after TEXT NOT NULL,
                    up_to TEXT,
                    done INTEGER NOT NULL DEFAULT 0,
                    claim_token INTEGER NOT NULL DEFAULT 0,
                    claimed_until INTEGER,
                    PRIMARY KEY (app_id, broadcast_id, zone, after),
                    FOREIGN KEY (app_id, broadcast_id) REFERENCES broadcasts(app_id, id) ON DELETE CASCADE
                ) WITHOUT ROWID;
                CREATE INDEX broadcast_chunks_open ON broadcast_chunks(app_id, broadcast_id) WHERE done = 0;
                CREATE TABLE broadcast_members (
                    app_id TEXT NOT NULL,
                    broadcast_id TEXT NOT NULL,
                    center_id TEXT NOT NULL,
                    PRIMARY KEY (app_id, broadcast_id, center_id),
                    FOREIGN KEY (app_id, broadcast_id) REFERENCES broadcasts(app_id, id) ON DELETE CASCADE
                ) WITHOUT ROWID;
                """)
    }
}
