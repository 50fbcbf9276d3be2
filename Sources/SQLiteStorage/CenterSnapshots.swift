import NotificationCore
import Storage
import Synchronization

/// Centers read ahead of the writer — a burst's batch when it is claimed, a broadcast chunk's members
/// when the chunk is — with their event sequences, and what every write changed since: a firing takes a
/// center as it was read ahead when no write changed it after that read began, and reads it again
/// otherwise. The writer then reads only the centers that changed, instead of every center it fires in.
///
/// Writes are numbered as the writer runs them (`stamp`, inside the transaction, with the centers its
/// `ChangeSet` names). A read ahead carries the number of the last write whose commit had returned before
/// the read began (`token`): its snapshot holds that write and every one before it. A center read ahead
/// is current for the writer when no write numbered after its token touched it. Every write names the
/// centers it changes (the caches rely on it: `CachingStore`); a commit on another connection to the
/// file (another store: tests; a tool) shows in the writer's `PRAGMA data_version` and counts as a change
/// of every center.
final class CenterSnapshots: Sendable {
    /// A center as read ahead, with its newest event's sequence and the read's token (a class: the table
    /// and its readers pass a reference, not the record's bytes).
    final class Snapshot: Sendable {
        let center: CenterRecord
        let sequence: Int64
        let token: UInt64

        init(center: CenterRecord, sequence: Int64, token: UInt64) {
            (self.center, self.sequence, self.token) = (center, sequence, token)
        }
    }

    private struct State {
        /// The last write numbered, and the last whose commit returned (every write before it committed:
        /// the writer commits in order).
        var stamped: UInt64 = 0
        var committed: UInt64 = 0
        /// The last write that touched each center, or each app as a whole, since `floor`.
        var touched: [CenterKey: UInt64] = [:]
        var apps: [String: UInt64] = [:]
        /// Every center counts as touched by this write: `touched` started over, or another connection
        /// committed.
        var floor: UInt64 = 0
        /// The writer connection's `data_version` when last looked at.
        var dataVersion: Int64?
        var ahead: [CenterKey: Snapshot] = [:]
    }

    private let state = Mutex(State())
    /// How many centers each table holds before it starts over: what was read ahead before is read again.
    private let capacity: Int

    init(capacity: Int = 32_768) {
        self.capacity = capacity
    }

    /// The token of a read ahead, taken before its read transaction begins.
    func token() -> UInt64 { state.withLock { $0.committed } }

    /// Keeps the centers a read ahead found, for the firings to come.
    func keep(_ centers: some Collection<(center: CenterRecord, sequence: Int64)>, token: UInt64) {
        let snapshots = centers.map { Snapshot(center: $0.center, sequence: $0.sequence, token: token) }
        state.withLock { state in
            if state.ahead.count + snapshots.count > capacity { state.ahead.removeAll(keepingCapacity: true) }
            for snapshot in snapshots { state.ahead[snapshot.center.key] = snapshot }
        }
    }

    /// Numbers a write that ran (in the writer, inside its transaction) and notes the centers it touched;
    /// `committed(_:)` takes the number once its commit returned.
    func stamp(_ effects: ChangeSet) -> UInt64 {
        state.withLock { state in
            state.stamped += 1
            let stamp = state.stamped
            if state.touched.count > capacity || state.apps.count > capacity {
                state.touched.removeAll(keepingCapacity: true)
                state.apps.removeAll()
                state.floor = stamp
            }
            effects.forEachTouched(center: { state.touched[$0] = stamp }, app: { state.apps[$0] = stamp })
            return stamp
        }
    }

    /// The write numbered `stamp` committed.
    func committed(_ stamp: UInt64) {
        state.withLock { $0.committed = max($0.committed, stamp) }
    }

    /// In the writer's transaction: by the index of `keys`, the center read ahead if no write changed it
    /// since, taken out (a firing changes its center: a snapshot serves once), else nil. `dataVersion` is
    /// the writer connection's now.
    func take(_ keys: [CenterKey], dataVersion: Int64) -> [Snapshot?] {
        state.withLock { state in
            if state.dataVersion != dataVersion {
                state.dataVersion = dataVersion
                state.stamped += 1
                state.floor = state.stamped
            }
            return keys.map { key in
                guard let snapshot = state.ahead.removeValue(forKey: key) else { return nil }
                let changed = max(state.floor, state.touched[key] ?? 0, state.apps[key.appID] ?? 0)
                return changed <= snapshot.token ? snapshot : nil
            }
        }
    }
}
