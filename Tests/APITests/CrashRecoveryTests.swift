import Foundation
import Synchronization
import TestSupport
import Testing

/// What a process killed at the wrong moment leaves behind, on the real binary with SQLite: one process
/// owns the data directory, so a restart releases what the dead one had claimed and fires it at once —
/// on the virtual clock without anyone moving it further, on the real clock without waiting for a lease —
/// each request exactly once. A second process on the same data directory refuses to start.
@Suite struct CrashRecoveryTests {
    static let secret = WebhookTests.secret
    /// Loads the service on purpose: no rate limits; webhooks to the loopback receiver.
    static let arguments = ["--rate-limit-send", "0", "--rate-limit-write", "0", "--rate-limit-read", "0"] + WebhookTests.allowLoopback
    static let centers = 30
    static let perCenter = 50

    /// An app whose delegate gets `notification.delivered` at `receiver`, with `centers` granted centers.
    static func prepare(_ server: APIServer, receiver: WebhookReceiver) async throws -> String {
        let (_, key) = try await server.makeApp(policy: "grant")
        let configured = try await server.call(
            "PUT", "/v1/webhooks", token: key,
            json: ["delegateURL": receiver.url, "secrets": [secret], "events": ["notification.delivered"]])
        #expect(configured.status == 200, "\(configured.text)")
        try await concurrently(0..<centers, width: 8) { index in
            _ = try await server.call("POST", "/v1/centers", token: key, json: ["id": "c\(index)"])
            let granted = try await server.call("POST", "/v1/centers/c\(index)/authorization", token: key, json: ["options": ["alert"]])
            guard granted.status == 200 else { throw LoopbackConnection.Failure("center c\(index): \(granted.status) \(granted.text)") }
        }
        return key
    }

    /// `perCenter` requests in every center, each due `seconds` after its add; returns when each was
    /// due at the latest ("c3/r7": the wall clock's time its add answered, plus `seconds`).
    @discardableResult
    static func add(_ server: APIServer, key: String, seconds: Double) async throws -> [String: Date] {
        let due = Mutex<[String: Date]>([:])
        try await concurrently(0..<(centers * perCenter), width: 16) { index in
            let added = try await server.call(
                "POST", "/v1/centers/c\(index / perCenter)/requests", token: key,
                json: [
                    "identifier": "r\(index % perCenter)", "content": ["title": "n\(index)"],
                    "trigger": ["type": "timeInterval", "timeInterval": seconds],
                ])
            guard added.status == 201 else { throw LoopbackConnection.Failure("request \(index): \(added.status) \(added.text)") }
            let answered = Date()
            due.withLock { $0["c\(index / perCenter)/r\(index % perCenter)"] = answered.addingTimeInterval(seconds) }
        }
        return due.withLock { $0 }
    }

    /// The centers' delivered notifications: when each was delivered, by "center/identifier".
    static func delivered(_ server: APIServer, key: String, centers: Range<Int> = 0..<centers) async throws -> [String: Date] {
        var delivered: [String: Date] = [:]
        for index in centers {
            let page = try await server.call("GET", "/v1/centers/c\(index)/delivered?limit=500", token: key)
            for notification in page.json["notifications"] as? [[String: Any]] ?? [] {
                let identifier = (notification["request"] as? [String: Any])?["identifier"] as? String ?? "?"
                delivered["c\(index)/\(identifier)"] = ISO8601DateFormatter.withFractions.date(from: notification["date"] as? String ?? "")
            }
        }
        return delivered
    }

    /// How many requests are still pending in the centers.
    static func pending(_ server: APIServer, key: String) async throws -> Int {
        var total = 0
        for index in 0..<centers {
            let page = try await server.call("GET", "/v1/centers/c\(index)/requests?limit=500", token: key)
            total += (page.json["requests"] as? [Any])?.count ?? 0
        }
        return total
    }

    /// Every firing reached the receiver under one webhook id (a call may come twice; a firing may not).
    static func expectEachFiredOnce(_ receiver: WebhookReceiver) async throws {
        let total = centers * perCenter
        var idsPerFiring: [String: Set<String>] = [:]
        try await waitUntil("every firing's webhook", within: 300) {
            let connection = try await LoopbackConnection.open(port: receiver.port, timeout: 60)
            let received =
                try JSONSerialization.jsonObject(with: Data(try await connection.request("GET", "/control/received?brief=1").body))
                as? [[String: Any]] ?? []
            idsPerFiring = [:]
            for call in received {
                let firing = "\(call["centerID"] as? String ?? "?")/\(call["identifier"] as? String ?? "?")"
                idsPerFiring[firing, default: []].insert(call["id"] as? String ?? "")
            }
            return idsPerFiring.count == total
        }
        let twice = idsPerFiring.filter { $0.value.count > 1 }
        #expect(twice.isEmpty, "fired more than once: \(twice.keys.sorted().prefix(10))")
    }

