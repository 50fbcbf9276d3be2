import Foundation
import TestSupport
import Testing

/// What the scheduler does while the store refuses its firings, from outside: the real binary on SQLite,
/// whose database file another process holds a write transaction on (as a `sqlite3` shell left in
/// `BEGIN IMMEDIATE` would), so that each firing waits out SQLite's busy time-out and fails.
@Suite struct FiringFailureTests {
    @Test(.timeLimit(.minutes(10))) func firingsTheStoreRefusesAreCountedAndTriedAgainUntilTheyFire() async throws {
        let server = try await APIServer(virtualClock: false)
        let (_, key) = try await server.makeApp(policy: "grant")
        _ = try await server.makeAuthorizedCenter("phone", key: key)
        // The lock must come before the firing: a request due in 3 s of real time, and if this machine took
        // longer than that to take the lock, again with the next one.
        var held: (locker: ServerProcess, identifier: String)?
        for attempt in 1...5 where held == nil {
            let identifier = "tea-\(attempt)"
            let added = try await server.call(
                "POST", "/v1/centers/phone/requests", token: key,
                json: ["identifier": identifier, "content": ["title": "Tea"], "trigger": ["type": "timeInterval", "timeInterval": 3]])
            #expect(added.status == 201, "\(added.text)")
            let locker = try await Self.holdWriteTransaction(on: server.dataDirectory + "/usernotifyd.sqlite")
            if try await Self.delivered(server, key: key).contains(identifier) {
                try await Self.stop(locker)
            } else {
                held = (locker, identifier)
            }
        }
        let (locker, identifier) = try #require(held, "each request fired before its lock was taken")
        #expect(try await server.process.waitForLine(containing: "firing failed") != nil)
        let metrics = MetricsTests.samples(try await server.call("GET", "/metrics", token: APIServer.adminToken).text)
        #expect((metrics[#"usernotifyd_firing_failures_total{code="unavailable"}"#] ?? 0) >= 1, "\(metrics.keys.sorted())")
        #expect(try await !Self.delivered(server, key: key).contains(identifier))

        try await Self.stop(locker)
        #expect(try await server.process.waitForLine(containing: "the scheduler fires again") != nil)
        #expect(try await Self.delivered(server, key: key).contains(identifier))
        try await server.stop()
    }

    /// A process that holds a write transaction on the SQLite file at `path` until stopped
    /// (`Tests/Scripts/hold-write-transaction.py`).
    static func holdWriteTransaction(on path: String) async throws -> ServerProcess {
        let locker = try ServerProcess(
            executable: URL(fileURLWithPath: "/usr/bin/python3"),
            arguments: [ServerProcess.packageRoot.appendingPathComponent("Tests/Scripts/hold-write-transaction.py").path, path])
        guard try await locker.waitForLine(containing: "holding") != nil else {
            throw LoopbackConnection.Failure("the write transaction was not taken: \(locker.outputSoFar)")
        }
        return locker
    }

    /// SIGKILL: the test process may leave SIGTERM ignored for its children. The file's lock goes with it.
    static func stop(_ locker: ServerProcess) async throws {
        locker.signal(SIGKILL)
        _ = try await locker.waitForExit()
    }

    static func delivered(_ server: APIServer, key: String) async throws -> [String] {
        let notifications =
            try await server.call("GET", "/v1/centers/phone/delivered", token: key).json["notifications"] as? [[String: Any]]
        return (notifications ?? []).compactMap { ($0["request"] as? [String: Any])?["identifier"] as? String }
    }
}
