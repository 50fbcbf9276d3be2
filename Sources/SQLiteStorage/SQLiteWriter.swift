import GRDB
import Memberwise
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The one way the store writes: transactions on the pool's single writer connection, grouped, with the
/// WAL kept bounded.
///
/// Every write is group-committed: writes submitted while a transaction is committing wait for it and
/// then go together in the next one, each in its own savepoint, so that one write's error rolls back
/// only that write, and one fsync makes them all durable. A write alone is committed at once: grouping
/// adds no wait, only takes what queued meanwhile.
///
/// A write whose loss to a power cut loses nothing may skip the fsync: the WAL is one sequence of
/// commits, so the next synchronous commit makes it durable with everything before it. A webhook
/// attempt's record (the message goes again under its id) is such a write; claims write nothing (they
/// live in the owner's memory, `ClaimTable`). A batch is committed without the fsync only when every write in it allows it.
///
/// Readers that hold an old snapshot keep a checkpoint from reaching the end of the WAL, and the WAL only
/// starts over from its beginning once a checkpoint has reached the end and no reader still uses it — so
/// under a sustained load of writes and reads a WAL checkpointed only passively grows without end. Two
/// limits bound it: past `soft` the background checkpointer (`SQLiteStore.runCheckpoints`) runs a
/// restarting checkpoint right after its passive one, when little is left to copy; past `hard` (the
/// checkpointer fell behind) the writer itself truncates the WAL before its next transaction.
final class SQLiteWriter: Sendable {
    typealias Updates = @Sendable (Database) throws -> any Sendable

    /// A write and whether its commit must reach the disk before it is acknowledged.
    struct Submitted: Sendable {
        var updates: Updates
        var durable: Bool
    }

    let pool: DatabasePool
    let wal: WAL
    private let batches: GroupCommit<Submitted, any Sendable>

    init(pool: DatabasePool, path: String, limits: SQLiteStore.WALLimits) {
        self.pool = pool
        let wal = WAL(path: path + "-wal", limits: limits)
        self.wal = wal
        let synchronous = Synchronous()
        batches = GroupCommit(label: "usernotifyd.sqlite.writer") { batch in
            try Self.commit(batch, pool: pool, wal: wal, synchronous: synchronous)
        }
    }

    /// Runs `updates` in a transaction (committed, with fsync unless `durable` is false, when this
    /// returns), possibly together with other writes.
    func write<T: Sendable>(durable: Bool = true, _ updates: @escaping @Sendable (Database) throws -> T) async throws -> T {
        try await SQLiteStore.translating {
            try await self.batches.submit(Submitted(updates: { db in try updates(db) }, durable: durable)) as! T
        }
    }

    /// The writer connection's `synchronous` setting as last set: FULL (2) unless a batch of writes that
    /// need no fsync set NORMAL (1). Only the commit queue sets it.
    private final class Synchronous: Sendable {
        let level = Atomic<Int>(2)
    }

    /// One transaction for the batch; each write in a savepoint when there are several.
    private static func commit(
        _ batch: [Submitted], pool: DatabasePool, wal: WAL, synchronous: Synchronous
    ) throws -> [Result<any Sendable, any Error>] {
        try pool.writeWithoutTransaction { db in
            if wal.size() > wal.limits.hard {
                // Waits for readers on older snapshots (short reads), then empties the WAL.
                _ = try? db.checkpoint(.truncate)
            }
            // Set before each batch that needs another level than the last, so that a failure to set it
            // fails the batch rather than leaving a durable write without its fsync.
            let level = batch.contains(where: \.durable) ? 2 : 1
            if level != synchronous.level.load(ordering: .relaxed) {
                try db.cachedStatement(sql: level == 2 ? "PRAGMA synchronous = FULL" : "PRAGMA synchronous = NORMAL").execute()
                synchronous.level.store(level, ordering: .relaxed)
            }
            var results: [Result<any Sendable, any Error>] = []
            try transaction(db) {
                if batch.count == 1 {
                    results = [.success(try batch[0].updates(db))]
                    return
                }
                for submitted in batch {
                    do {
                        results.append(.success(try savepoint(db) { try submitted.updates(db) }))
                    } catch {
                        // An error SQLite ended the whole transaction for fails the whole batch: what
                        // came next must not run outside it.
                        guard db.isInsideTransaction else { throw error }
                        results.append(.failure(error))
                    }
                }
            }
            wal.noteCommit()
            return results
        }
    }

    // GRDB's `inTransaction` and `inSavepoint` compile their BEGIN, SAVEPOINT, RELEASE and COMMIT anew
    // each time (a few percent of the writer's time under a load of adds); these take them from the
    // connection's statement cache.

    /// `body` in one immediate transaction, committed unless it throws (then rolled back, if SQLite has
    /// not ended it already).
    private static func transaction(_ db: Database, _ body: () throws -> Void) throws {
        try db.cachedStatement(sql: "BEGIN IMMEDIATE TRANSACTION").execute()
        do {
            try body()
            try db.cachedStatement(sql: "COMMIT TRANSACTION").execute()
        } catch {
            if db.isInsideTransaction { try db.cachedStatement(sql: "ROLLBACK TRANSACTION").execute() }
            throw error
        }
    }

    /// `body` in a savepoint of the transaction: its changes are undone if it throws, and the
    /// transaction goes on (unless SQLite ended it).
    private static func savepoint<T>(_ db: Database, _ body: () throws -> T) throws -> T {
        try db.cachedStatement(sql: "SAVEPOINT write").execute()
        do {
            let result = try body()
            try db.cachedStatement(sql: "RELEASE SAVEPOINT write").execute()
            return result
        } catch {
            if db.isInsideTransaction {
                try db.cachedStatement(sql: "ROLLBACK TO SAVEPOINT write").execute()
                try db.cachedStatement(sql: "RELEASE SAVEPOINT write").execute()
            }
            throw error
        }
    }

    /// The WAL file: its size and the largest it was after a commit.
    @MemberwiseInit(.internal)
    final class WAL: Sendable {
        let path: String
        let limits: SQLiteStore.WALLimits
        private let highWater = Atomic<Int>(0)
        private let commitCount = Atomic<Int>(0)

        /// The WAL file's size now, in bytes (0 when there is none).
        func size() -> Int {
            var info = stat()
            return stat(path, &info) == 0 ? Int(info.st_size) : 0
        }

        /// The largest WAL seen after a commit since the store was opened.
        var highWaterMark: Int { highWater.load(ordering: .relaxed) }

        /// How many transactions committed since the store was opened.
        var commits: Int { commitCount.load(ordering: .relaxed) }

        /// Counts a commit and notes the WAL's size after it.
        func noteCommit() {
            commitCount.add(1, ordering: .relaxed)
            let size = size()
            var current = highWater.load(ordering: .relaxed)
            while size > current {
                let (exchanged, original) = highWater.compareExchange(expected: current, desired: size, ordering: .relaxed)
                if exchanged { return }
                current = original
            }
        }
    }
}
