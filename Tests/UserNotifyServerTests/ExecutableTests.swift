import Foundation
import TestSupport
import Testing
import UserNotifyServer

/// The real `usernotifyd` binary, as `make run` starts it.
@Suite struct ExecutableTests {
    @Test func startsLogsItsAddressAsJSONServesHealthAndStopsOnSIGTERM() async throws {
        let dataDirectory = TestDirectories.unique("executable")
        let server = try ServerProcess(
            product: "usernotifyd", arguments: ["--port", "0"], environment: ["USERNOTIFYD_DATA_DIR": dataDirectory]
        )
        let port = try await server.waitForPort()
        let line = try #require(server.outputSoFar.split(separator: "\n").first { $0.contains("\"listening\"") })
        let json = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        #expect(json["level"] as? String == "notice")
        #expect(json["http.host"] as? String == "127.0.0.1")
        #expect(json["ts"] != nil)

        let health = try await loopbackRequest(port: port, "GET", "/healthz")
        #expect(health.status == 200)
        #expect(health.json["status"] as? String == "ok")
        // /readyz answers 503 until storage is open and migrated, which it logs.
        let early = try await loopbackRequest(port: port, "GET", "/readyz")
        #expect(early.status == 200 || early.json["code"] as? String == "notReady")
        _ = try await server.waitForLine(containing: "storage ready")
        let ready = try await loopbackRequest(port: port, "GET", "/readyz")
        #expect(ready.status == 200)
        let missing = try await loopbackRequest(port: port, "GET", "/nothing-here")
        #expect(missing.status == 404)
        #expect(missing.header("Content-Type") == "application/problem+json")

        server.signal(SIGTERM)
        #expect(try await server.waitForExit() == 0)
    }

    @Test func versionPrintsTheBuildsVersionAndExits() async throws {
        let process = try ServerProcess(product: "usernotifyd", arguments: ["--version"])
        #expect(try await process.waitForExit() == 0)
        #expect(try await process.allOutputLines() == ["usernotifyd \(BuildInfo.version)"])
        let spec = try String(contentsOf: ServerProcess.packageRoot.appendingPathComponent("openapi.yaml"), encoding: .utf8)
        #expect(spec.contains("\n  version: \(BuildInfo.version)\n"), "openapi.yaml's info.version is the build's")
    }

    /// The image's health check: `usernotifyd healthcheck` asks the server on the port it was given
    /// (USERNOTIFYD_PORT, as the container sets it) and exits 0 only when `/healthz` answers 200.
    @Test func healthcheckAsksTheRunningServerAndSaysWhetherItIsHealthy() async throws {
        let data = FileManager.default.temporaryDirectory.appendingPathComponent("health-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: data) }
        let server = try ServerProcess(product: "usernotifyd", arguments: ["--port", "0", "--data-dir", data])
        let port = try await server.waitForPort()
        let healthy = try ServerProcess(
            product: "usernotifyd", arguments: ["healthcheck"], environment: ["USERNOTIFYD_PORT": "\(port)", "USERNOTIFYD_HOST": "0.0.0.0"])
        #expect(try await healthy.waitForExit() == 0)
        server.signal(SIGTERM)
        #expect(try await server.waitForExit() == 0)
        let gone = try ServerProcess(product: "usernotifyd", arguments: ["healthcheck", "--port", "\(port)"])
        #expect(try await gone.waitForExit() == 1, "nothing answers on that port any more")
        #expect(try await gone.allOutputLines().contains { $0.contains("/healthz answered nothing") })
    }

    @Test func aBadFlagExitsWithUsageError() async throws {
        let server = try ServerProcess(product: "usernotifyd", arguments: ["--port", "nope"])
        #expect(try await server.waitForExit() == 64)
    }

    @Test func anAddressInUseFailsCleanly() async throws {
        let data = FileManager.default.temporaryDirectory.appendingPathComponent("in-use-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: data) }
        let first = try ServerProcess(product: "usernotifyd", arguments: ["--port", "0", "--data-dir", data + "/first"])
        let port = try await first.waitForPort()
        let second = try ServerProcess(product: "usernotifyd", arguments: ["--port", "\(port)", "--data-dir", data + "/second"])
        #expect(try await second.waitForExit(timeout: 120) == 1)
        first.signal(SIGTERM)
        #expect(try await first.waitForExit(timeout: 120) == 0)
    }

    /// A replica whose database cannot be reached keeps retrying, not ready, and SIGTERM still stops it
    /// at once and cleanly (nothing was ready to shut down).
    @Test func sigtermStopsAServerStillWaitingForItsDatabase() async throws {
        let dataDirectory = TestDirectories.unique("executable")
        // Port 1 on loopback: nothing listens there, so every connection is refused.
        let server = try ServerProcess(
            product: "usernotifyd",
            arguments: ["--port", "0", "--data-dir", dataDirectory, "--database-url", "postgres://nobody@127.0.0.1:1/none"])
        let port = try await server.waitForPort()
        _ = try await server.waitForLine(containing: "database not reachable; retrying")
        #expect(try await loopbackRequest(port: port, "GET", "/readyz").status == 503)
        server.signal(SIGTERM)
        #expect(try await server.waitForExit() == 0)
    }

    /// After SIGTERM, `/readyz` turns 503 at once while everything still serves for the drain delay, so
    /// load balancers stop sending first; then the server drains and exits 0.
    @Test func sigtermTurnsReadinessOffForTheDrainDelayWhileStillServing() async throws {
        let dataDirectory = TestDirectories.unique("executable")
        let server = try ServerProcess(
            // A delay that a test task waiting for a thread on a loaded machine still falls within.
            product: "usernotifyd", arguments: ["--port", "0", "--data-dir", dataDirectory, "--drain-delay", "60"])
        let port = try await server.waitForPort()
        _ = try await server.waitForLine(containing: "storage ready")
        #expect(try await loopbackRequest(port: port, "GET", "/readyz").status == 200)
        server.signal(SIGTERM)
        _ = try await server.waitForLine(containing: "not ready; draining")
        let readiness = try await loopbackRequest(port: port, "GET", "/readyz")
        #expect(readiness.status == 503 && readiness.json["code"] as? String == "notReady", "\(readiness.text)")
        #expect(try await loopbackRequest(port: port, "GET", "/healthz").status == 200, "still serving during the delay")
        #expect(try await server.waitForExit(timeout: 180) == 0)
    }
}
