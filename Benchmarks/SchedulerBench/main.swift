// make bench, part 2: the store and the scheduler.
//
//   scheduler-bench [--pending N] [--campaign N] [--rounds N] [--only SECTIONS] [--work DIR] [--usernotifyd PATH]
//
// Prints: durable adds per second against a raw SQLite commit in the same run; a campaign (centers
// created and authorized against adds, then a burst of one request per center due at one instant,
// against the raw database moving as many rows; --rounds rounds, 3 by default, each against its own raw
// run, medians); resident memory with 100 k and N pending requests
// against an empty store; firing lateness at 1,000 fires per second with N pending (from the steady
// state and from an emptied WAL file) against a raw SQLite commit at each due time; start-to-ready time
// of usernotifyd with N pending against an empty data directory.
import Clocks
import Foundation
import GRDB
import Logging
import NotificationCore
import NotificationService
import SQLiteStorage
import Scheduling
import Storage
import Synchronization
import TestSupport

let logger = Logger(label: "bench", factory: { _ in SwiftLogNoOpLogHandler() })
let arguments = CommandLine.arguments
func option(_ name: String, _ fallback: String) -> String {
    guard let index = arguments.firstIndex(of: name), index + 1 < arguments.count else { return fallback }
    return arguments[index + 1]
}

func residentMegabytes() -> Double {
    let status = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
    let line = status.split(separator: "\n").first { $0.hasPrefix("VmRSS:") } ?? ""
    return (Double(line.split(separator: " ").dropFirst().first ?? "0") ?? 0) / 1024
}

/// The CPU time the process has used, on every core, user and system: what a figure costs, which a rate
/// on a shared, noisy machine does not show as steadily.
func processCPUSeconds() -> Double {
    var usage = rusage()
    getrusage(RUSAGE_SELF.rawValue, &usage)
    func seconds(_ time: timeval) -> Double { Double(time.tv_sec) + Double(time.tv_usec) / 1_000_000 }
    return seconds(usage.ru_utime) + seconds(usage.ru_stime)
}

/// The one center the benchmarks use.
let center1 = CenterKey(appID: "app", centerID: "c1")

func percentile(_ sorted: [Double], _ p: Double) -> Double {
    sorted.isEmpty ? 0 : sorted[min(sorted.count - 1, Int(Double(sorted.count) * p))]
}

func freshDirectory(_ name: String) throws -> URL {
    let url = URL(fileURLWithPath: option("--work", "Benchmarks/.work")).appendingPathComponent(name)
    try? FileManager.default.removeItem(at: url)
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}

/// A center service on a new database in `directory`.
func makeService(_ directory: URL, clock: any SchedulerClock = SystemClock(), handler: ((any FiringHandler) -> any FiringHandler)? = nil)
    async throws -> (SQLiteStore, NotificationCenterService, Scheduler)
{
    let store = try SQLiteStore(path: directory.appendingPathComponent("usernotifyd.sqlite").path)
    var configuration = NotificationCenterService.Configuration()
    configuration.pendingLimit = 10_000_000
    // As the server builds them: the service and the scheduler read through the caches.
    let cached = CachingStore(store)
    let service = NotificationCenterService(store: cached, clock: clock, configuration: configuration, logger: logger)
    let scheduler = Scheduler(store: cached, clock: clock, handler: handler?(service) ?? service, logger: logger)
    store.changes.listen { if case .due(let date) = $0 { scheduler.wake(dueAt: date) } }
    if try await store.center(center1) == nil {
        _ = try await service.createCenter(center1)
        _ = try await service.requestAuthorization(center1, options: [.alert, .sound, .badge])
        _ = try await service.answerAuthorizationPrompt(center1, allowed: true)
    }
    return (store, service, scheduler)
}

/// Seeds `count` pending requests firing a day or more from now, spread over centers of 64.
func seed(_ store: SQLiteStore, count: Int, from now: Date) async throws {
    let batch = 50_000
    var index = 0
    while index < count {
        let requests = (index..<min(count, index + batch)).map { number in
            PendingRequest(
                center: center1,
                request: NotificationRequest(
                    identifier: "seed-\(number)",
                    content: NotificationContent(title: "Reminder \(number)", body: "Seeded for the benchmark"),
                    trigger: .timeInterval(86_400 + Double(number), repeats: false)
                ),
                addedAt: now, nextFireDate: now.addingTimeInterval(86_400 + Double(number))
            )
        }
        try await store.insertPending(requests)
        index += batch
    }
}

