import Foundation
import TestSupport
import Testing

/// The real `usernotifyd` binary, as `make run` starts it.
@Suite struct ExecutableTests {
    @Test func startsLogsItsAddressAsJSONServesHealthAndStopsOnSIGTERM() async throws {
        let dataDirectory = FileManager.default.temporaryDirectory.appendingPathComponent("usernotifyd-\(UUID())").path
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

    @Test func aBadFlagExitsWithUsageError() async throws {
        let server = try ServerProcess(product: "usernotifyd", arguments: ["--port", "nope"])
        #expect(try await server.waitForExit() == 64)
    }

    @Test func anAddressInUseFailsCleanly() async throws {
        let first = try ServerProcess(product: "usernotifyd", arguments: ["--port", "0"])
        let port = try await first.waitForPort()
        let second = try ServerProcess(product: "usernotifyd", arguments: ["--port", "\(port)"])
        #expect(try await second.waitForExit() == 1)
        first.signal(SIGTERM)
        #expect(try await first.waitForExit() == 0)
    }
}
