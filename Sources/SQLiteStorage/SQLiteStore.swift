import CSQLiteConfig
import Foundation
import GRDB
import NotificationCore
import Storage
import Synchronization

/// The embedded store: one SQLite file in WAL mode, through GRDB. Commits are synchronous (`FULL`), so
/// an acknowledged change survives a crash or a power cut (webhook attempt records skip the fsync: losing
/// one loses nothing, see `SQLiteWriter`). One process owns the file — the server holds
/// the data directory's lock (`DirectoryLock`) before it opens it — so claims live in its memory
/// (`ClaimTable`): a claim writes nothing, and a crash leaves nothing claimed on disk, so what a process
/// that died held fires (or is sent) as soon as the next one opens the file, without waiting for a lease.
/// The change feed is fed in-process after every commit.
package final class SQLiteStore: NotificationStore {
    /// How large the WAL may grow before checkpoints truncate it (see `SQLiteWriter`).
    package struct WALLimits: Sendable {
        /// Past this the background checkpointer makes the WAL start over (and truncates it once writes have
        /// paused).
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
    /// Seals the secrets the file keeps (`SealedColumn.all`).
    let secrets: SecretBox
    package let changes = ChangeFeed()
    /// The scheduler's claims on due requests, in memory (one process owns the file).
    let firingClaims = ClaimTable<PendingKey, PendingVersion>()
    /// The broadcast fan-out's claims on the chunks of its plans.
    let chunkClaims = ClaimTable<ChunkKey, Bool>()
    /// The outbox dispatcher's claims on messages (by id), with each message's endpoint and row.
    let outboxClaims = ClaimTable<String, OutboxClaim>()
    /// The centers that claims read ahead for their firings, and what each write changed since.
    let centerSnapshots = CenterSnapshots()
    /// A second connection that only checkpoints the WAL, so that the writer never stalls on it.
    private let checkpointer: DatabaseQueue
    private let checkpointRounds = Atomic<Int>(0)

    /// The page size of a new database file: 16 KB, where SQLite's default is 4 KB. A firing's rows and an
    /// outbox message are hundreds of bytes; with four times the rows a page, the b-trees are shallower and
    /// a batch's inserts and deletes touch, split and log fewer pages. The firing's statements through the
    /// C API alone ran 15–20 % faster (`Benchmarks/burst-ceiling.c`; 8 to 64 KB measured, 16 KB the
    /// fastest). A file made before keeps its 4 KB pages (docs/operations.md says how to convert it).
    static let pageSize = 16_384

    /// Opens (creating if needed) the database at `path` and runs the migrations. `secrets` seals what the
    /// file keeps secret (nothing is sealed without keys); `sealSecrets()` seals what was stored before.
    /// SQLite's settings for the whole process, made once, before the first store opens its file (they
    /// take effect only before SQLite's first use: the server opens nothing else before its store). No
    /// allocation statistics: with them, every allocation of every connection takes one global mutex, and
    /// a burst's writer and the claims read beside it contended for it (~10 % more firings a second
    /// without).
    private static let processSettings: Void = { _ = unfy_sqlite3_disable_memory_statistics() }()

    package convenience init(path: String, walLimits: WALLimits = WALLimits(), secrets: SecretBox = SecretBox()) throws {
        try self.init(path: path, walLimits: walLimits, secrets: secrets, readerStatements: nil)
    }

    /// `readerStatements` sees each statement a reader connection ran, as it ends (tests: to hold a reader
    /// at a point of its transaction).
    init(path: String, walLimits: WALLimits, secrets: SecretBox, readerStatements: (@Sendable (String) -> Void)?) throws {
        _ = Self.processSettings
        self.secrets = secrets
        var configuration = Configuration()
        configuration.busyMode = .timeout(10)
        configuration.prepareDatabase { db in
            guard db.configuration.readonly else {
                // Before GRDB turns WAL on, which writes the file's header: a new file gets the page size;
                // an existing one keeps its own (the pragma does nothing then).
                try db.execute(sql: "PRAGMA page_size = \(Self.pageSize)")
                return
            }
            if let readerStatements { db.trace(options: .profile) { readerStatements($0.expandedDescription) } }
        }
        let pool = try Self.opening(path) { try DatabasePool(path: path, configuration: configuration) }
        self.pool = pool
        let writer = SQLiteWriter(pool: pool, path: path, limits: walLimits)
        self.writer = writer
        // GRDB puts the WAL writer on synchronous=NORMAL, which survives a crash of the process but not
        // of the machine. Every commit must reach the disk before it is acknowledged: FULL, on the one
        // writer connection (the setting is per connection). When a checkpoint resets the WAL, a file past
        // the hard limit is cut back to it; below it the file is reused as it is (cutting it in a commit
        // would make that commit late: `runCheckpoints` truncates it once writes pause).
        try Self.opening(path) {
            try pool.writeWithoutTransaction { db in
                try db.execute(sql: "PRAGMA synchronous = FULL")
                try db.execute(sql: "PRAGMA journal_size_limit = \(walLimits.hard)")
                // Each write of a group commit runs in a savepoint, so SQLite keeps the first image of every
                // page it changes in a statement journal: a temporary file by default, which a burst's
                // firings wrote ~25 MB to (one 4 KB page and a header per page, a syscall each). In memory
                // it is a copy; a firing's batch holds a few megabytes of it until its commit.
                try db.execute(sql: "PRAGMA temp_store = MEMORY")
            }
            let migrator = Self.migrator
            if let newer = try pool.read({ db in try Self.schemaTooNew(migrator, db) }) { throw newer }
            try migrator.migrate(pool)
        }
        var checkpointConfiguration = Configuration()
        // A restarting or truncating checkpoint holds up writers while it waits for the writer's lock and
        // for readers: never for more than a few milliseconds (it gives up, and the next one tries again).
        checkpointConfiguration.busyMode = .timeout(0.005)
        checkpointConfiguration.journalMode = .wal
        checkpointer = try Self.translating { try DatabaseQueue(path: path, configuration: checkpointConfiguration) }
    }

    /// Moves the whole WAL into the database file now, so that the next commit starts it over (after a
    /// bulk import): `.truncate` empties the file as well, `.restart` keeps it for the commits to come.
    package func checkpoint(_ mode: Database.CheckpointMode = .truncate) async throws {
        try await checkpointer.writeWithoutTransaction { db in _ = try db.checkpoint(mode) }
    }

    /// Moves the WAL into the database file every `interval`, on the checkpointing connection, until
    /// cancelled: passively (writers go on), and past the soft limit with a restarting checkpoint right
    /// after, when little is left to copy, so that the next write starts the WAL over from its beginning.
    /// Under a steady stream of commits a passive checkpoint never catches up with the writer, so the WAL
    /// would never start over. A restart holds writers up only for the frames written since the passive
    /// checkpoint; truncating the file as well holds them for the cut (~10 ms for a large file) and makes
    /// every commit after it extend the file again until it has grown back, so the file is truncated
    /// only once writes have paused for `pause` (no commit seen in that time): a lull between bursts of
    /// work keeps it. While this runs the writer does not checkpoint on its own: a checkpoint in a commit
    /// would make that commit (and a firing waiting on it) late by tens of milliseconds.
    package func runCheckpoints(every interval: Duration = .milliseconds(250), pause: Duration = .seconds(5)) async {
        try? await pool.writeWithoutTransaction { db in try db.execute(sql: "PRAGMA wal_autocheckpoint = 0") }
        defer { try? pool.writeWithoutTransaction { db in try db.execute(sql: "PRAGMA wal_autocheckpoint = 1000") } }
        var lastCommits = writer.wal.commits
        // When a look first saw no commit since the one before (nil while commits come).
        var quietSince: ContinuousClock.Instant?
        while !Task.isCancelled {
            try? await Task.sleep(for: interval)
            let wal = writer.wal
            let commits = wal.commits
            let now = ContinuousClock.now
            quietSince = commits == lastCommits ? quietSince ?? now : nil
            lastCommits = commits
            let paused = quietSince.map { now - $0 >= pause } ?? false
            try? await checkpointer.writeWithoutTransaction { db in
                _ = try db.checkpoint(.passive)
                if wal.size() > wal.limits.soft { _ = try db.checkpoint(paused ? .truncate : .restart) }
            }
            checkpointRounds.add(1, ordering: .relaxed)
        }
    }

    /// Closes the database's connections now, not when the last reference to the store goes: that can be
    /// a commit queue's block, released on its own thread after the work it did was awaited, so the files
    /// could still be open after the server stopped. Called once nothing uses the store any more; a use
    /// after it fails (SQLite's misuse error).
    package func close() throws {
        try checkpointer.close()
        try pool.close()
    }

    /// How many rounds `runCheckpoints` has made (for tests).
    package var checkpointRoundCount: Int { checkpointRounds.load(ordering: .relaxed) }

    /// The largest the WAL file has been after a commit since the store was opened, in bytes.
    package var walHighWater: Int { writer.wal.highWaterMark }

    /// How many transactions committed since the store was opened (for tests).
    package var commitCount: Int { writer.wal.commits }

    /// The `synchronous` level (2 = FULL, 1 = NORMAL) a write commits with, read inside it: a write that
    /// may be lost (`durable` false) goes without the fsync, unless grouped with one that may not.
    package func synchronousLevel(durable: Bool = true) async throws -> Int {
        try await write(durable: durable) { db, _ in try Int.fetchOne(db, sql: "PRAGMA synchronous") ?? -1 }
    }

    // MARK: reading and writing

    /// Runs `body` on a reader; database errors become `StoreError`s where callers can act on them.
    func read<T: Sendable>(_ body: @Sendable (Database) throws -> T) async throws -> T {
        try await Self.translating { try await pool.read(body) }
    }

    /// The earliest date in a column of milliseconds (its rows without one left out): when the work it
    /// dates is next due.
    func earliest(_ column: String, in table: String) async throws -> Date? {
        let sql = "SELECT MIN(\(column)) FROM \(table) WHERE \(column) IS NOT NULL"
        return try await read { db in try Int64.fetchOne(db, sql: sql).map(Self.date) }
    }

    /// Runs `body` in one write transaction and, once it committed, announces what it recorded in its
    /// `ChangeSet` on the change feed (and to the centers read ahead, `CenterSnapshots`).
    /// `durable` false: a write whose loss to a power cut loses nothing, committed without the fsync (see
    /// `SQLiteWriter`).
    func write<T: Sendable>(durable: Bool = true, _ body: @escaping @Sendable (Database, inout ChangeSet) throws -> T) async throws -> T {
        let snapshots = centerSnapshots
        let (result, effects, stamp) = try await writer.write(durable: durable) { db in
            var effects = ChangeSet()
            let result = try body(db, &effects)
            return (result, effects, snapshots.stamp(effects))
        }
        snapshots.committed(stamp)
        changes.publish(effects)
        return result
    }

    /// `body`, with database errors translated.
    static func translating<T>(_ body: () async throws -> T) async throws -> T {
        do {
            return try await body()
        } catch let error as DatabaseError {
            throw StoreError.translated(error)
        }
    }

    /// `translating`, and what makes the file unusable until someone acts as `UnusableDatabase`.
    private static func opening<T>(_ path: String, _ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let error as DatabaseError {
            throw UnusableDatabase(path: path, error) ?? StoreError.translated(error)
        }
    }

    static func translating<T>(_ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let error as DatabaseError {
            throw StoreError.translated(error)
        }
    }
}

extension StoreError {
    /// A database error as the store's failure: constraint violations are conflicts, a busy or unreachable
    /// database is unavailable, a full disk is full; anything else stays as it is (a bug, a 500).
    static func translated(_ error: DatabaseError) -> any Error {
        switch error.resultCode {
        case .SQLITE_CONSTRAINT:
            if error.extendedResultCode == .SQLITE_CONSTRAINT_FOREIGNKEY { return StoreError(.notFound, error.message ?? "\(error)") }
            return StoreError.conflict(error.message ?? "\(error)")
        case .SQLITE_BUSY, .SQLITE_LOCKED, .SQLITE_IOERR, .SQLITE_CANTOPEN, .SQLITE_READONLY, .SQLITE_PROTOCOL:
            return StoreError.unavailable(error.message ?? "\(error)")
        case .SQLITE_FULL:
            return StoreError(.storageFull, error.message ?? "\(error)")
        default:
            return error
        }
    }
}

extension SQLiteStore: StoredForm {}
