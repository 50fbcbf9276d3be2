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
    let events = RecordingEventSink()
    let store: SQLiteStore
    let service: NotificationCenterService
    let scheduler: Scheduler
    private let runner = Mutex<Task<Void, any Error>?>(nil)

    init(
        directory: URL? = nil, clock: ManualClock = ManualClock(now: CenterHarness.start), pendingLimit: Int = 64,
        delegate: any CenterDelegate = NoDelegate()
    ) throws {
        let directory = directory ?? FileManager.default.temporaryDirectory.appendingPathComponent("center-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        self.directory = directory
        self.clock = clock
        store = try SQLiteStore(path: directory.appendingPathComponent("usernotifyd.sqlite").path)
        let wakeSignal = WakeSignal()
        var configuration = NotificationCenterService.Configuration()
        configuration.pendingLimit = pendingLimit
        let logger = Logger(label: "test", factory: { _ in SwiftLogNoOpLogHandler() })
        service = NotificationCenterService(
            store: store, clock: clock, events: events, delegate: delegate, configuration: configuration, logger: logger,
            wake: { wakeSignal.signal() }
        )
        scheduler = Scheduler(store: store, clock: clock, handler: service, logger: logger, wakeSignal: wakeSignal)
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

    /// A center whose user has allowed alerts, sounds and badges.
    func authorizedCenter(_ id: String = "c1", appID: String = "app", timeZone: String = "UTC") async throws -> CenterRecord {
        var state = CenterState()
        state.timeZone = timeZone
        _ = try await service.createCenter(appID: appID, id: id, state: state)
        _ = try await service.requestAuthorization(centerID: id, options: [.alert, .sound, .badge])
        _ = try await service.answerAuthorizationPrompt(centerID: id, allowed: true)
        return try await service.center(id)
    }

    func delivered(_ centerID: String = "c1") async throws -> [DeliveredNotification] {
        try await service.deliveredNotifications(centerID: centerID, after: nil, limit: 500).items
    }

    func pending(_ centerID: String = "c1") async throws -> [PendingRequest] {
        try await service.pendingRequests(centerID: centerID, after: nil, limit: 500).items
    }
}

/// Keeps every event, in order.
final class RecordingEventSink: CenterEventSink {
    private let recorded = Mutex<[(String, CenterEvent)]>([])

    func publish(_ event: CenterEvent, centerID: String) {
        recorded.withLock { $0.append((centerID, event)) }
    }

    var events: [CenterEvent] { recorded.withLock { $0.map(\.1) } }

    var presented: [DeliveredNotification] {
        events.compactMap { if case .presented(let delivered) = $0 { delivered } else { nil } }
    }
}

func request(_ identifier: String, title: String = "Hello", badge: Int? = nil, _ trigger: NotificationTrigger?) -> NotificationRequest {
    NotificationRequest(identifier: identifier, content: NotificationContent(title: title, badge: badge, sound: .default), trigger: trigger)
}