// MARK: subcommand: resident memory of a process holding the store and a running scheduler

if arguments.count > 2, arguments[1] == "rss" {
    let (_, _, scheduler) = try await makeService(URL(fileURLWithPath: arguments[2]))
    let task = Task { try await scheduler.run() }
    await scheduler.settle()
    try await Task.sleep(for: .milliseconds(300))
    print(String(format: "%.1f", residentMegabytes()))
    task.cancel()
    exit(0)
}

let pendingCount = Int(option("--pending", "1000000"))!
/// `--only adds,wal,campaign,pending` runs those sections (default: all).
let sections = Set(option("--only", "adds,wal,campaign,pending").split(separator: ",").map(String.init))
func wants(_ section: String) -> Bool { sections.contains(section) }
let usernotifyd = option("--usernotifyd", ".build/release/usernotifyd")
var rows: [(String, String, String, String)] = []  // figure, value, baseline, ratio

// MARK: 1. durable adds per second, against a raw SQLite commit

if wants("adds") {
    let directory = try freshDirectory("adds")
    let (store, service, _) = try await makeService(directory)
    let center = try await service.center(center1)
    let count = 3000
    let raw = try DatabasePool(path: directory.appendingPathComponent("raw.sqlite").path)
    try raw.writeWithoutTransaction { db in try db.execute(sql: "PRAGMA synchronous = FULL") }
    try raw.write { db in try db.execute(sql: "CREATE TABLE t(id TEXT PRIMARY KEY, body BLOB)") }
    var serviceSeconds = 0.0
    var rawSeconds = 0.0
    // Interleaved in rounds, so that both see the same machine.
    for round in 0..<3 {
        let start = Date()
        for index in 0..<(count / 3) {
            _ = try await service.add(
                to: center,
                NotificationRequest(
                    identifier: "a\(round)-\(index)", content: NotificationContent(title: "t"), trigger: .timeInterval(3600, repeats: false)
                )
            )
        }
        serviceSeconds += Date().timeIntervalSince(start)
        let rawStart = Date()
        for index in 0..<(count / 3) {
            try raw.write { db in
                try db.execute(sql: "INSERT INTO t VALUES (?, ?)", arguments: ["a\(round)-\(index)", Data(repeating: 1, count: 150)])
            }
        }
        rawSeconds += Date().timeIntervalSince(rawStart)
    }
    _ = store
    let adds = Double(count) / serviceSeconds
    let commits = Double(count) / rawSeconds
    rows.append(
        (
            "durable adds/s (service.add, each committed)", String(format: "%.0f", adds), String(format: "%.0f raw commits/s", commits),
            String(format: "%.2f", adds / commits)
        ))
}

/// A flag one task sets and others read.
final class Flag: Sendable {
    private let value = Atomic<Bool>(false)
    var isSet: Bool { value.load(ordering: .relaxed) }
    func set() { value.store(true, ordering: .relaxed) }
}

// MARK: 1b. the WAL's high-water mark under sustained concurrent adds, with readers holding snapshots

