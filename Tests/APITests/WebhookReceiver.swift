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
    /// Throws if a call, or an answer the receiver gave, is not as openapi.yaml's `webhooks:` say.
    func received() async throws -> [[String: Any]] {
        let response = try await loopbackRequest(port: port, "GET", "/control/received")
        let calls = (try JSONSerialization.jsonObject(with: Data(response.body)) as? [[String: Any]]) ?? []
        let mismatches = calls.filter { ($0["schemaErrors"] as? [Any])?.isEmpty == false }
        guard mismatches.isEmpty else {
            throw LoopbackConnection.Failure(
                "webhook calls that do not match openapi.yaml: \(mismatches.map { "\($0["body"] ?? "") — \($0["schemaErrors"] ?? "")" })")
        }
        return calls
    }

    /// Stops the receiver, after checking that every call it got matched the contract.
    func stop() async throws {
        var mismatch: (any Error)?
        do { _ = try await received() } catch { mismatch = error }
        process.signal(SIGTERM)
        _ = try await process.waitForExit()
        if let mismatch { throw mismatch }
    }
}
