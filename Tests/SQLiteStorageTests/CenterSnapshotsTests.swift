import Foundation
import NotificationCore
import Storage
import Synchronization
import Testing

@testable import SQLiteStorage

/// The centers read ahead of the writer: one is taken as read only when no write numbered after its read
/// began touched it, whatever order writes, commits and reads come in.
@Suite struct CenterSnapshotsTests {
    let a = CenterKey(appID: "app", centerID: "a")
    let b = CenterKey(appID: "app", centerID: "b")

    func center(_ key: CenterKey, badge: Int = 0) -> (center: CenterRecord, sequence: Int64) {
        var center = CenterRecord(id: key.centerID, appID: key.appID, createdAt: Date(timeIntervalSince1970: 0))
        center.badge = badge
        return (center, 7)
    }

    func touching(_ change: StoreChange) -> ChangeSet {
        var effects = ChangeSet()
        effects.announce(change)
        return effects
    }

    /// Snapshots that the writer's connection, at `dataVersion` 1 from its first look, has seen.
    func snapshots(capacity: Int = 32_768) -> CenterSnapshots {
        let snapshots = CenterSnapshots(capacity: capacity)
        _ = snapshots.take([], dataVersion: 1)
        snapshots.committed(snapshots.stamp(ChangeSet()))
        return snapshots
    }

    @Test func aCenterNoWriteTouchedIsTakenAsReadAndOnlyOnce() {
        let snapshots = snapshots()
        snapshots.keep([center(a, badge: 3)], token: snapshots.token())
        let taken = snapshots.take([b, a], dataVersion: 1)
        #expect(taken[0] == nil, "never read ahead")
        #expect(taken[1]?.center.badge == 3 && taken[1]?.sequence == 7)
        #expect(snapshots.take([a], dataVersion: 1)[0] == nil, "a firing changes its center: a snapshot serves once")
    }

    @Test func aWriteThatTouchedTheCenterAfterTheReadBeganMakesItReadAgain() {
        let snapshots = snapshots()
        snapshots.keep([center(a), center(b)], token: snapshots.token())
        snapshots.committed(snapshots.stamp(touching(.events(a, sequence: 8))))
        let taken = snapshots.take([a, b], dataVersion: 1)
        #expect(taken[0] == nil && taken[1] != nil, "only the center the write touched")
    }

    @Test func aWriteCommittedBeforeTheReadBeganIsInItsSnapshot() {
        let snapshots = snapshots()
        snapshots.committed(snapshots.stamp(touching(.centers([a]))))
        snapshots.keep([center(a)], token: snapshots.token())
        #expect(snapshots.take([a], dataVersion: 1)[0] != nil)
    }

    @Test func aWriteThatRanButHadNotCommittedWhenTheReadBeganCounts() {
        let snapshots = snapshots()
        let running = snapshots.stamp(touching(.notifications([a])))
        snapshots.keep([center(a)], token: snapshots.token())
        snapshots.committed(running)
        #expect(snapshots.take([a], dataVersion: 1)[0] == nil, "the read may not have seen it")
    }

    @Test func anAppThatWentMakesEachOfItsCentersReadAgain() {
        let snapshots = snapshots()
        let other = CenterKey(appID: "other", centerID: "a")
        snapshots.keep([center(a), center(other)], token: snapshots.token())
        snapshots.committed(snapshots.stamp(touching(.app("app"))))
        let taken = snapshots.take([a, other], dataVersion: 1)
        #expect(taken[0] == nil && taken[1] != nil)
    }

    @Test func anotherConnectionsCommitMakesEveryCenterReadAgain() {
        let snapshots = snapshots()
        snapshots.keep([center(a)], token: snapshots.token())
        #expect(snapshots.take([a], dataVersion: 2)[0] == nil, "the file changed under the writer: anything may have")
        snapshots.keep([center(a)], token: snapshots.token())
        #expect(snapshots.take([a], dataVersion: 2)[0] == nil, "read before a commit of this store's that came after the look")
        snapshots.committed(snapshots.stamp(ChangeSet()))
        snapshots.keep([center(a)], token: snapshots.token())
        #expect(snapshots.take([a], dataVersion: 2)[0] != nil)
    }

    @Test func theTablesStartOverPastTheirCapacityAndWhatWasReadBeforeIsReadAgain() {
        let snapshots = snapshots(capacity: 2)
        snapshots.keep([center(a)], token: snapshots.token())
        let others = (0..<3).map { CenterKey(appID: "app", centerID: "o\($0)") }
        snapshots.committed(snapshots.stamp(touching(.centers(others))))
        snapshots.committed(snapshots.stamp(ChangeSet()))
        #expect(snapshots.take([a], dataVersion: 1)[0] == nil, "what touched it may be gone from the table")
    }
}
