import Foundation
import GRDB
import NotificationCore
import Storage

/// The embedded store: one SQLite file in WAL mode, through GRDB. Commits are synchronous (`FULL`), so
/// an acknowledged change survives a crash or a power cut.
package final class SQLiteStore: NotificationStore {
    /// How large the WAL may grow before checkpoints truncate it (see `SQLiteWriter`).
    package struct WALLimits: Sendable {
        /// Past this the background checkpointer truncates the WAL.
        package var soft: Int
        /// Past this the writer truncates it before its next transaction.
        package var hard: Int

        package init(soft: Int = 16 << 20, hard: Int = 64 << 20) {
            self.soft = soft
            self.hard = hard
        }
    }

    let pool: DatabasePool
    let writer: SQLiteWriter
    /// A second connection that only checkpoints the WAL, so that the writer never stalls on it.
    private let checkpointer: DatabaseQueue
    /// Concurrent adds share a transaction (and its fsync).
    let upserts: GroupCommit<SQLiteStore.Upsert, AddOutcome>
    /// Webhook attempts finished together are recorded together.
    let attempts: GroupCommit<SQLiteStore.AttemptRecord, Void>
    static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        encoder.dateEncodingStrategy = .millisecondsSince1970
        return encoder
    }()
    static let decoder: JSONDecoder = {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .millisecondsSince1970
        return decoder
    }()

    /// Opens (creating if needed) the database at `path` and runs the migrations.
    package init(path: String, walLimits: WALLimits = WALLimits()) throws {
        var configuration = Configuration()
        configuration.busyMode = .timeout(10)
        let pool = try DatabasePool(path: path, configuration: configuration)
        self.pool = pool
        let writer = SQLiteWriter(pool: pool, path: path, limits: walLimits)
        self.writer = writer
        upserts = GroupCommit { batch in try await Self.commit(batch, in: writer) }
        attempts = GroupCommit { batch in try await Self.commit(batch, in: writer) }
        // GRDB puts the WAL writer on synchronous=NORMAL, which survives a crash of the process but not
        // of the machine. Every commit must reach the disk before it is acknowledged: FULL, on the one
        // writer connection (the setting is per connection). When a checkpoint resets the WAL, the file
        // is cut back to the soft limit.
        try pool.writeWithoutTransaction { db in
            try db.execute(sql: "PRAGMA synchronous = FULL")
            try db.execute(sql: "PRAGMA journal_size_limit = \(walLimits.soft)")
        }
        try Self.migrator.migrate(pool)
        var checkpointConfiguration = Configuration()
        // A truncating checkpoint holds up writers while it waits for readers: never for long.
        checkpointConfiguration.busyMode = .timeout(0.25)
        checkpointConfiguration.journalMode = .wal
        checkpointer = try DatabaseQueue(path: path, configuration: checkpointConfiguration)
    }

    /// Moves the whole WAL into the database file now and empties it (after a bulk import).
    package func checkpoint() async throws {
        try await checkpointer.writeWithoutTransaction { db in _ = try db.checkpoint(.truncate) }
    }

    /// Moves the WAL into the database file every `interval`, on the checkpointing connection, until
    /// cancelled: passively (writers go on), and past the soft limit with a truncating checkpoint right
    /// after, when little is left to copy, so that the file shrinks again. While it runs the writer does
    /// not checkpoint on its own: a checkpoint in a commit would make that commit (and a firing waiting
    /// on it) late by tens of milliseconds.
    package func runCheckpoints(every interval: Duration = .milliseconds(250)) async {
        try? await pool.writeWithoutTransaction { db in try db.execute(sql: "PRAGMA wal_autocheckpoint = 0") }
        defer { try? pool.writeWithoutTransaction { db in try db.execute(sql: "PRAGMA wal_autocheckpoint = 1000") } }
        while !Task.isCancelled {
            try? await Task.sleep(for: interval)
            let writer = writer
            try? await checkpointer.writeWithoutTransaction { db in
                _ = try db.checkpoint(.passive)
                if writer.walSize() > writer.limits.soft { _ = try db.checkpoint(.truncate) }
            }
        }
    }

    /// The largest the WAL file has been after a commit since the store was opened, in bytes.
    package var walHighWater: Int { writer.walHighWater }

    /// The file's migrations, applied in order; each runs once.
    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1: centers, categories, pending, delivered") { db in
            try db.execute(
                sql: """
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
                    """
            )
        }
        migrator.registerMigration("v2: apps and credentials") { db in
            try db.execute(
                sql: """
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
                    """
            )
        }
        migrator.registerMigration("v3: webhooks and the outbox") { db in try migrateWebhooks(db) }
        migrator.registerMigration("v4: string tables") { db in try migrateStringTables(db) }
        migrator.registerMigration("v5: media") { db in try migrateMedia(db) }
        migrator.registerMigration("v6: push tokens and held pushes") { db in try migratePush(db) }
        return migrator
    }

    static func encode<T: Encodable>(_ value: T) throws -> Data { try encoder.encode(value) }
    static func decode<T: Decodable>(_ type: T.Type, _ data: Data) throws -> T { try decoder.decode(type, from: data) }
    static func milliseconds(_ date: Date) -> Int64 { Int64((date.timeIntervalSince1970 * 1000).rounded()) }
    static func date(_ milliseconds: Int64) -> Date { Date(timeIntervalSince1970: Double(milliseconds) / 1000) }

    /// The next value of a named counter (revisions, delivered order), inside the caller's transaction.
    static func next(_ counter: String, _ db: Database) throws -> Int64 {
        try Int64.fetchOne(
            try db.cachedStatement(
                sql: "INSERT INTO counters(name, value) VALUES (?, 1) ON CONFLICT(name) DO UPDATE SET value = value + 1 RETURNING value"),
            arguments: [counter]
        )!
    }

    /// The writer connection's `synchronous` level (2 = FULL).
    package func synchronousLevel() async throws -> Int {
        try await writer.write { db in try Int.fetchOne(db, sql: "PRAGMA synchronous") ?? -1 }
    }
}
