import Foundation
import Logging
import Media
import NotificationService
import SQLiteStorage
import Scheduling
import ServiceLifecycle
import Storage
import Synchronization
import WebhookDispatch
import Webhooks

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
        /// The apps' webhook settings and outboxes.
        package let webhooks: any WebhookStore
        /// Checks webhook URLs (the SSRF guard) as apps set them.
        package let sender: WebhookSender
        /// Wakes the webhook dispatcher (a replayed message).
        package let outboxSignal: WakeSignal
        /// The apps' attachment media.
        package let media: MediaLibrary
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

    /// The media store's directory in the data directory.
    package static func mediaPath(dataDirectory: String) -> String {
        URL(fileURLWithPath: dataDirectory).appendingPathComponent("media").path
    }

    package func run() async throws {
        try FileManager.default.createDirectory(atPath: configuration.dataDirectory, withIntermediateDirectories: true)
        let path = Self.databasePath(dataDirectory: configuration.dataDirectory)
        let database = try SQLiteStore(path: path)
        let store = CachingStore(database)
        let virtualClock = configuration.virtualClock ? ManualClock(now: Date()) : nil
        let clock: any SchedulerClock = virtualClock ?? SystemClock()
        let wakeSignal = WakeSignal()
        let outboxSignal = WakeSignal()
        let policy = OutboundURLPolicy(allowedNetworks: configuration.webhookAllowedNetworks)
        let sender = WebhookSender(policy: policy)
        let downloader = MediaDownloader(policy: policy)
        let media = MediaLibrary(
            files: try MediaFileStore(root: Self.mediaPath(dataDirectory: configuration.dataDirectory)), store: database,
            fetcher: downloader,
            quota: configuration.mediaQuotaBytes, logger: logger)
        var serviceConfiguration = NotificationCenterService.Configuration()
        serviceConfiguration.pendingLimit = configuration.pendingLimit
        let service = NotificationCenterService(
            store: store, clock: clock, events: events,
            delegate: WebhookDelegate(store: database, clock: clock, sender: sender, wake: outboxSignal, media: media),
            configuration: serviceConfiguration, logger: logger,
            wake: { wakeSignal.signal() }, released: { await media.sweep() }
        )
        let scheduler = Scheduler(store: store, clock: clock, handler: service, logger: logger, wakeSignal: wakeSignal)
        opened.withLock {
            $0 = Parts(
                store: store, service: service, scheduler: scheduler, virtualClock: virtualClock, events: events, webhooks: database,
                sender: sender, outboxSignal: outboxSignal, media: media)
        }
        readiness.markReady()
        logger.notice(
            "storage ready",
            metadata: ["storage.path": .string(path), "scheduler.clock": .string(virtualClock == nil ? "system" : "virtual")]
        )
        do {
            try await runParts(
                database: database, service: service, scheduler: scheduler, sender: sender, clock: clock, outboxSignal: outboxSignal,
                media: media)
        } catch {
            await sender.shutdown()
            await downloader.shutdown()
            throw error
        }
        await sender.shutdown()
        await downloader.shutdown()
    }

    private func runParts(
        database: SQLiteStore, service: NotificationCenterService, scheduler: Scheduler, sender: WebhookSender, clock: any SchedulerClock,
        outboxSignal: WakeSignal, media: MediaLibrary
    ) async throws {
        let logger = logger
        try await withThrowingDiscardingTaskGroup { group in
            group.addTask { await database.runCheckpoints() }
            group.addTask { await service.runExtensionLane() }
            group.addTask { await media.run(now: { clock.now }) }
            group.addTask {
                try await WebhookDispatcher(store: database, clock: clock, sender: sender, wake: outboxSignal, logger: logger).run()
            }
            try await scheduler.run()
            group.cancelAll()
        }
    }
}
