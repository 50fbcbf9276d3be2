import Foundation
import Logging
import NotificationService
import SQLiteStorage
import Scheduling
import ServiceLifecycle
import Storage
import Synchronization

/// Storage, the center service and the scheduler, as one `Service`: it opens the database (running the
/// migrations), marks the service ready, and runs the scheduler until shutdown. The HTTP server runs
/// beside it, so `/healthz` answers while storage opens and `/readyz` says when it is done.
package final class CenterRuntime: Service {
    /// What the API works with once storage is open.
    package struct Parts: Sendable {
        /// The store behind its caches, which say when a center changed.
        package let store: CachingStore
        package let service: NotificationCenterService
        package let scheduler: Scheduler
        /// The clock the operator moves, in virtual-clock mode.
        package let virtualClock: ManualClock?
        /// The users' event streams.
        package let events: EventHub
    }

    private let configuration: ServerConfiguration
    private let readiness: Readiness
    private let logger: Logger
    private let events = EventHub()
    private let opened = Mutex<Parts?>(nil)

    package init(configuration: ServerConfiguration, readiness: Readiness, logger: Logger) {
        self.configuration = configuration
        self.readiness = readiness
        self.logger = logger
    }

    /// The open parts, or nil while storage is still opening.
    package var parts: Parts? { opened.withLock { $0 } }

    /// The database file in the data directory.
    package static func databasePath(dataDirectory: String) -> String {
        URL(fileURLWithPath: dataDirectory).appendingPathComponent("usernotifyd.sqlite").path
    }

    package func run() async throws {
        try FileManager.default.createDirectory(atPath: configuration.dataDirectory, withIntermediateDirectories: true)
        let path = Self.databasePath(dataDirectory: configuration.dataDirectory)
        let database = try SQLiteStore(path: path)
        let store = CachingStore(database)
        let virtualClock = configuration.virtualClock ? ManualClock(now: Date()) : nil
        let clock: any SchedulerClock = virtualClock ?? SystemClock()
        let wakeSignal = WakeSignal()
        var serviceConfiguration = NotificationCenterService.Configuration()
        serviceConfiguration.pendingLimit = configuration.pendingLimit
        let service = NotificationCenterService(
            store: store, clock: clock, events: events, configuration: serviceConfiguration, logger: logger,
            wake: { wakeSignal.signal() }
        )
        let scheduler = Scheduler(store: store, clock: clock, handler: service, logger: logger, wakeSignal: wakeSignal)
        opened.withLock {
            $0 = Parts(store: store, service: service, scheduler: scheduler, virtualClock: virtualClock, events: events)
        }
        readiness.markReady()
        logger.notice(
            "storage ready",
            metadata: ["storage.path": .string(path), "scheduler.clock": .string(virtualClock == nil ? "system" : "virtual")]
        )
        try await withThrowingDiscardingTaskGroup { group in
            group.addTask { await database.runCheckpoints() }
            try await scheduler.run()
            group.cancelAll()
        }
    }
}
