import Clocks
import Foundation
import Logging
import NotificationCore
import SQLiteStorage
import Storage
import Testing
import UserNotifyServer

/// The sweep finishes what a crash cut short: a topic deleted (gone for every read) whose subscriptions
/// had not all gone yet.
@Suite struct RetentionSweeperTests {
    static let now = Date(timeIntervalSince1970: 1_800_000_000)

    @Test func aTopicsDeletionCutShortIsFinishedByTheSweep() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("sweep-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = try SQLiteStore(path: directory.appendingPathComponent("usernotifyd.sqlite").path)
        try await store.insertApp(AppRecord(id: "a", name: "a", createdAt: Self.now))
        for topic in ["gone", "kept"] {
            try await store.insertTopic(appID: "a", Topic(identifier: topic, displayName: topic, createdAt: Self.now), limit: 10)
        }
        for index in 0..<3 {
            let key = CenterKey(appID: "a", centerID: "c\(index)")
            try await store.insertCenter(CenterRecord(id: key.centerID, appID: "a", createdAt: Self.now))
            try await store.subscribe(key, to: ["gone", "kept"], limit: 10, at: Self.now)
        }
        #expect(try await store.deleteTopic(appID: "a", identifier: "gone", at: Self.now))
        #expect(try await store.purgeDeletedTopic(appID: "a", identifier: "gone", limit: 1) == 1)

        let sweeper = RetentionSweeper(
            store: store, clock: ManualClock(now: Self.now), retention: Retention(), logger: Logger(label: "test"))
        await sweeper.sweep()
        #expect(try await store.deletedTopics(limit: 10).isEmpty)
        #expect(try await store.purgeDeletedTopic(appID: "a", identifier: "gone", limit: 10) == 0, "nothing of it left")
        #expect(try await store.topic(appID: "a", identifier: "kept")?.subscriberCount == 3)
    }
}
