import Foundation
import Logging
import Media
import NotificationService
import Scheduling
import ServiceLifecycle
import Storage
import Synchronization
import WebhookDispatch
import Webhooks

/// Storage, the center service, the scheduler and the webhook dispatcher, as one `Service`: it opens the
/// database (running the migrations), marks the service ready, and runs the parts until shutdown. The
/// HTTP server runs beside it, so `/healthz` answers while storage opens and `/readyz` says when it is done.
///
/// The store's change feed drives every loop: a sooner request (`.due`) wakes the scheduler, new outbox
/// messages wake the dispatcher, a move of the shared virtual clock moves this process's clock.
package final class CenterRuntime: Service {
    /// What the API works with once storage is open.
    package struct Parts: Sendable {
        /// The store behind its caches, which say when a center changed.
        package let store: CachingStore
        package let service: NotificationCenterService
        package let scheduler: Scheduler
        package let dispatcher: WebhookDispatcher
        /// The clock the operator moves, in virtual-clock mode.
        package let virtualClock: ManualClock?
        /// Moves the virtual clock for every process on the database.
        package let moveClock: @Sendable (Date) async throws -> Date
        /// The users' event streams.
        package let events: EventHub
        /// The apps' webhook settings and outboxes.
        package let webhooks: any WebhookStore
        /// Checks webhook URLs (the SSRF guard) as apps set them.
        package let sender: WebhookSender
        /// The apps' attachment media.
        package let media: MediaLibrary
    }

    private let configuration: ServerConfiguration
    private let readiness: Readiness
    private let logger: Logger
    private let opened = Mutex<Parts?>(nil)

    package init(configuration: ServerConfiguration, readiness: Readiness, logger: Logger) {
        self.configuration = configuration
        self.readiness = readiness
        self.logger = logger
    }

    /// The open parts, or nil while storage is still opening.
    package var parts: Parts? { opened.withLock { $0 } }

    /// The media store's directory in the data directory.
    package static func mediaPath(dataDirectory: String) -> String {
        URL(fileURLWithPath: dataDirectory).appendingPathComponent("media").path
    }

    package func run() async throws {
        try FileManager.default.createDirectory(atPath: configuration.dataDirectory, withIntermediateDirectories: true)
        let backend = try StorageBackend.open(configuration, logger: logger)
        let policy = OutboundURLPolicy(allowedNetworks: configuration.webhookAllowedNetworks)
        let sender = WebhookSender(policy: policy)
        let downloader = MediaDownloader(policy: policy)
        do {
            try await withThrowingDiscardingTaskGroup { group in
                group.addTask { try await backend.run() }
                try await backend.prepare()
                try await runParts(backend, sender: sender, downloader: downloader, group: &group)
                group.cancelAll()
            }
        } catch {
            await sender.shutdown()
            await downloader.shutdown()
            throw error
        }
        // Every part that used them has ended.
        await sender.shutdown()
        await downloader.shutdown()
    }

    /// Builds the parts on the open store, marks the service ready, and runs them until shutdown.
    private func runParts(
        _ backend: StorageBackend, sender: WebhookSender, downloader: MediaDownloader, group: inout ThrowingDiscardingTaskGroup<any Error>
    ) async throws {
        let database = backend.store
        let store = CachingStore(database)
        // The virtual clock goes on from where it was (it is kept in the store), never backwards.
        let virtualClock = try await configuration.virtualClock ? ManualClock(now: database.virtualClock() ?? Date()) : nil
        let clock: any SchedulerClock = virtualClock ?? SystemClock()
        let schedulerSignal = WakeSignal()
        let outboxSignal = WakeSignal()
        let media = MediaLibrary(
            files: try MediaFileStore(root: Self.mediaPath(dataDirectory: configuration.dataDirectory)), store: database,
            fetcher: downloader, quota: configuration.mediaQuotaBytes, logger: logger)
        var serviceConfiguration = NotificationCenterService.Configuration()
        serviceConfiguration.pendingLimit = configuration.pendingLimit
        let service = NotificationCenterService(
            store: store, clock: clock, delegate: WebhookDelegate(store: database, clock: clock, sender: sender, media: media),
            configuration: serviceConfiguration, logger: logger, released: { await media.sweep() })
        let scheduler = Scheduler(store: store, clock: clock, handler: service, logger: logger, wakeSignal: schedulerSignal)
        let dispatcher = WebhookDispatcher(store: database, clock: clock, sender: sender, wake: outboxSignal, logger: logger)
        store.changes.listen { change in
            switch change {
            case .due: schedulerSignal.signal()
            case .outbox: outboxSignal.signal()
            case .clock(let date):
                virtualClock?.set(date)
                schedulerSignal.signal()
                outboxSignal.signal()
            case .resynchronize:
                schedulerSignal.signal()
                outboxSignal.signal()
            default: break
            }
        }
        opened.withLock {
            $0 = Parts(
                store: store, service: service, scheduler: scheduler, dispatcher: dispatcher, virtualClock: virtualClock,
                moveClock: { date in
                    let now = try await database.advanceVirtualClock(to: date)
                    virtualClock?.set(now)
                    return now
                },
                events: EventHub(store: store), webhooks: database, sender: sender, media: media)
        }
        readiness.markReady(isReachable: backend.isReachable)
        logger.notice(
            "storage ready",
            metadata: ["storage.database": .string(backend.description), "scheduler.clock": .string(virtualClock == nil ? "system" : "virtual")]
        )
        group.addTask { await service.runExtensionLane() }
        group.addTask { await media.run(now: { clock.now }) }
        group.addTask { try await dispatcher.run() }
        if let poll = backend.safetyPoll {
            // Changes of other processes the feed lost while reconnecting are found within `poll`.
            group.addTask {
                while !Task.isCancelled {
                    try? await Task.sleep(for: poll)
                    schedulerSignal.signal()
                    outboxSignal.signal()
                }
            }
        }
        try await scheduler.run()
    }
}
