import Foundation
import TestSupport

/// The real `usernotifyd` on a free port, a fresh data directory, an admin token and the virtual clock.
final class APIServer: TestAPI {
    static let adminToken = testAdminToken
    let process: ServerProcess
    let port: Int
    let dataDirectory: String

    /// `dataDirectory`: another server's, to restart on its data. `database`: a PostgreSQL database
    /// (replicas share one; each keeps its own data directory, where only its media cache lives).
    init(virtualClock: Bool = true, dataDirectory: String? = nil, database: URL? = nil, arguments: [String] = []) async throws {
        let data = dataDirectory ?? TestDirectories.unique("api")
        self.dataDirectory = data
        process = try ServerProcess(
            product: "usernotifyd",
            // Read and idle time-outs longer than a test task may wait for a thread on a loaded machine between
            // opening a connection and sending its request (the default 30 s read time-out was once not; a
            // connection of ShutdownTests' was found closed after 74 s, past the 60 s idle one too).
            arguments: [
                "--port", "0", "--data-dir", data, "--admin-token", Self.adminToken, "--virtual-clock", virtualClock ? "1" : "0",
                "--request-timeout", "600", "--idle-timeout", "600",
            ]
                + (database.map { ["--database-url", $0.absoluteString] } ?? []) + arguments
        )
        port = try await process.waitForPort()
        guard try await process.waitForLine(containing: "storage ready") != nil else {
            throw LoopbackConnection.Failure("the server ended before its storage was ready; output: \(process.outputSoFar)")
        }
    }

    /// The server's output so far, to explain a failed call.
    var diagnostics: String { "; server output: \(process.outputSoFar)" }

    func stop() async throws {
        process.signal(SIGTERM)
        _ = try await process.waitForExit()
    }

    /// How long a call waits for its reply. Some calls legitimately take long on a loaded machine: moving
    /// the virtual clock returns once every replica has fired what came due (up to 30 s for a dead
    /// replica's leases, plus the firing itself, whose database calls may each take the test replicas'
    /// 60 s deadline). A loopback read time-out of 60 s once ended such a call on CI while the server was
    /// still at it; this one only ends a call whose server has hung.
    static let replyTimeout = 300

    func exchange(_ method: String, _ path: String, headers: [String: String], body: [UInt8]) async throws -> LoopbackResponse {
        do {
            return try await loopbackRequest(port: port, method, path, headers: headers, body: body, timeout: Self.replyTimeout)
        } catch let failure as LoopbackConnection.Failure {
            // Say which call failed (a test makes many), and for a refused connection why, from what the
            // server printed before it went away.
            let output = failure.description.hasPrefix("connect to") ? "; server output: \(process.outputSoFar.suffix(4000))" : ""
            throw LoopbackConnection.Failure("\(failure) (\(method) \(path))\(output)")
        }
    }
}
