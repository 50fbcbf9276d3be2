import Clocks
import Foundation
import Logging
import NotificationCore
import NotificationService
import SQLiteStorage
import Scheduling
import Storage
import Synchronization

/// A center service on a real SQLite file in a temporary directory, with a manual clock and a running
/// scheduler. Tests move the clock and call `settle()`; nothing sleeps.
final class CenterHarness: Sendable {
    static let start = Date(timeIntervalSince1970: 1_800_000_000)  // 2027-01-15T08:00:00Z

    let directory: URL
    let clock: ManualClock
    let store: SQLiteStore
    let service: NotificationCenterService
    let scheduler: Scheduler
    private let runner = Mutex<Task<Void, any Error>?>(nil)

    /// `firing` wraps the service as the scheduler's firing handler (to watch its calls); `wallClock` is the
    /// scheduler's (the harness's clock by default).
    init(
        directory: URL? = nil, clock: ManualClock = ManualClock(now: CenterHarness.start), wallClock: (any WallClock)? = nil,
        pendingLimit: Int = 64,
        extensionConcurrency: Int = 64, delegate: any CenterDelegate = NoDelegate(), backlogBatchSize: Int = 1024,
        firing: (any FiringHandler) -> any FiringHandler = { $0 }
    ) throws {
        let directory = directory ?? FileManager.default.temporaryDirectory.appendingPathComponent("center-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        self.directory = directory
        self.clock = clock
        store = try SQLiteStore(path: directory.appendingPathComponent("usernotifyd.sqlite").path)
        var configuration = NotificationCenterService.Configuration()
        configuration.pendingLimit = pendingLimit
        configuration.extensionConcurrency = extensionConcurrency
        let logger = Logger(label: "test", factory: { _ in SwiftLogNoOpLogHandler() })
        service = NotificationCenterService(
            store: store, clock: clock, wallClock: clock, delegate: delegate, configuration: configuration, logger: logger)
        // Leases on the harness's clock too: what a test checks does not depend on how fast the machine runs it.
        let scheduler = Scheduler(
            store: store, clock: clock, wallClock: wallClock ?? clock, handler: firing(service), logger: logger,
            backlogBatchSize: backlogBatchSize)
        // Weakly: the store keeps its listeners, and the scheduler holds the store.
        store.changes.listen { [weak scheduler] in if case .due(let date) = $0 { scheduler?.wake(dueAt: date) } }
        self.scheduler = scheduler
    }

    /// Runs the scheduler and the extension lane until `stop()`.
    func startScheduler() {
        let scheduler = scheduler
        let service = service
        runner.withLock {
            $0 = Task {
                try await withThrowingDiscardingTaskGroup { group in
                    group.addTask { await service.runExtensionLane() }
                    try await scheduler.run()
                    group.cancelAll()
                }
            }
        }
    }

    func stop() async {
        let task = runner.withLock { $0 }
        task?.cancel()
        _ = await task?.result
    }

    /// Moves the clock and waits until everything due has fired.
    func advance(by seconds: TimeInterval) async {
        clock.advance(by: seconds)
        await scheduler.settle()
        await service.extensionsIdle()
    }

    func advance(to date: Date) async {
        clock.set(date)
        await scheduler.settle()
        await service.extensionsIdle()
    }

    /// The key of the harness app's center `id`.
    func key(_ id: String = "c1") -> CenterKey { CenterKey(appID: "app", centerID: id) }

    /// A center whose user has allowed alerts, sounds and badges.
    @discardableResult
    func authorizedCenter(_ id: String = "c1", timeZone: String = "UTC") async throws -> CenterRecord {
        var state = CenterState()
        state.timeZone = timeZone
        _ = try await service.createCenter(key(id), state: state)
        _ = try await service.requestAuthorization(key(id), options: [.alert, .sound, .badge])
        _ = try await service.answerAuthorizationPrompt(key(id), allowed: true)
        return try await service.center(key(id))
    }

    /// `add` to the center `id`.
    @discardableResult
    func add(_ id: String, _ request: NotificationRequest) async throws -> AddResult {
        try await service.add(to: try await service.center(key(id)), request)
    }

    func delivered(_ id: String = "c1") async throws -> [DeliveredNotification] {
        try await service.deliveredNotifications(key(id), after: nil, limit: 500).items
    }

    func pending(_ id: String = "c1") async throws -> [PendingRequest] {
        try await service.pendingRequests(key(id), after: nil, limit: 500).items
    }

    /// The center's event history, oldest first: each event's name and JSON data.
    func events(_ id: String = "c1") async throws -> [(name: String, data: [String: Any])] {
        try await store.events(key(id), after: 0, limit: 10_000).events.map { event in
            (event.name, (try JSONSerialization.jsonObject(with: Data(event.data)) as? [String: Any]) ?? [:])
        }
    }

    /// The identifiers of the notifications presented to the center, in order.
    func presented(_ id: String = "c1") async throws -> [String] {
        try await events(id).filter { $0.name == "presented" }.compactMap {
            ($0.data["request"] as? [String: Any])?["identifier"] as? String
        }
    }
}

func request(_ identifier: String, title: String = "Hello", badge: Int? = nil, _ trigger: NotificationTrigger?) -> NotificationRequest {
    NotificationRequest(identifier: identifier, content: NotificationContent(title: title, badge: badge, sound: .default), trigger: trigger)
}
