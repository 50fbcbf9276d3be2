import API
import Foundation
import HTTPCore
import HTTPTypes
import Logging
import ServiceLifecycle
import Synchronization
import TestSupport
import UserNotifyServer

/// The whole API in this process, without a socket (Hummingbird's `app.test(.router)` is the model):
/// the storage runtime and its workers run in a service group on a fresh SQLite file, and requests go
/// straight to the router that the HTTP server would call.
struct InProcessApp {
    static let adminToken = "in-process-admin-token"
    let router: Router

    /// Runs `body` with the app on a fresh data directory (removed afterwards), then shuts it down.
    static func run<T: Sendable>(
        configure: (inout ServerConfiguration) -> Void = { _ in }, rateLimiter: RateLimiter? = nil,
        _ body: (InProcessApp) async throws -> T
    ) async throws -> T {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("in-process-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        var configuration = ServerConfiguration()
        configuration.dataDirectory = directory.path
        configuration.adminToken = adminToken
        configuration.virtualClock = true
        configure(&configuration)
        let logger = Logger(label: "in-process", factory: { _ in SwiftLogNoOpLogHandler() })
        let readiness = Readiness()
        let runtime = CenterRuntime(configuration: configuration, readiness: readiness, logger: logger)
        let application = UserNotifyApplication(configuration: configuration, logger: logger)
        let app = InProcessApp(router: application.makeRouter(readiness: readiness, runtime: runtime, rateLimiter: rateLimiter))
        let group = ServiceGroup(
            configuration: .init(services: [.init(service: runtime), .init(service: CenterWorkers(runtime: runtime))], logger: logger))
        return try await withThrowingTaskGroup(of: Void.self) { tasks in
            tasks.addTask { try await group.run() }
            defer { tasks.cancelAll() }
            // Ready once storage is open: `/readyz` turns 200 (answered at once either way).
            while await app.request(.get, "/readyz").status.code != 200 { try await Task.sleep(for: .milliseconds(5)) }
            let result = try await body(app)
            await group.triggerGracefulShutdown()
            try await tasks.waitForAll()
            return result
        }
    }

    /// One request, answered by the router; `from` is the client's network, as the server would see it.
    func request(
        _ method: HTTPMethod, _ path: String, token: String? = nil, json: String? = nil, headers: [String: String] = [:],
        from network: String? = nil
    ) async -> Answer {
        var request = Self.request(method, path, token: token, json: json, headers: headers)
        request.clientNetwork = network
        return Answer(await router.respond(to: request))
    }

    /// What the router answers to the request on the server's I/O thread; nil: it goes to a worker.
    func immediate(_ method: HTTPMethod, _ path: String, token: String? = nil) -> Answer? {
        router.immediateResponse(to: Self.request(method, path, token: token)).map(Answer.init)
    }

    private static func request(_ method: HTTPMethod, _ path: String, token: String?, json: String? = nil, headers: [String: String] = [:])
        -> Request
    {
        var fields = HTTPHeaders()
        if let token { fields.set("Authorization", "Bearer \(token)") }
        if json != nil { fields.set("Content-Type", "application/json") }
        for (name, value) in headers { fields.set(name, value) }
        return Request(method: method, path: path, headers: fields, body: Array((json ?? "").utf8))
    }

    struct Answer: Sendable {
        var status: HTTPStatus
        var headers: HTTPHeaders
        var body: [UInt8]

        init(status: HTTPStatus, headers: HTTPHeaders, body: [UInt8]) {
            self.status = status
            self.headers = headers
            self.body = body
        }

        init(_ response: Response) {
            guard case .bytes(let body) = response.body else {
                self.init(status: response.status, headers: response.headers, body: [])
                return
            }
            self.init(status: response.status, headers: response.headers, body: body)
        }

        var json: [String: Any] { (try? JSONSerialization.jsonObject(with: Data(body))) as? [String: Any] ?? [:] }
        var text: String { String(decoding: body, as: UTF8.self) }
    }

    /// An app and its key; returns the key.
    func makeApp() async throws -> String {
        let app = await request(.post, "/v1/apps", token: Self.adminToken, json: #"{"name": "App", "authorizationPolicy": "grant"}"#)
        let id = try unwrapped(app.json["id"] as? String, app)
        let key = await request(.post, "/v1/apps/\(id)/keys", token: Self.adminToken)
        return try unwrapped(key.json["key"] as? String, key)
    }
}

/// `value`, or an error that shows the answer.
func unwrapped<T>(_ value: T?, _ answer: InProcessApp.Answer) throws -> T {
    guard let value else { throw LoopbackConnection.Failure("unexpected answer \(answer.status.code): \(answer.text)") }
    return value
}

/// A clock the test moves, for the rate limiter's buckets.
final class TestClock: Sendable {
    private let seconds = Mutex<Double>(1_000)
    var now: Double { seconds.withLock { $0 } }
    func advance(by interval: Double) { seconds.withLock { $0 += interval } }
}