    /// 1,500 requests due, the virtual clock moved past them, SIGKILL while they fire, a restart on the
    /// same data directory: every request fires right after the restart — not after the dead process's
    /// leases, and not only when someone moves the clock again.
    @Test func aKillMidFiringOnTheVirtualClockLeavesNothingPendingAfterTheRestart() async throws {
        let receiver = try await WebhookReceiver(secrets: [Self.secret])
        let first = try await APIServer(arguments: Self.arguments)
        let key = try await Self.prepare(first, receiver: receiver)
        try await Self.add(first, key: key, seconds: 60)

        async let moved = try? slowRequest(
            port: first.port, "POST", "/v1/clock", token: APIServer.adminToken, json: ["advanceBy": 61], timeout: 300)
        // Requests fire in due order, center after center: kill once the first center's have fired.
        try await waitUntil("the firing to begin") { try await !Self.delivered(first, key: key, centers: 0..<1).isEmpty }
        first.process.signal(SIGKILL)
        _ = try await first.process.waitForExit()
        _ = await moved

        let second = try await APIServer(dataDirectory: first.dataDirectory, arguments: Self.arguments)
        let ready = ContinuousClock.now
        let total = Self.centers * Self.perCenter
        // Nobody moves the clock: the restart fires what the dead process had claimed by itself.
        try await waitUntil("everything to fire", within: 120) { try await Self.delivered(second, key: key).count == total }
        // No bound on the time here (the real-clock test has one, as lateness): that nobody moved the clock
        // is the point.
        print("restart to everything fired on the virtual clock: \(ContinuousClock.now - ready)")
        // And a settle of the clock (a move by nothing) answers with nothing left.
        let settled = try await slowRequest(
            port: second.port, "POST", "/v1/clock", token: APIServer.adminToken, json: ["advanceBy": 0], timeout: 300)
        #expect(settled.status == 200, "\(settled.text)")
        #expect(try await Self.pending(second, key: key) == 0)
        try await Self.expectEachFiredOnce(receiver)
        try await second.stop()
        try await receiver.stop()
    }

    /// On the real clock: requests due a few seconds after their adds, SIGKILL as the first fire, an
    /// immediate restart. Each request fires at its due date or, if that passed while no process ran, as
    /// soon as the new process is ready — never once the dead one's leases (10 s) have run out.
    @Test func aKillMidFiringOnTheRealClockFiresWhatWasDueRightAfterTheRestart() async throws {
        let receiver = try await WebhookReceiver(secrets: [Self.secret])
        let first = try await APIServer(virtualClock: false, arguments: Self.arguments)
        let key = try await Self.prepare(first, receiver: receiver)
        let due = try await Self.add(first, key: key, seconds: 3)

        try await waitUntil("the firing to begin") { try await !Self.delivered(first, key: key, centers: 0..<1).isEmpty }
        first.process.signal(SIGKILL)
        _ = try await first.process.waitForExit()
        let restarted = Date()
        let second = try await APIServer(virtualClock: false, dataDirectory: first.dataDirectory, arguments: Self.arguments)
        let ready = Date()
        let total = Self.centers * Self.perCenter
        var delivered: [String: Date] = [:]
        try await waitUntil("everything to fire", within: 120) {
            delivered = try await Self.delivered(second, key: key)
            return delivered.count == total
        }
        // How late each fired after it was due, or after the new process was ready if it came due while
        // none ran (the restart itself is not the service's lateness).
        let lateness = delivered.map { key, date in date.timeIntervalSince(max(due[key] ?? .distantFuture, ready)) }
        let latest = lateness.max() ?? 0
        print("restart took \(ready.timeIntervalSince(restarted)) s; latest firing \(latest) s after it could fire")
        #expect(latest < 5, "fired without waiting for the dead process's leases (10 s): at most \(latest) s late")
        #expect(due.keys.filter { (due[$0] ?? .distantPast) < restarted }.count > 0, "some came due while no process ran")
        try await Self.expectEachFiredOnce(receiver)
        try await second.stop()
        try await receiver.stop()
    }

    /// A second process on a data directory in use refuses to start, naming the directory and the
    /// holder's pid, and the first serves on untouched; once the first is SIGKILLed a new one starts at
    /// once (the kernel drops the lock with the process).
    @Test func aSecondProcessOnTheSameDataDirectoryRefusesToStart() async throws {
        let first = try await APIServer()
        let (_, key) = try await first.makeApp()
        let second = try ServerProcess(
            product: "usernotifyd",
            arguments: ["--port", "0", "--data-dir", first.dataDirectory, "--admin-token", APIServer.adminToken])
        let status = try await second.waitForExit()
        #expect(status != 0)
        // All of it: the exit can come before the reading thread has taken the last lines from the pipe.
        let output = try await second.allOutputLines().joined(separator: "\n")
        #expect(output.contains(first.dataDirectory) && output.contains("process \(first.process.process.pid)"), "\(output)")
        #expect(!output.contains("\"listening\""), "it stopped before it served: \(output)")

        // The first is untouched: it serves, and what it had is there.
        #expect(try await first.call("POST", "/v1/centers", token: key, json: ["id": "still-here"]).status == 201)
        #expect(try await first.call("GET", "/v1/centers/still-here", token: key).status == 200)

        first.process.signal(SIGKILL)
        _ = try await first.process.waitForExit()
        let third = try await APIServer(dataDirectory: first.dataDirectory)
        #expect(try await third.call("GET", "/v1/centers/still-here", token: key).status == 200)
        try await third.stop()
    }
}