if wants("wal") {
    let directory = try freshDirectory("wal")
    let (store, service, _) = try await makeService(directory)
    let center = try await service.center(center1)
    let writers = 8
    let addsPerWriter = 1000
    let limits = SQLiteStore.WALLimits()
    let start = Date()
    let finished = Flag()
    try await withThrowingTaskGroup(of: Void.self) { group in
        group.addTask { await store.runCheckpoints() }
        group.addTask {
            while !finished.isSet { _ = try await store.pendingRequests(center1, after: nil, limit: 100) }
        }
        try await withThrowingTaskGroup(of: Void.self) { adds in
            for writer in 0..<writers {
                adds.addTask {
                    for index in 0..<addsPerWriter {
                        _ = try await service.add(
                            to: center,
                            NotificationRequest(
                                identifier: "w\(writer)-\(index)",
                                content: NotificationContent(title: "t", body: String(repeating: "b", count: 500)),
                                trigger: .timeInterval(3600, repeats: false)))
                    }
                }
            }
            try await adds.waitForAll()
        }
        finished.set()
        group.cancelAll()
    }
    let seconds = Date().timeIntervalSince(start)
    let database =
        (try? FileManager.default.attributesOfItem(atPath: directory.appendingPathComponent("usernotifyd.sqlite").path)[.size] as? Int) ?? 0
    rows.append(
        (
            "WAL high-water (MB), \(writers * addsPerWriter) adds in \(String(format: "%.1f", seconds)) s by \(writers) writers, readers on",
            String(format: "%.1f", Double(store.walHighWater) / 1_048_576),
            String(
                format: "%.0f soft / %.0f hard limit; database %.1f", Double(limits.soft) / 1_048_576, Double(limits.hard) / 1_048_576,
                Double(database) / 1_048_576),
            String(format: "%.2f", Double(store.walHighWater) / Double(limits.soft))
        ))
}

// MARK: 1c. a campaign: centers created and authorized, one request each, all due at one instant

/// Runs `work(index)` for 0..<count, `workers` at a time; returns the seconds it took.
func concurrently(_ count: Int, workers: Int = 50, _ work: @escaping @Sendable (Int) async throws -> Void) async throws -> Double {
    let start = Date()
    try await withThrowingTaskGroup(of: Void.self) { group in
        for worker in 0..<workers {
            group.addTask { for index in stride(from: worker, to: count, by: workers) { try await work(index) } }
        }
        try await group.waitForAll()
    }
    return Date().timeIntervalSince(start)
}

/// One round of the campaign: its figures, each against the raw database's in the same round.
struct CampaignRound {
    var creating: Double
    var adding: Double
    var firing: Double
    var firingCPU: Double
    var rawRate: Double
    var rawCPU: Double
}

/// The raw database's share of the campaign's firing: as many rows of the same size moved from a pending to
/// a delivered table, 500 to a transaction, each committed with fsync. Returns rows/s and CPU seconds.
func rawMove(_ directory: URL, centers: Int) throws -> (rate: Double, cpu: Double) {
    let raw = try DatabasePool(path: directory.appendingPathComponent("raw.sqlite").path)
    try raw.writeWithoutTransaction { db in try db.execute(sql: "PRAGMA synchronous = FULL") }
    let body = Data(repeating: 0x61, count: 160)
    try raw.write { db in
        try db.execute(sql: "CREATE TABLE pending(center TEXT, identifier TEXT, body BLOB, fire INTEGER, PRIMARY KEY (center, identifier))")
        try db.execute(sql: "CREATE INDEX pending_due ON pending(fire)")
        try db.execute(
            sql: "CREATE TABLE delivered(center TEXT, identifier TEXT, body BLOB, date INTEGER, PRIMARY KEY (center, identifier))")
        let insert = try db.makeStatement(sql: "INSERT INTO pending VALUES (?, 'campaign', ?, 1)")
        for index in 0..<centers { try insert.execute(arguments: ["user-\(index)", body]) }
    }
    let rawStart = Date()
    let rawCPUStart = processCPUSeconds()
    var moved = 0
    while moved < centers {
        moved += try raw.write { db in
            let batch = try Row.fetchAll(db, sql: "SELECT rowid FROM pending ORDER BY fire LIMIT 500").map { $0[0] as Int64 }
            let list = batch.map(String.init).joined(separator: ",")
            try db.execute(sql: "INSERT INTO delivered SELECT center, identifier, body, 2 FROM pending WHERE rowid IN (\(list))")
            try db.execute(sql: "DELETE FROM pending WHERE rowid IN (\(list))")
            return batch.count
        }
    }
    let rate = Double(centers) / Date().timeIntervalSince(rawStart)
    let cpu = processCPUSeconds() - rawCPUStart
    try raw.close()
    return (rate, cpu)
}

