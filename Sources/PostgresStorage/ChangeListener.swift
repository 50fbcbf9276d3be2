import Foundation
import Logging
import NIOCore
import PostgresNIO
import Storage
import Synchronization

/// Hears the other replicas' changes: a dedicated connection (not from the pool, which recycles idle
/// connections and would not LISTEN again) that LISTENs on the change channel and announces what it
/// hears on the store's feed. Supervised: a connection that fails or stops answering its heartbeat is
/// replaced, with back-off; once listening (again) it announces `.resynchronize`, because what was
/// notified while nobody listened is lost (caches drop, loops and streams look again).
struct ChangeListener: Sendable {
    let store: PostgresStore
    /// How often the listening connection is asked a query; it counts as alive while it answers within the
    /// store's call deadline (a machine too loaded to answer in 2 s has not lost its database, and every
    /// store call would fail meanwhile).
    var heartbeat: Duration = .seconds(2)

    func run() async {
        var connectionID = 0
        var delay: Duration = .milliseconds(100)
        while !Task.isCancelled {
            connectionID += 1
            let listened = Listened()
            do {
                try await listen(id: connectionID, listened: listened)
            } catch {
                if Task.isCancelled { return }
                store.logger.warning(
                    "change listener lost its connection; reconnecting", metadata: ["error": .string(PostgresStore.described(error))])
            }
            store.listenerConnected(false)
            if listened.value { delay = .milliseconds(100) }
            store.activity.note("listener", "waiting \(delay) to reconnect")
            try? await Task.sleep(for: delay)
            delay = min(delay * 2, .seconds(2))
        }
    }

    /// Whether a connection got as far as listening.
    private final class Listened: Sendable {
        private let flag = Atomic<Bool>(false)
        var value: Bool { flag.load(ordering: .relaxed) }
        func set() { flag.store(true, ordering: .relaxed) }
    }

    /// One connection's life: LISTEN, announce every notification, and check the connection with a query
    /// every heartbeat, from the LISTEN on; returns or throws when it dies.
    private func listen(id: Int, listened: Listened) async throws {
        let store = store
        let configuration = store.configuration.listenerConnection
        store.activity.note("listener", "connecting (connection \(id))")
        let connection = try await PostgresConnection.connect(
            configuration: configuration, id: id, logger: store.logger, within: .seconds(5))
        store.activity.note("listener", "sending LISTEN (connection \(id))")
        let origin = store.configuration.replicaID
        let feed = store.changes
        let logger = store.logger
        let heartbeat = heartbeat
        let answerDeadline = store.configuration.deadline
        // The connection is closed whichever way this ends (it must be, before it goes).
        var failure: (any Error)?
        do {
            try await listen(
                on: connection, origin: origin, feed: feed, logger: logger, heartbeat: heartbeat, answerDeadline: answerDeadline,
                listened: listened)
        } catch {
            failure = error
        }
        store.activity.note("listener", "closing (connection \(id))")
        try? await connection.close()
        if let failure { throw failure }
    }

    private func listen(
        on connection: PostgresConnection, origin: String, feed: ChangeFeed, logger: Logger, heartbeat: Duration,
        answerDeadline: Duration, listened: Listened
    ) async throws {
        let store = store
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask {
                try await connection.listen(on: ChangeNotice.channel) { notifications in
                    listened.set()
                    store.listenerConnected(true)
                    store.activity.note("listener", "listening")
                    // Anything notified while nobody listened (before the first connection too) is looked at again.
                    feed.publish(.resynchronize)
                    for try await notification in notifications {
                        let (sender, changes) = ChangeNotice.parse(notification.payload)
                        // This replica announced its own changes when they committed.
                        guard sender != origin else { continue }
                        feed.publish(changes)
                    }
                    throw StoreError.unavailable("the notification stream ended")
                }
            }
            // From the start, not once listening: the heartbeat's query waits behind the LISTEN, so a LISTEN
            // never answered ends the connection too (rather than leave the replica deaf, and `prepare()`
            // waiting, for good).
            group.addTask {
                while true {
                    try await Task.sleep(for: heartbeat)
                    try await withDeadline(answerDeadline, onExpiry: connection.closeNow) {
                        try await connection.run("SELECT 1", logger)
                    }
                }
            }
            defer { group.cancelAll() }
            try await group.next()
        }
    }
}
