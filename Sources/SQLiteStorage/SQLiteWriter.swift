import GRDB
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The one way the store writes: a transaction on the pool's single writer connection, with the WAL
/// kept bounded.
///
/// Readers that hold an old snapshot keep a checkpoint from reaching the end of the WAL, and the WAL only
/// starts over from its beginning once a checkpoint has reached the end and no reader still uses it — so
/// under a sustained load of writes and reads a WAL checkpointed only passively grows without end. Two
/// limits bound it: past `soft` the background checkpointer (`SQLiteStore.runCheckpoints`) runs a
/// truncating checkpoint right after its passive one, when little is left to copy; past `hard` (the
/// checkpointer fell behind) the writer itself truncates the WAL before its next transaction.
final class SQLiteWriter: Sendable {
    let pool: DatabasePool
    let walPath: String
    let limits: SQLiteStore.WALLimits
    private let highWater = Atomic<Int>(0)

    init(pool: DatabasePool, path: String, limits: SQLiteStore.WALLimits) {
        self.pool = pool
        walPath = path + "-wal"
        self.limits = limits
    }

    /// Runs `updates` in one transaction (committed, with fsync, when this returns).
    func write<T: Sendable>(_ updates: @Sendable (Database) throws -> T) async throws -> T {
        try await SQLiteStore.translating { try await self.transaction(updates) }
    }

    private func transaction<T: Sendable>(_ updates: @Sendable (Database) throws -> T) async throws -> T {
        try await pool.writeWithoutTransaction { db in
            if self.walSize() > self.limits.hard {
                // Waits for readers on older snapshots (short reads), then empties the WAL.
                _ = try? db.checkpoint(.truncate)
            }
            var result: T?
            try db.inTransaction {
                result = try updates(db)
                return .commit
            }
            self.noteWALSize()
            return result!
        }
    }

    /// The WAL file's size now, in bytes (0 when there is none).
    func walSize() -> Int {
        var info = stat()
        return stat(walPath, &info) == 0 ? Int(info.st_size) : 0
    }

    /// The largest WAL seen after a commit since the store was opened.
    var walHighWater: Int { highWater.load(ordering: .relaxed) }

    private func noteWALSize() {
        let size = walSize()
        var current = highWater.load(ordering: .relaxed)
        while size > current {
            let (exchanged, original) = highWater.compareExchange(expected: current, desired: size, ordering: .relaxed)
            if exchanged { return }
            current = original
        }
    }
}
