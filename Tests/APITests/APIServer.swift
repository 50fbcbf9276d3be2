import Foundation
import TestSupport

/// The real `usernotifyd` on a free port, a fresh data directory, an admin token and the virtual clock.
final class APIServer: Sendable {
    static let adminToken = "test-admin-token"
    let process: ServerProcess
    let port: Int
    let dataDirectory: String

    /// `dataDirectory`: another server's, to restart on its data. `database`: a PostgreSQL database
    /// (replicas share one; each keeps its own data directory, where only its media cache lives).
    init(virtualClock: Bool = true, dataDirectory: String? = nil, database: URL? = nil, arguments: [String] = []) async throws {
        let data = dataDirectory ?? FileManager.default.temporaryDirectory.appendingPathComponent("api-\(UUID().uuidString)").path
        self.dataDirectory = data
        process = try ServerProcess(
            product: "usernotifyd",
            // A read time-out longer than a test task may wait for a thread on a loaded machine between
            // opening a connection and sending its request (the default 30 s was once not).
            arguments: [
                "--port", "0", "--data-dir", data, "--admin-token", Self.adminToken, "--virtual-clock", virtualClock ? "1" : "0",
                "--request-timeout", "600",
            ]
                + (database.map { ["--database-url", $0.absoluteString] } ?? []) + arguments
        )
        port = try await process.waitForPort()
        guard try await process.waitForLine(containing: "storage ready") != nil else {
            throw LoopbackConnection.Failure("the server ended before its storage was ready; output: \(process.outputSoFar)")
        }
    }

    /// A string field of a JSON response, or an error that shows the response.
    func field(_ name: String, of response: LoopbackResponse) throws -> String {
        guard let value = response.json[name] as? String else {
            throw LoopbackConnection.Failure("no '\(name)' in \(response.status) \(response.text); server output: \(process.outputSoFar)")
        }
        return value
    }

    func stop() async throws {
        process.signal(SIGTERM)
        _ = try await process.waitForExit()
    }

    /// A request with a bearer token and a JSON body.
    func call(_ method: String, _ path: String, token: String?, json: Any? = nil, headers: [String: String] = [:]) async throws
        -> LoopbackResponse
    {
        var all = headers
        if let token { all["Authorization"] = "Bearer \(token)" }
        var body: [UInt8] = []
        if let json {
            body = Array(try JSONSerialization.data(withJSONObject: json))
            all["Content-Type"] = all["Content-Type"] ?? "application/json"
        }
        do {
            return try await loopbackRequest(port: port, method, path, headers: all, body: body)
        } catch let failure as LoopbackConnection.Failure where failure.description.hasPrefix("connect to") {
            // Refused: say why, from what the server printed before it went away.
            throw LoopbackConnection.Failure("\(failure) (\(method) \(path)); server output: \(process.outputSoFar.suffix(4000))")
        }
    }

    /// An app with a key; returns (app id, key).
    func makeApp(_ name: String = "App", policy: String? = nil) async throws -> (String, String) {
        var body: [String: Any] = ["name": name]
        if let policy { body["authorizationPolicy"] = policy }
        let id = try field("id", of: try await call("POST", "/v1/apps", token: Self.adminToken, json: body))
        let key = try field("key", of: try await call("POST", "/v1/apps/\(id)/keys", token: Self.adminToken))
        return (id, key)
    }

    /// A center of the app whose user allowed alerts, sounds and badges; returns its token.
    func makeAuthorizedCenter(_ id: String, key: String, timeZone: String = "UTC") async throws -> String {
        let token = try field("token", of: try await call("POST", "/v1/centers", token: key, json: ["id": id, "timeZone": timeZone]))
        _ = try await call("POST", "/v1/centers/\(id)/authorization", token: key, json: ["options": ["alert", "sound", "badge"]])
        _ = try await call("POST", "/v1/me/authorization", token: token, json: ["allowed": true])
        return token
    }
}
