import GRDB

extension SQLiteStore {
    /// v7: centers keyed by (app, id), so that every app has its own `phone-1`, and everything keyed by a
    /// center keyed by both; the event history; fencing tokens on claims; media holds as rows instead of
    /// trigger-kept counts. Existing data is carried over: a center keeps its id under its app, its
    /// requests, notifications, tokens, held push, media holds and pending count.
    static func migrateToAppScopedCenters(_ db: Database) throws {
        // The earlier triggers kept business rules that a second store would have had to copy; the store
        // code keeps them now.
        for trigger in [
            "pending_counted", "pending_uncounted", "pending_media_held", "pending_media_changed", "pending_media_released",
            "delivered_media_held", "delivered_media_changed", "delivered_media_released", "media_unheld", "media_deleted",
            "push_token_rotated", "push_token_deleted",
        ] {
            try db.execute(sql: "DROP TRIGGER IF EXISTS \(trigger)")
        }
        try db.execute(
            sql: """
                CREATE TABLE new_centers (
                    app_id TEXT NOT NULL,
                    id TEXT NOT NULL,
                    settings BLOB NOT NULL,
                    state BLOB NOT NULL,
                    badge INTEGER NOT NULL DEFAULT 0,
                    prompt BLOB,
                    created_at INTEGER NOT NULL,
                    push_token TEXT NOT NULL,
                    -- Pending requests (pushes passing through not counted), kept by the store's writes.
                    pending_count INTEGER NOT NULL DEFAULT 0,
                    -- The sequence of the center's newest event; delivered notifications are ordered by theirs.
                    event_seq INTEGER NOT NULL DEFAULT 0,
                    PRIMARY KEY (app_id, id)
                ) WITHOUT ROWID;
                INSERT INTO new_centers
                    SELECT c.app_id, c.id, c.settings, c.state, c.badge, c.prompt, c.created_at, c.push_token,
                        (SELECT COUNT(*) FROM pending p WHERE p.center_id = c.id AND p.trigger_kind IS NOT 'push'),
                        COALESCE((SELECT MAX(d.seq) FROM delivered d WHERE d.center_id = c.id), 0)
                    FROM centers c;

                CREATE TABLE new_pending (
                    app_id TEXT NOT NULL,
                    center_id TEXT NOT NULL,
                    identifier TEXT NOT NULL,
                    request BLOB NOT NULL,
                    trigger_kind TEXT,
                    added_at INTEGER NOT NULL,
                    next_fire INTEGER,
                    revision INTEGER NOT NULL,
                    claim_token INTEGER,
                    claimed_until INTEGER,
                    PRIMARY KEY (app_id, center_id, identifier),
                    FOREIGN KEY (app_id, center_id) REFERENCES centers(app_id, id) ON DELETE CASCADE
                ) WITHOUT ROWID;
                INSERT INTO new_pending
                    SELECT c.app_id, p.center_id, p.identifier, p.request, p.trigger_kind, p.added_at, p.next_fire, p.revision, NULL, NULL
                    FROM pending p JOIN centers c ON c.id = p.center_id;

                CREATE TABLE new_delivered (
                    app_id TEXT NOT NULL,
                    center_id TEXT NOT NULL,
                    identifier TEXT NOT NULL,
                    delivered_at INTEGER NOT NULL,
                    request BLOB NOT NULL,
                    presentation BLOB NOT NULL,
                    seq INTEGER NOT NULL,
                    PRIMARY KEY (app_id, center_id, identifier),
                    FOREIGN KEY (app_id, center_id) REFERENCES centers(app_id, id) ON DELETE CASCADE
                ) WITHOUT ROWID;
                INSERT INTO new_delivered
                    SELECT c.app_id, d.center_id, d.identifier, d.delivered_at, d.request, d.presentation, d.seq
                    FROM delivered d JOIN centers c ON c.id = d.center_id;

                CREATE TABLE media_holds (
                    app_id TEXT NOT NULL,
                    center_id TEXT NOT NULL,
                    holder TEXT NOT NULL,
                    identifier TEXT NOT NULL,
                    media_id TEXT NOT NULL,
                    PRIMARY KEY (app_id, center_id, holder, identifier, media_id),
                    FOREIGN KEY (app_id, center_id) REFERENCES centers(app_id, id) ON DELETE CASCADE
                ) WITHOUT ROWID;
                INSERT INTO media_holds
                    SELECT c.app_id, p.center_id, 'pending', p.identifier, j.value
                    FROM pending p JOIN centers c ON c.id = p.center_id, json_each(p.media) j WHERE p.media IS NOT NULL;
                INSERT OR IGNORE INTO media_holds
                    SELECT c.app_id, d.center_id, 'delivered', d.identifier, j.value
                    FROM delivered d JOIN centers c ON c.id = d.center_id, json_each(d.media) j WHERE d.media IS NOT NULL;

                CREATE TABLE new_credentials (
                    id TEXT PRIMARY KEY NOT NULL,
                    kind TEXT NOT NULL,
                    app_id TEXT NOT NULL,
                    center_id TEXT,
                    secret_hash BLOB NOT NULL,
                    created_at INTEGER NOT NULL,
                    FOREIGN KEY (app_id, center_id) REFERENCES centers(app_id, id) ON DELETE CASCADE
                );
                INSERT INTO new_credentials SELECT id, kind, app_id, center_id, secret_hash, created_at FROM credentials;

                CREATE TABLE new_held_pushes (
                    app_id TEXT NOT NULL,
                    center_id TEXT NOT NULL,
                    apns_id TEXT NOT NULL,
                    request BLOB NOT NULL,
                    background INTEGER NOT NULL,
                    received_at INTEGER NOT NULL,
                    expires_at INTEGER NOT NULL,
                    PRIMARY KEY (app_id, center_id),
                    FOREIGN KEY (app_id, center_id) REFERENCES centers(app_id, id) ON DELETE CASCADE
                ) WITHOUT ROWID;
                INSERT INTO new_held_pushes
                    SELECT c.app_id, h.center_id, h.apns_id, h.request, h.background, h.received_at, h.expires_at
                    FROM held_pushes h JOIN centers c ON c.id = h.center_id;

                DROP TABLE pending;
                DROP TABLE delivered;
                DROP TABLE credentials;
                DROP TABLE held_pushes;
                DROP TABLE centers;
                DROP TABLE counters;
                ALTER TABLE new_centers RENAME TO centers;
                ALTER TABLE new_pending RENAME TO pending;
                ALTER TABLE new_delivered RENAME TO delivered;
                ALTER TABLE new_credentials RENAME TO credentials;
                ALTER TABLE new_held_pushes RENAME TO held_pushes;

                CREATE INDEX centers_by_app ON centers(app_id);
                CREATE UNIQUE INDEX centers_by_push_token ON centers(push_token);
                CREATE INDEX pending_due ON pending(next_fire) WHERE next_fire IS NOT NULL;
                CREATE INDEX pending_claimed ON pending(claimed_until) WHERE claimed_until IS NOT NULL;
                CREATE INDEX pending_by_location ON pending(app_id, center_id) WHERE trigger_kind = 'location';
                CREATE INDEX delivered_by_seq ON delivered(app_id, center_id, seq);
                CREATE INDEX media_holds_by_media ON media_holds(app_id, media_id);
                CREATE INDEX credentials_by_app ON credentials(app_id);
                CREATE INDEX credentials_by_center ON credentials(app_id, center_id);

                -- Attached media live while a hold exists; the count is no longer kept in the row.
                ALTER TABLE media DROP COLUMN holds;

                -- The users' event streams: each center's recent events, by a sequence kept on the center.
                CREATE TABLE events (
                    app_id TEXT NOT NULL,
                    center_id TEXT NOT NULL,
                    seq INTEGER NOT NULL,
                    name TEXT NOT NULL,
                    data BLOB NOT NULL,
                    created_at INTEGER NOT NULL,
                    PRIMARY KEY (app_id, center_id, seq),
                    FOREIGN KEY (app_id, center_id) REFERENCES centers(app_id, id) ON DELETE CASCADE
                ) WITHOUT ROWID;

                -- Outbox claims carry a fencing token, like the scheduler's.
                ALTER TABLE deliveries ADD COLUMN claim_token INTEGER;
                CREATE INDEX deliveries_claimed ON deliveries(claimed_until) WHERE claimed_until IS NOT NULL;

                -- The virtual clock, kept across restarts and shared by processes on one database.
                CREATE TABLE virtual_clock (
                    id INTEGER PRIMARY KEY CHECK (id = 1),
                    now INTEGER NOT NULL
                );
                """)
    }
}
