// Adds one-shot requests and fires them on the system clock until killed, printing `acked <id>` once
// an add has committed and `fired <id>` once a firing has been recorded. The crash test SIGKILLs it,
// restarts it on the same file, and checks that no acknowledged request was lost and none fired twice.
//
// usage: center-crash-fixture <database path> <run name> add|drain
import Clocks
import Foundation
import Logging
import NotificationCore
import NotificationService
import SQLiteStorage
import Scheduling
import Storage

struct PrintingHandler: FiringHandler {
    let service: NotificationCenterService

    func fire(_ due: [StoredPending], at now: Date) async throws -> [FiringRecord] {
        // Only what was recorded fired: a claim taken over by another process records nothing.
        let recorded = try await service.fire(due, at: now)
        for firing in recorded { say("fired \(firing.identifier)") }
        return recorded
    }
}

func say(_ line: String) {
    FileHandle.standardOutput.write(Data((line + "\n").utf8))
}

let arguments = CommandLine.arguments
let store = try SQLiteStore(path: arguments[1])
let runName = arguments[2]
let adding = arguments[3] == "add"
let logger = Logger(label: "fixture", factory: { _ in SwiftLogNoOpLogHandler() })
// Adds outpace firings for a while (each is due 20–140 ms later): the default limit of 64 would stop them.
var configuration = NotificationCenterService.Configuration()
configuration.pendingLimit = 100_000
let service = NotificationCenterService(store: store, clock: SystemClock(), configuration: configuration, logger: logger)
let center = CenterKey(appID: "app", centerID: "c1")
let scheduler = Scheduler(store: store, clock: SystemClock(), handler: PrintingHandler(service: service), logger: logger)
store.changes.listen { if case .due(let date) = $0 { scheduler.wake(dueAt: date) } }

if try await store.center(center) == nil {
    _ = try await service.createCenter(center)
    _ = try await service.requestAuthorization(center, options: [.alert])
    _ = try await service.answerAuthorizationPrompt(center, allowed: true)
}
let record = try await service.center(center)
say("ready")

try await withThrowingTaskGroup(of: Void.self) { group in
    group.addTask { try await scheduler.run() }
    if adding {
        var index = 0
        while true {
            index += 1
            let identifier = "\(runName)-\(index)"
            let delay = Double(index % 7 + 1) / 50
            _ = try await service.add(
                to: record,
                NotificationRequest(
                    identifier: identifier, content: NotificationContent(title: identifier), trigger: .timeInterval(delay, repeats: false))
            )
            say("acked \(identifier)")
        }
    } else {
        while try await !store.pendingRequests(center, after: nil, limit: 1).items.isEmpty {
            try await Task.sleep(for: .milliseconds(20))
        }
        say("drained")
        group.cancelAll()
    }
}