func campaignRound(centers: Int) async throws -> CampaignRound {
    let directory = try freshDirectory("campaign")
    let clock = ManualClock(now: Date(timeIntervalSince1970: 1_800_000_000))
    let (store, service, scheduler) = try await makeService(directory, clock: clock)
    // Each center as an app's backend makes it: created, then authorized (the app's policy grants it).
    let creating = try await concurrently(centers) { index in
        let key = CenterKey(appID: "app", centerID: "user-\(index)")
        _ = try await service.createCenter(key)
        _ = try await service.requestAuthorization(key, options: [.alert, .sound, .badge])
        _ = try await service.answerAuthorizationPrompt(key, allowed: true)
    }
    let adding = try await concurrently(centers) { index in
        let center = try await service.center(CenterKey(appID: "app", centerID: "user-\(index)"))
        _ = try await service.add(
            to: center,
            NotificationRequest(
                identifier: "campaign", content: NotificationContent(title: "Sale starts now", body: "Everything 20% off until midnight"),
                trigger: .timeInterval(60, repeats: false)))
    }
    let (rawRate, rawCPU) = try rawMove(directory, centers: centers)
    // The campaign: every request due at the same instant, fired and recorded by the scheduler.
    let running = Task { try await scheduler.run() }
    // As the server runs it: the WAL is checkpointed beside the writer, never inside its commits.
    let checkpoints = Task { await store.runCheckpoints() }
    await scheduler.settle()
    FileHandle.standardError.write(Data("campaign: firing \(centers) requests\n".utf8))
    let firingStart = Date()
    let firingCPUStart = processCPUSeconds()
    _ = clock.advance(by: 60)
    await scheduler.settle()
    let firing = Date().timeIntervalSince(firingStart)
    let firingCPU = processCPUSeconds() - firingCPUStart
    running.cancel()
    checkpoints.cancel()
    _ = await running.result
    await checkpoints.value
    let delivered = try await DatabaseQueue(path: directory.appendingPathComponent("usernotifyd.sqlite").path).read { db in
        try Int.fetchOne(db, sql: "SELECT count(*) FROM delivered") ?? 0
    }
    precondition(delivered == centers, "the campaign delivered \(delivered) of \(centers)")
    try store.close()
    return CampaignRound(
        creating: creating, adding: adding, firing: firing, firingCPU: firingCPU, rawRate: rawRate, rawCPU: rawCPU)
}

/// The median of `values`.
func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    return sorted.count % 2 == 1 ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
}

/// "median (each round's)" of ratios, two decimals.
func ratios(_ values: [Double]) -> String {
    let each = values.map { String(format: "%.2f", $0) }.joined(separator: ", ")
    return values.count == 1 ? each : String(format: "%.2f", median(values)) + " (\(each))"
}

if wants("campaign") {
    let centers = Int(option("--campaign", "20000"))!
    // `--rounds N` runs the campaign N times, each against its own raw run; the figures are medians and
    // each ratio's median comes with every round's (the machine's load moves between rounds).
    var rounds: [CampaignRound] = []
    for _ in 0..<Int(option("--rounds", "3"))! { rounds.append(try await campaignRound(centers: centers)) }
    let count = Double(centers)
    rows.append(
        (
            "centers created and authorized/s, 50 at a time", String(format: "%.0f", median(rounds.map { count / $0.creating })),
            String(format: "%.0f adds/s, 50 at a time", median(rounds.map { count / $0.adding })),
            ratios(rounds.map { $0.adding / $0.creating })
        ))
    rows.append(
        (
            "burst: \(centers) requests due at one instant, fired and recorded/s",
            String(format: "%.0f", median(rounds.map { count / $0.firing })),
            String(format: "%.0f rows/s moved pending → delivered, 500 a transaction", median(rounds.map(\.rawRate))),
            ratios(rounds.map { count / $0.firing / $0.rawRate })
        ))
    // The same burst as CPU time (the whole process's, on both cores): steadier than the rate.
    let perMillion = 1_000_000 / count
    rows.append(
        (
            "burst: CPU µs per firing (the process, every core)", String(format: "%.1f", median(rounds.map { $0.firingCPU * perMillion })),
            String(format: "%.1f µs per raw row moved", median(rounds.map { $0.rawCPU * perMillion })),
            ratios(rounds.map { $0.rawCPU / $0.firingCPU })
        ))
}

