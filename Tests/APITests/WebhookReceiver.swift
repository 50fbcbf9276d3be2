import Foundation
import TestSupport

/// `Tests/Fixtures/WebhookReceiver/receiver.py` on a loopback port: verifies every call with the
/// official `standardwebhooks` package (from the venv `make test` builds) and answers as its mode says.
final class WebhookReceiver: Sendable {
    let process: ServerProcess
    let port: Int

    /// `port`: a stopped receiver's, to stand in for it.
    init(secrets: [String], mode: String = "ok", port: Int = 0) async throws {
        let root = ServerProcess.packageRoot
        let python = root.appendingPathComponent(".venv/bin/python")
        guard FileManager.default.isExecutableFile(atPath: python.path) else {
            throw LoopbackConnection.Failure("no \(python.path): run `make test`, which creates the venv with standardwebhooks")
        }
        process = try ServerProcess(
            executable: python,
            arguments: [
                root.appendingPathComponent("Tests/Fixtures/WebhookReceiver/receiver.py").path, "--mode", mode, "--port", String(port),
            ]
                + secrets.flatMap { ["--secret", $0] })
        guard let line = try await process.waitForLine(containing: "listening"), let port = Int(line.split(separator: " ").last ?? "")
        else {
            throw LoopbackConnection.Failure("the receiver did not start: \(process.outputSoFar)")
        }
        self.port = port
    }

    var url: String { "http://127.0.0.1:\(port)/hook" }

    func setMode(_ mode: String) async throws { try await control("mode", mode) }

    /// How service-extension calls are answered (see receiver.py).
    func setService(_ answer: String) async throws { try await control("service", answer) }

    /// How content-extension calls are answered (see receiver.py).
    func setExtension(_ answer: String) async throws { try await control("extension", answer) }

    /// How willPresent calls are answered (see receiver.py).
    func setPresent(_ present: String) async throws { try await control("present", present) }

    /// POST /control/<name> {"<name>": value}.
    private func control(_ name: String, _ value: String) async throws {
        _ = try await loopbackRequest(
            port: port, "POST", "/control/\(name)", headers: ["Content-Type": "application/json"],
            body: Array(try JSONSerialization.data(withJSONObject: [name: value])))
    }

    /// Every call received so far: `id`, `verifiedWith` (indexes of the secrets that verified it), `status`, `body`.
    func received() async throws -> [[String: Any]] {
        let response = try await loopbackRequest(port: port, "GET", "/control/received")
        return (try JSONSerialization.jsonObject(with: Data(response.body)) as? [[String: Any]]) ?? []
    }

    func stop() async throws {
        process.signal(SIGTERM)
        _ = try await process.waitForExit()
    }
}
