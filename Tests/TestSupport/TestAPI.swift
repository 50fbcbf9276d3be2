import Foundation

/// The API as a test calls it: the real binary over loopback (`APIServer`) or the same responder in the
/// test's own process (`InProcessApp`). Helpers that make apps, centers and webhooks take either.
package protocol TestAPI: Sendable {
    /// A request as it is sent: its header fields and body, whatever they are (tests say `send`).
    func exchange(_ method: String, _ path: String, headers: [String: String], body: [UInt8]) async throws -> LoopbackResponse
    /// What helps explain a failed call (the server's output, when there is a process).
    var diagnostics: String { get }
    /// The server's data directory (its media files are under `media/`).
    var dataDirectory: String { get }
}

/// The admin token every test server is started with.
package let testAdminToken = "test-admin-token"

extension TestAPI {
    /// A request as it is sent: its header fields and body, whatever they are.
    package func send(_ method: String, _ path: String, headers: [String: String] = [:], body: [UInt8] = []) async throws
        -> LoopbackResponse
    {
        try await exchange(method, path, headers: headers, body: body)
    }

    /// A request with a bearer token and a JSON body.
    package func call(_ method: String, _ path: String, token: String?, json: Any? = nil, headers: [String: String] = [:]) async throws
        -> LoopbackResponse
    {
        var all = headers
        if let token { all["Authorization"] = "Bearer \(token)" }
        var body: [UInt8] = []
        if let json {
            body = Array(try JSONSerialization.data(withJSONObject: json))
            all["Content-Type"] = all["Content-Type"] ?? "application/json"
        }
        return try await send(method, path, headers: all, body: body)
    }

    /// A string field of a JSON response, or an error that shows the response.
    package func field(_ name: String, of response: LoopbackResponse) throws -> String {
        guard let value = response.json[name] as? String else {
            throw LoopbackConnection.Failure("no '\(name)' in \(response.status) \(response.text)\(diagnostics)")
        }
        return value
    }

    /// An app with a key; returns (app id, key).
    package func makeApp(_ name: String = "App", policy: String? = nil) async throws -> (String, String) {
        var body: [String: Any] = ["name": name]
        if let policy { body["authorizationPolicy"] = policy }
        let id = try field("id", of: try await call("POST", "/v1/apps", token: testAdminToken, json: body))
        let key = try field("key", of: try await call("POST", "/v1/apps/\(id)/keys", token: testAdminToken))
        return (id, key)
    }

    /// A center of the app whose user allowed alerts, sounds and badges; returns its token.
    package func makeAuthorizedCenter(_ id: String, key: String, timeZone: String = "UTC") async throws -> String {
        let token = try field("token", of: try await call("POST", "/v1/centers", token: key, json: ["id": id, "timeZone": timeZone]))
        _ = try await call("POST", "/v1/centers/\(id)/authorization", token: key, json: ["options": ["alert", "sound", "badge"]])
        _ = try await call("POST", "/v1/me/authorization", token: token, json: ["allowed": true])
        return token
    }
}
