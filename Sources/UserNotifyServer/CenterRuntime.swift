import API
import Clocks
import Foundation
import Logging
import Media
import Memberwise
import NotificationService
import OutboundHTTP
import Outbox
import PostgresStorage
import RelayService
import Scheduling
import ServiceLifecycle
import Storage
import Synchronization
import WebPushService
import WebhookDelivery
import Webhooks

/// Storage and the center service as a `Service`: it opens the database (running the migrations), builds
/// the parts, marks the service ready, and keeps the database until shutdown. The parts that take work
/// from the store run as `CenterWorkers`. The HTTP server runs beside them, so `/healthz` answers while
/// storage opens and `/readyz` says when it is done.
///
/// The store's change feed drives every loop: a sooner request (`.due`) wakes the scheduler, new outbox
/// messages wake the dispatcher, a move of the shared virtual clock moves this process's clock.
@MemberwiseInit
package final class CenterRuntime: Service {
    /// What the API works with once storage is open.
    package struct Parts: Sendable {
        /// The store behind its caches, which say when a center changed.
        package let store: CachingStore
        package let service: NotificationCenterService
        package let scheduler: Scheduler
        /// The Scheduled Summaries, delivered when they come due.
        package let summaries: ClockLoop
        /// The broadcasts' fan-out, zone by zone as each zone's firing comes.
        package let broadcaster: ClockLoop
        /// Deleted apps' contents going, a batch at a time (`AppDeletions`).
        package let appDeletions: ClockLoop
        package let dispatcher: OutboxDispatcher
        /// The users' event streams.
        package let events: EventHub
        /// The apps' webhook settings and outboxes.
        package let webhooks: any WebhookStore
        /// The apps' attachment media.
        package let media: MediaLibrary
        /// The database itself, for what needs no cache (idempotency keys, retention sweeps).
        package let database: any StorageBackend.Store
        /// The database pool's figures (`StorageBackend.databaseFigures`).
        package let databaseFigures: @Sendable () -> PostgresStore.Figures?
        /// What the API's handlers use.
        package let api: APIDependencies

        /// Returns once everything due at the clock's time has fired and its webhooks have been attempted
        /// (the virtual clock's move): here, and by the other replicas on the database, which may hold
        /// some of it. Claims of a replica that died end with their leases, in real seconds (10 s for
        /// firings, 30 s for webhook messages), and are waited for at most 30 s.
        @Sendable package func settle() async {
            let deadline = ContinuousClock.now + .seconds(30)
            repeat {
                // A scheduler that stopped (shutdown) fires nothing more here: no reason to wait.
                guard await !scheduler.hasStopped else { return }
                await scheduler.settle()
                await service.extensionsIdle()
                await summaries.settle()
                await broadcaster.settle()
                await appDeletions.settle()
                await dispatcher.settle()
                let now = service.clock.now
                let unfiredRequests = (try? await store.hasUnfiredRequests(dueBy: now)) ?? false
                let unfiredBroadcasts = (try? await database.hasUnfiredBroadcasts(dueBy: now)) ?? false
                let unfired = unfiredRequests || unfiredBroadcasts
                let inFlight = (try? await webhooks.hasAttemptsInFlight(leaseNow: SystemClock().now)) ?? false
                guard unfired || inFlight else { return }
                // Another replica is at it: its commits come through the feed; look again shortly.
                try? await Task.sleep(for: .milliseconds(20))
            } while ContinuousClock.now < deadline
        }
    }

    private let configuration: ServerConfiguration
    private let readiness: Readiness
    private let logger: Logger
    private let opened = Mutex<Parts?>(nil)
    /// What runs the scheduler, the dispatcher, the extension lane and the media sweep, once storage is open.
    typealias Work = @Sendable () async throws -> Void
    private let workStarts = AsyncStream.makeStream(of: Work.self)

    /// The open parts, or nil while storage is still opening.
    package var parts: Parts? { opened.withLock { $0 } }

    /// The media store's directory in the data directory.
    package static func mediaPath(dataDirectory: String) -> String {
        URL(fileURLWithPath: dataDirectory).appendingPathComponent("media").path
    }

    package func run() async throws {
        try FileManager.default.createDirectory(atPath: configuration.dataDirectory, withIntermediateDirectories: true)
        let backend = try await StorageBackend.open(configuration, logger: logger)
        let policy = OutboundURLPolicy(allowedNetworks: configuration.webhookAllowedNetworks)
        let resolver = HostResolver()
        let sender = OutboundHTTPClient(policy: policy, resolver: resolver)
        let downloader = MediaDownloader(client: sender)
        let relayClient = RelayClient(googleTokenURL: configuration.relay.googleTokenURL, trustRootsFile: configuration.relayTrustRoots)
        do {
            try await withThrowingDiscardingTaskGroup { group in
                group.addTask { try await backend.run() }
                // SIGTERM while the database is still out of reach (a replica keeps retrying) ends the wait.
                let opened = try await cancelWhenGracefulShutdown {
                    try await backend.prepare()
                    try await self.sealSecrets(backend)
                    return try await self.openParts(backend, sender: sender, downloader: downloader, relayClient: relayClient)
                }
                workStarts.continuation.yield(opened)
                workStarts.continuation.finish()
                // The workers and the HTTP server stop before the database goes.
                try? await gracefulShutdown()
                group.cancelAll()
            }
        } catch {
            await sender.shutdown()
            await relayClient.shutdown()
            // Stopped before storage was ready: a shutdown, not a failure.
            if error is CancellationError, Task.isShuttingDownGracefully {
                workStarts.continuation.finish()
                return
            }
            // The group reports this error and shuts the workers down, which ends their wait for a start:
            // ended here first, the workers would finish first, and the group would report them instead.
            throw error
        }
        // Every part that used them has ended.
        await sender.shutdown()
        await relayClient.shutdown()
    }

    /// Seals what the database keeps unsealed, or sealed with an older key, with the first key; refuses to
    /// start when a secret is sealed with a key the configuration does not have.
    private func sealSecrets(_ backend: StorageBackend) async throws {
        do {
            let sealed = try await backend.store.sealSecrets()
            if sealed > 0 { logger.notice("secrets sealed anew with the first key", metadata: ["secrets.sealed": "\(sealed)"]) }
        } catch let failure as SecretBox.Failure {
            throw ConfigurationError("\(failure)")
        }
    }

    /// Runs what takes work from the store once the parts are open, until shutdown (`CenterWorkers`).
    func runWork() async throws {
        // Shutdown may come before storage is ready: then there is nothing to run.
        let starts = workStarts.stream
        guard let work = await cancelWhenGracefulShutdown({ await starts.first { _ in true } }) else { return }
        try await work()
    }

    /// Builds the parts on the open store and marks the service ready; returns what runs the parts that
    /// take work from the store.
    private func openParts(
        _ backend: StorageBackend, sender: OutboundHTTPClient, downloader: MediaDownloader, relayClient: RelayClient
    ) async throws -> Work {
        let database = backend.store
        let store = CachingStore(database)
        // The virtual clock goes on from where it was (it is kept in the store), never backwards; the
        // first process on a database starts it (at `virtualClockStart`, or now), so that replicas share
        // one time from the start.
        let virtualClock: ManualClock? =
            if configuration.virtualClock {
                if let stored = try await database.virtualClock() {
                    ManualClock(now: stored)
                } else {
                    ManualClock(now: try await database.advanceVirtualClock(to: configuration.virtualClockStart ?? Date()))
                }
            } else {
                nil
            }
        let clock: any SchedulerClock = virtualClock ?? SystemClock()
        let media = MediaLibrary(
            files: try MediaFileStore(root: Self.mediaPath(dataDirectory: configuration.dataDirectory)), store: database,
            fetcher: downloader, quota: configuration.mediaQuotaBytes, stagedLifetime: .seconds(configuration.retention.stagedUploads),
            logger: logger)
        let service = NotificationCenterService(
            store: store, clock: clock, delegate: WebhookDelegate(store: database, clock: clock, sender: sender, media: media),
            configuration: configuration.centers, logger: logger, released: { await media.sweep() })
        let scheduler = Scheduler(
            store: store, clock: clock, handler: MeteredFiringHandler(inner: service, clock: clock), logger: logger)
        // Summaries come at the earliest date a held notification waits for.
        let summaries = ClockLoop(
            "delivering scheduled summaries", clock: clock, logger: logger, work: { try await service.deliverDueSummaries(at: $0) },
            next: { _ in try await store.nextSummaryDate() })
        let broadcasts = BroadcastService(store: database, centers: service)
        let broadcaster = ClockLoop(
            "broadcast fan-out", clock: clock, logger: logger, work: { try await broadcasts.fanOut(at: $0) },
            next: { try await broadcasts.nextLook(at: $0) })
        // Woken by the marks of apps' deletions (here or on another replica); at start, it finishes those
        // a crash cut short.
        let deletions = AppDeletions(store: store, media: media, logger: logger)
        let appDeletions = ClockLoop(
            "finishing apps' deletions", clock: clock, logger: logger, work: { try await deletions.finish(at: $0) }, next: { _ in nil })
        let keyring = VAPIDKeyring(store: database)
        try await keyring.open(at: SystemClock().now)
        var pushing = WebPushService.Configuration(allowList: configuration.webPushAllowList)
        pushing.subject = configuration.webPushSubject
        let tokens = CapabilityTokens(store: database)
        let webPush = WebPushService(
            store: store, subscriptions: database, centers: service, keyring: keyring, tokens: tokens, configuration: pushing,
            checkURL: { url, field in try await sender.checkURL(url, field: field) })
        let relay = DeviceRelayService(
            relays: database, centers: service, tokens: tokens, configuration: configuration.relay)
        let dispatcher = OutboxDispatcher(
            store: database, clock: clock,
            channels: [
                .webhook: WebhookChannel(client: sender),
                .browser: WebPushChannel(webPush: webPush, client: sender),
                .phone: RelayChannel(service: relay, client: relayClient),
            ], logger: logger, configuration: configuration.outbox)
        // The store keeps its listeners: held strongly here, the parts (which hold the store) would keep
        // it, its files and its connections open after the runtime has stopped.
        store.changes.listen {
            [weak scheduler, weak summaries, weak broadcaster, weak appDeletions, weak dispatcher, weak media, weak virtualClock] change in
            guard let scheduler, let summaries, let broadcaster, let appDeletions, let dispatcher, let media else { return }
            switch change {
            case .app: appDeletions.wake()
            case .due(let date): scheduler.wake(dueAt: date)
            case .summaryDue: summaries.wake()
            case .broadcastDue: broadcaster.wake()
            case .outbox: dispatcher.wake()
            case .clock(let date):
                virtualClock?.set(date)
                scheduler.wake()
                summaries.wake()
                broadcaster.wake()
                dispatcher.wake()
            case .mediaRemoved(let hashes):
                // Another replica's sweep let these go: this replica's copies go too.
                for sha256 in hashes { media.files.remove(sha256) }
            case .resynchronize:
                scheduler.wake()
                summaries.wake()
                broadcaster.wake()
                appDeletions.wake()
                dispatcher.wake()
            default: break
            }
        }
        // A replica that started the shared clock meanwhile was heard only from here on.
        if let virtualClock, let stored = try await database.virtualClock() { virtualClock.set(stored) }
        let events = EventHub(store: store)
        let api = APIDependencies(
            principals: store, service: service, clock: clock, virtualClock: virtualClock, events: events, cache: store,
            webhooks: database, checkURL: { url, field in try await sender.checkURL(url, field: field) },
            moveClock: { date in
                let now = try await database.advanceVirtualClock(to: date)
                virtualClock?.set(now)
                return now
            },
            media: media, idempotency: database, appEvents: AppEventHub(changes: store.changes),
            settle: { [weak self] in await self?.parts?.settle() },
            webPush: webPush, relay: relay, broadcasts: broadcasts)
        opened.withLock {
            $0 = Parts(
                store: store, service: service, scheduler: scheduler, summaries: summaries, broadcaster: broadcaster,
                appDeletions: appDeletions, dispatcher: dispatcher,
                events: events,
                webhooks: database,
                media: media, database: database, databaseFigures: backend.databaseFigures, api: api)
        }
        readiness.markReady(isReachable: backend.isReachable)
        logger.notice(
            "storage ready",
            metadata: [
                "storage.database": .string(backend.description), "scheduler.clock": .string(virtualClock == nil ? "system" : "virtual"),
            ]
        )
        let safetyPoll = backend.safetyPoll
        let sweeper = RetentionSweeper(store: database, clock: clock, retention: configuration.retention, logger: logger)
        return {
            try await withThrowingDiscardingTaskGroup { group in
                group.addTask { await service.runExtensionLane() }
                // A staged upload's lifetime is a hold on the wall clock, as every lease: a virtual clock moved
                // on by a day must not expire an upload made a second ago.
                group.addTask { await media.run() }
                group.addTask { try await dispatcher.run() }
                group.addTask { await sweeper.run() }
                group.addTask { try await summaries.run() }
                group.addTask { try await broadcaster.run() }
                group.addTask { try await appDeletions.run() }
                if let safetyPoll {
                    // Changes of other processes the feed lost while reconnecting are found within the poll.
                    group.addTask {
                        while !Task.isCancelled {
                            try? await Task.sleep(for: safetyPoll)
                            scheduler.poll()
                            summaries.wake()
                            broadcaster.wake()
                            appDeletions.wake()
                            dispatcher.wake()
                        }
                    }
                }
                try await scheduler.run()
                group.cancelAll()
            }
        }
    }
}
