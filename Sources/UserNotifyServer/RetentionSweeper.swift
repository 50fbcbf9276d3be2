import Clocks
import Foundation
import Logging
import Scheduling
import Storage

/// How long what would otherwise grow without bound is kept.
package struct Retention: Sendable, Equatable {
    package var seconds: [RetainedKind: TimeInterval] = [
        .finishedMessages: 7 * 86_400, .failedMessages: 30 * 86_400, .retiredPushTokens: 30 * 86_400, .events: 7 * 86_400,
        .receipts: 30 * 86_400, .broadcasts: 30 * 86_400,
    ]
    /// Uploads never attached to a notification.
    package var stagedUploads: TimeInterval = 86_400

    package init() {}
}

/// Deletes what is past its retention (`Retention`), on the scheduler's clock — so the virtual clock
/// moves it too — every `interval`, in batches. Every replica sweeps; the deletes are the same whoever
/// makes them. Idempotency keys go after their 24 hours on the wall clock, as they are kept. Deletions of
/// topics cut short (a crash while their subscriptions went) are finished too.
package struct RetentionSweeper: Sendable {
    let store: any RetentionStore & IdempotencyStore & BroadcastStore
    let clock: any SchedulerClock
    let retention: Retention
    let logger: Logger
    var interval: TimeInterval = 600
    var batch = 1000

    package init(
        store: any RetentionStore & IdempotencyStore & BroadcastStore, clock: any SchedulerClock, retention: Retention, logger: Logger
    ) {
        self.store = store
        self.clock = clock
        self.retention = retention
        self.logger = logger
    }

    /// One sweep at the clock's time: how many of each kind went.
    @discardableResult
    package func sweep() async -> [RetainedKind: Int] {
        let now = clock.now
        var deleted: [RetainedKind: Int] = [:]
        for kind in RetainedKind.allCases {
            guard let seconds = retention.seconds[kind] else { continue }
            do {
                var count = 0
                repeat {
                    count = try await store.deleteExpired(kind, before: now.addingTimeInterval(-seconds), limit: batch)
                    deleted[kind, default: 0] += count
                } while count == batch && !Task.isCancelled
            } catch {
                logger.error("retention sweep failed", metadata: ["retention.kind": .string(kind.rawValue), "error": .string("\(error)")])
            }
        }
        _ = try? await store.deleteIdempotencyKeys(before: Date().addingTimeInterval(-86_400))
        do {
            for topic in try await store.deletedTopics(limit: 100) where !Task.isCancelled {
                try await store.purgeDeletedTopic(appID: topic.appID, identifier: topic.identifier)
            }
        } catch {
            logger.error("finishing a topic's deletion failed", metadata: ["error": .string("\(error)")])
        }
        if deleted.values.contains(where: { $0 > 0 }) {
            logger.info(
                "retention sweep",
                metadata: .init(uniqueKeysWithValues: deleted.map { ("retention.\($0.key.rawValue)", .stringConvertible($0.value)) }))
        }
        return deleted
    }

    /// Sweeps now and then every `interval` of the clock, until cancelled.
    package func run() async {
        while !Task.isCancelled {
            await sweep()
            do { try await clock.sleep(until: clock.now.addingTimeInterval(interval)) } catch { return }
        }
    }
}