// MARK: 2. resident memory with 100 k and N pending

func rss(_ directory: URL) throws -> Double {
    let run = try ChildProcess.run(CommandLine.arguments[0], ["rss", directory.path])
    return Double(run.output.trimmingCharacters(in: .whitespacesAndNewlines)) ?? -1
}

let bigDirectory = try freshDirectory("pending-\(pendingCount)")
if wants("pending") {
    let emptyDirectory = try freshDirectory("empty")
    _ = try await makeService(emptyDirectory)
    let smallDirectory = try freshDirectory("pending-100k")
    let (small, _, _) = try await makeService(smallDirectory)
    try await seed(small, count: 100_000, from: Date())
    let (big, _, _) = try await makeService(bigDirectory)
    try await seed(big, count: pendingCount, from: Date())
    let empty = try rss(emptyDirectory)
    for (label, directory) in [("100 k", smallDirectory), ("\(pendingCount / 1000) k", bigDirectory)] {
        let megabytes = try rss(directory)
        rows.append(
            (
                "RSS with \(label) pending (MB)", String(format: "%.1f", megabytes), String(format: "%.1f empty", empty),
                String(format: "%.2f", megabytes / empty)
            ))
    }
}

// MARK: 3. firing lateness at 1,000 fires per second with N pending

final class LatenessRecorder: FiringHandler {
    let inner: any FiringHandler
    let lateness = Mutex<[Double]>([])
    init(_ inner: any FiringHandler) { self.inner = inner }

    let started = Mutex<[Double]>([])
    func fire(_ due: [StoredPending], at now: Date) async throws -> [FiringRecord] {
        let begin = Date()
        let recorded = try await inner.fire(due, at: now)
        let end = Date()
        let late = due.map { end.timeIntervalSince($0.pending.nextFireDate ?? now) * 1000 }
        lateness.withLock { $0.append(contentsOf: late) }
        started.withLock { $0.append(contentsOf: due.map { begin.timeIntervalSince($0.pending.nextFireDate ?? now) * 1000 }) }
        return recorded
    }
}

if wants("pending") {
    var recorder: LatenessRecorder?
    let (store, service, scheduler) = try await makeService(bigDirectory) { inner in
        let made = LatenessRecorder(inner)
        recorder = made
        return made
    }
    _ = service
    let fires = 5000
    /// Adds `fires` requests due 1 ms apart from a second from now (after `prepare`), waits until all
    /// have fired, and returns how late each firing was recorded and started (ms), sorted.
    func lateness(_ name: String, prepare: () async throws -> Void) async throws -> (recorded: [Double], started: [Double]) {
        let start = Date().addingTimeInterval(1)
        let due = (0..<fires).map { index in
            PendingRequest(
                center: center1,
                request: NotificationRequest(
                    identifier: "\(name)-\(index)", content: NotificationContent(title: "due"), trigger: .timeInterval(1, repeats: false)),
                addedAt: Date(), nextFireDate: start.addingTimeInterval(Double(index) / 1000)
            )
        }
        try await store.insertPending(due)
        try await prepare()
        while (recorder?.lateness.withLock { $0.count } ?? fires) < fires { try await Task.sleep(for: .milliseconds(50)) }
        defer {
            recorder!.lateness.withLock { $0.removeAll() }
            recorder!.started.withLock { $0.removeAll() }
        }
        return (recorder!.lateness.withLock { $0 }.sorted(), recorder!.started.withLock { $0 }.sorted())
    }
    func figures(_ sorted: [Double]) -> String {
        String(format: "%.2f / %.2f / %.2f", percentile(sorted, 0.5), percentile(sorted, 0.99), sorted.last ?? 0)
    }
    // The steady state of a server that has been running: the seeding's WAL moved into the database and
    // started over, its file kept (as the checkpointer keeps it under a stream of commits).
    try await store.checkpoint(.restart)
    let checkpoints = Task { await store.runCheckpoints() }
    let task = Task { try await scheduler.run() }
    let steady = try await lateness("steady") {}
    // The same once the WAL file was emptied, as after a start or a pause: each commit extends the file
    // until it has grown to its working size.
    let fresh = try await lateness("fresh") { try await store.checkpoint(.truncate) }
    task.cancel()
    checkpoints.cancel()
    let raw = try rawCommitLateness(bigDirectory, commits: fires)
    let rawFigures = figures(raw) + " raw commit at each due time"
    rows.append(
        (
            "firing lateness p50 / p99 / max (ms), 1,000 fires/s, \(pendingCount / 1000) k pending", figures(steady.recorded), rawFigures,
            String(format: "%.2f (p99)", percentile(steady.recorded, 0.99) / percentile(raw, 0.99))
        ))
    rows.append(("… of which waiting to start: p50 / p99 / max (ms)", figures(steady.started), "due time", "–"))
    rows.append(
        (
            "… the same from an emptied WAL file (after a start or a pause)", figures(fresh.recorded), rawFigures,
            String(format: "%.2f (p99)", percentile(fresh.recorded, 0.99) / percentile(raw, 0.99))
        ))
}

