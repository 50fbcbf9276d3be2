import Clocks
import Foundation
import GRDB
import Logging
import NotificationCore
import NotificationService
import OutboundHTTP
import Outbox
import SQLiteStorage
import Storage
import WebPush
import WebPushService
import Webhooks

/// A broadcast to `centers` authorized centers, each with one browser's subscription on the sink (none
/// with `pushing` false), to every center of the app: the fan-out's recording (delivered rows, events,
/// receipts and one outbox message per center) and then every push sent, as the server runs them beside
/// each other (with `sending` false, the recording alone: nothing is sent). Returns the seconds until the fan-out was recorded, until every push was sent, how many
/// were, the process's CPU seconds (every thread) until the fan-out was recorded, and its peak resident memory (MB).
func broadcast(sinkURL: String, connections: Int, centers: Int, pushing: Bool, sending: Bool) async throws -> (
    recorded: Double, sent: Double, delivered: Int, recordingCPU: Double, peakMegabytes: Double
) {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("broadcast-bench-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = directory.appendingPathComponent("usernotifyd.sqlite").path
    var logger = Logger(label: "webhook-bench")
    logger.logLevel = .warning
    let now = Date()
    let store = try SQLiteStore(path: path)
    try await store.insertApp(AppRecord(id: "app", name: "bench", createdAt: now))
    let keyring = VAPIDKeyring(store: store)
    try await keyring.open(at: now)
    let vapid = try await keyring.primary()
    try populate(path: path, centers: centers, subscriptionsOn: pushing ? sinkURL : nil, vapidKeyID: vapid.id, at: now)

    let clock = SystemClock()
    let service = NotificationCenterService(store: CachingStore(store), clock: clock, logger: logger)
    let broadcasts = BroadcastService(store: store, centers: service)
    let webPush = WebPushService(
        store: store, subscriptions: store, centers: service, keyring: keyring, tokens: CapabilityTokens(store: store),
        configuration: .init(allowList: try PushServiceAllowList()), checkURL: { _, _ in })
    let sender = OutboundHTTPClient(policy: OutboundURLPolicy(allowedNetworks: [IPNetwork("127.0.0.0/8")!]))
    // As many calls in flight to the one host as the baseline has connections (`dispatcher` in main.swift).
    var configuration = OutboxDispatcher.Configuration()
    configuration.perHost = connections
    let dispatcher = OutboxDispatcher(
        store: store, clock: clock,
        channels: [.browser: WebPushChannel(webPush: webPush, client: sender)], logger: logger,
        configuration: configuration)
    store.changes.listen { if case .outbox = $0 { dispatcher.wake() } }

    let started = ContinuousClock.now
    let cpuStarted = processCPUSeconds()
    _ = try await broadcasts.create(
        appID: "app",
        request: NotificationRequest(
            identifier: "episode", content: NotificationContent(title: "Episode 42 is out", body: "Forty-two minutes on time zones")),
        audience: .all)
    var (recorded, recordingCPU) = (0.0, 0.0)
    try await withThrowingTaskGroup(of: Void.self) { group in
        // The WAL checkpointed beside the writer, as the server does (`StorageBackend`).
        group.addTask { await store.runCheckpoints() }
        if sending { group.addTask { try await dispatcher.run() } }
        let fired = try await broadcasts.fanOut(at: clock.now)
        precondition(fired == centers, "the fan-out fired \(fired) of \(centers)")
        (recorded, recordingCPU) = (seconds(ContinuousClock.now - started), processCPUSeconds() - cpuStarted)
        if sending { await dispatcher.settle() }
        group.cancelAll()
    }
    let sent = seconds(ContinuousClock.now - started)
    await sender.shutdown()
    let delivered = try await store.deliveries(appID: "app", status: .delivered, after: nil, limit: centers).items.count
    return (recorded, sent, delivered, recordingCPU, peakResidentMegabytes())
}

/// The centers (authorized, each in the app's audience) and their browsers' subscriptions, written in one
/// transaction straight into the store's file: the setup, not what is measured.
func populate(path: String, centers: Int, subscriptionsOn sinkURL: String?, vapidKeyID: String, at now: Date) throws {
    var center = CenterRecord(id: "", appID: "app", createdAt: now)
    center.settings.authorizationStatus = .authorized
    center.settings.alertSetting = .enabled
    center.settings.soundSetting = .enabled
    center.settings.notificationCenterSetting = .enabled
    center.settings.lockScreenSetting = .enabled
    center.settings.alertStyle = .banner
    let settings = try SQLiteStore.encode(center.settings)
    let state = try SQLiteStore.encode(center.state)
    let keys = browserKeys()
    let database = try DatabaseQueue(path: path)
    try database.write { db in
        let insertCenter = try db.makeStatement(
            sql: "INSERT INTO centers(app_id, id, settings, state, created_at, push_token, time_zone) VALUES ('app', ?, ?, ?, ?, ?, 'UTC')")
        let insertSubscription = try db.makeStatement(
            sql: """
                INSERT INTO push_subscriptions(id, app_id, center_id, endpoint, p256dh, auth, vapid_key_id, created_at)
                VALUES (?, 'app', ?, ?, ?, ?, ?, ?)
                """)
        let stamp = SQLiteStore.milliseconds(now)
        for index in 0..<centers {
            let id = String(format: "c%07d", index)
            try insertCenter.execute(arguments: [id, settings, state, stamp, CenterRecord.newPushToken()])
            if let sinkURL {
                try insertSubscription.execute(arguments: [
                    "wps_\(index)", id, "\(sinkURL)/push/\(index)", keys.p256dh, keys.auth, vapidKeyID, stamp,
                ])
            }
        }
    }
}

/// The raw database's share of the same recording: one delivered row and one outbox row per center, 1,024
/// centers a transaction, each committed with fsync; centers per second.
func rawBroadcastRecording(centers: Int) throws -> (rate: Double, cpu: Double) {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("broadcast-raw-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let raw = try DatabasePool(path: directory.appendingPathComponent("raw.sqlite").path)
    try raw.writeWithoutTransaction { db in try db.execute(sql: "PRAGMA synchronous = FULL") }
    try raw.write { db in
        try db.execute(
            sql: "CREATE TABLE delivered(center TEXT, identifier TEXT, body BLOB, date INTEGER, PRIMARY KEY (center, identifier))")
        try db.execute(sql: "CREATE TABLE outbox(seq INTEGER PRIMARY KEY, id TEXT UNIQUE, center TEXT, body BLOB, due INTEGER)")
    }
    let delivered = Data(repeating: 0x61, count: 300)
    let message = Data(repeating: 0x62, count: 500)
    let (start, cpuStarted) = (Date(), processCPUSeconds())
    for batch in stride(from: 0, to: centers, by: 1_024) {
        try raw.write { db in
            let row = try db.cachedStatement(sql: "INSERT INTO delivered VALUES (?, 'episode', ?, 1)")
            let outbox = try db.cachedStatement(sql: "INSERT INTO outbox(id, center, body, due) VALUES (?, ?, ?, 1)")
            for index in batch..<min(centers, batch + 1_024) {
                try row.execute(arguments: ["c\(index)", delivered])
                try outbox.execute(arguments: ["msg_\(index)", "c\(index)", message])
            }
        }
    }
    return (Double(centers) / Date().timeIntervalSince(start), processCPUSeconds() - cpuStarted)
}

/// The CPU seconds the process has used, on every thread.
func processCPUSeconds() -> Double {
    var usage = rusage()
    getrusage(RUSAGE_SELF.rawValue, &usage)
    func seconds(_ time: timeval) -> Double { Double(time.tv_sec) + Double(time.tv_usec) / 1_000_000 }
    return seconds(usage.ru_utime) + seconds(usage.ru_stime)
}

/// The process's peak resident memory (VmHWM), in MB.
func peakResidentMegabytes() -> Double {
    let status = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
    let line = status.split(separator: "\n").first { $0.hasPrefix("VmHWM:") } ?? ""
    return (Double(line.split(separator: " ").dropFirst().first ?? "0") ?? 0) / 1024
}