/// The disk's share of firing lateness, in the same run: a bare SQLite database next to the store (WAL,
/// each commit with fsync, SQLite's own checkpoints) commits one small row at each of `commits` due
/// times 1 ms apart, on a thread that sleeps until each; returns how late each commit ended (ms), sorted.
/// A slow fsync of the machine's disk shows here as it does in the scheduler's firings.
func rawCommitLateness(_ directory: URL, commits: Int) throws -> [Double] {
    let raw = try DatabaseQueue(path: directory.appendingPathComponent("raw-lateness.sqlite").path)
    try raw.writeWithoutTransaction { db in
        try db.execute(sql: "PRAGMA journal_mode = WAL")
        try db.execute(sql: "PRAGMA synchronous = FULL")
        try db.execute(sql: "CREATE TABLE IF NOT EXISTS fired(id INTEGER PRIMARY KEY, body BLOB)")
    }
    let body = Data(repeating: 0x61, count: 160)
    let start = Date().addingTimeInterval(0.1)
    var late: [Double] = []
    late.reserveCapacity(commits)
    for index in 0..<commits {
        let due = start.addingTimeInterval(Double(index) / 1000)
        Thread.sleep(until: due)
        try raw.write { db in try db.execute(sql: "INSERT INTO fired(body) VALUES (?)", arguments: [body]) }
        late.append(Date().timeIntervalSince(due) * 1000)
    }
    return late.sorted()
}

// MARK: 4. start-to-ready of usernotifyd with N pending, against an empty data directory

func startToReady(_ dataDirectory: URL) throws -> Double {
    let output = try ChildProcess.channel()
    defer { close(output[0]) }
    let start = Date()
    let child: ChildProcess
    do {
        defer { close(output[1]) }
        child = try ChildProcess(
            executable: usernotifyd, arguments: ["--port", "0", "--data-dir", dataDirectory.path, "--log-level", "notice"],
            standardOutput: output[1])
    }
    // Stopped once ready: its output then ends.
    var seconds: Double?
    var text = ""
    ChildProcess.readChunks(output[0]) { chunk in
        text += String(decoding: chunk, as: UTF8.self)
        guard seconds == nil, text.contains("storage ready") else { return }
        seconds = Date().timeIntervalSince(start)
        child.signal(SIGTERM)
    }
    child.waitUntilExit()
    guard let seconds else { fatalError("usernotifyd ended before it was ready: \(text)") }
    return seconds
}

if wants("pending"), FileManager.default.fileExists(atPath: usernotifyd) {
    let emptyData = try freshDirectory("ready-empty")
    var empty: [Double] = []
    var full: [Double] = []
    for _ in 0..<3 {
        empty.append(try startToReady(emptyData))
        full.append(try startToReady(bigDirectory))
    }
    let e = empty.sorted()[1]
    let f = full.sorted()[1]
    rows.append(
        (
            "start-to-ready with \(pendingCount / 1000) k pending (s)", String(format: "%.3f", f), String(format: "%.3f empty", e),
            String(format: "%.2f", f / e)
        ))
}

print("")
print("| figure | value | baseline (same run) | ratio |")
print("|---|---|---|---|")
for row in rows { print("| \(row.0) | \(row.1) | \(row.2) | \(row.3) |") }
