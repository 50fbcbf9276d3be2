import API
import Foundation
import HTTPCore
import HTTPTypes
import Logging
import Media
import MicroHTTPD
import ServiceLifecycle
import Synchronization
import TestSupport
import UserNotifyServer

/// The whole API in this process, without a socket (Hummingbird's `app.test(.router)` is the model):
/// the storage runtime and its workers run in a service group on a fresh SQLite file, and requests go
/// to the responder the HTTP server would call (CORS, tracing, the router), decoded as the server
/// decodes them. What needs a process — framing, signals, crashes, replicas, metrics, logs, streams,
/// uploads — is tested on the real binary (`APIServer`).
package struct InProcessApp: TestAPI {
    package static let adminToken = testAdminToken
    package let router: Router
    let responder: any HTTPResponder
    package let dataDirectory: String
    /// The server's limit on a body kept in memory, and where it spools the bodies of upload routes.
    let maxBodyBytes: Int
    let spoolDirectory: String

    /// Runs `body` with the app on a fresh data directory (removed afterwards), then shuts it down.
    /// `arguments` are the server's own flags (`--webhook-timeout 5`), read as the binary reads them.
    package static func run<T: Sendable>(
        virtualClock: Bool = true, arguments: [String] = [], configure: (inout ServerConfiguration) -> Void = { _ in },
        rateLimiter: RateLimiter? = nil, _ body: (InProcessApp) async throws -> T
    ) async throws -> T {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("in-process-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        var configuration = try ServerConfiguration.parse(
            arguments: ["--data-dir", directory.path, "--admin-token", adminToken, "--virtual-clock", virtualClock ? "1" : "0"] + arguments,
            environment: [:])
        configure(&configuration)
        let logger = Logger(label: "in-process", factory: { _ in SwiftLogNoOpLogHandler() })
        let readiness = Readiness()
        let runtime = CenterRuntime(configuration: configuration, readiness: readiness, logger: logger)
        let application = UserNotifyApplication(configuration: configuration, logger: logger)
        let router = application.makeRouter(readiness: readiness, runtime: runtime, rateLimiter: rateLimiter)
        let app = InProcessApp(
            router: router, responder: try application.makeResponder(router: router), dataDirectory: configuration.dataDirectory,
            maxBodyBytes: configuration.http.maxBodyBytes,
            spoolDirectory: try MediaFileStore.emptyIncoming(root: CenterRuntime.mediaPath(dataDirectory: configuration.dataDirectory)))
        let group = ServiceGroup(
            configuration: .init(services: [.init(service: runtime), .init(service: CenterWorkers(runtime: runtime))], logger: logger))
        return try await withThrowingTaskGroup(of: Bool.self) { tasks in
            tasks.addTask {
                try await group.run()
                return false
            }
            // Ready once storage is open: `/readyz` turns 200 (answered at once either way).
            tasks.addTask {
                while await app.request(.get, "/readyz").status.code != 200 { try await Task.sleep(for: .milliseconds(5)) }
                return true
            }
            defer { tasks.cancelAll() }
            // The first to end: readiness, or the services, which throw what kept storage from opening.
            guard try await tasks.next() == true else { throw LoopbackConnection.Failure("the app stopped before its storage was ready") }
            let result = try await body(app)
            await group.triggerGracefulShutdown()
            try await tasks.waitForAll()
            return result
        }
    }

    // MARK: Requests as the live server's tests make them

    /// A request as `APIServer` sends it: the path and query decoded as the server decodes them (a bad
    /// escape is the server's 400), the answer as one read from a socket.
    package func exchange(_ method: String, _ path: String, headers: [String: String], body: [UInt8]) async throws -> LoopbackResponse {
        let (rawPath, rawQuery) = Self.target(path)
        guard let method = HTTPRequest.Method(method) else {
            return try await Self.loopback(Problem.badRequest("The request method is not an HTTP token (RFC 9110 §9.1).").response)
        }
        var request: Request
        do {
            request = Request(
                method: method, target: try RequestTarget(rawPath: rawPath, rawQuery: rawQuery), headers: Self.fields(headers))
        } catch {
            return try await Self.loopback(error.response)
        }
        // The body as the server takes it: spooled to a file for upload routes, in memory for the others,
        // each up to its limit.
        if case .spooled(let maxBytes, let tooLarge) = responder.bodyPolicy(for: request) {
            guard body.count <= maxBytes else { return try await Self.loopback(tooLarge.response) }
            let file = "\(spoolDirectory)/in-process-\(UUID().uuidString)"
            guard FileManager.default.createFile(atPath: file, contents: Data(body)) else {
                throw LoopbackConnection.Failure("cannot spool to \(file)")
            }
            request.spooledBody = SpooledFile(path: file, byteCount: body.count)
        } else {
            guard body.count <= maxBodyBytes else { return try await Self.loopback(Problem.payloadTooLarge(limit: maxBodyBytes).response) }
            request.body = body
        }
        if let immediate = responder.immediateResponse(to: request) { return try await Self.loopback(immediate) }
        return try await Self.loopback(await responder.respond(to: request))
    }

    package var diagnostics: String { "" }

    /// The path and the raw query pairs of a request target, as the server's parser hands them on.
    private static func target(_ target: String) -> (String, [(name: String, value: String)]) {
        guard let mark = target.firstIndex(of: "?") else { return (target, []) }
        let query = target[target.index(after: mark)...].split(separator: "&").map { pair in
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            return (name: String(parts[0]), value: parts.count > 1 ? String(parts[1]) : "")
        }
        return (String(target[..<mark]), query)
    }

    /// A response as a client reads it: a file's bytes read from its region, a stream's as its producer
    /// writes them until it returns (an endless stream, like `/v1/events`, is for the live server).
    private static func loopback(_ response: Response) async throws -> LoopbackResponse {
        let body: [UInt8]
        switch response.body {
        case .bytes(let bytes): body = bytes
        case .file(let region): body = try region.bytes()
        case .stream(let producer):
            let collected = CollectedBody()
            try await producer.produce(collected)
            body = collected.bytes.withLock { $0 }
        }
        return LoopbackResponse(status: response.status.code, headers: response.headers.map { ($0.name.rawName, $0.value) }, body: body)
    }

    // MARK: Requests to the router itself

    /// One request, answered by the router; `from` is the client's network, as the server would see it.
    package func request(
        _ method: HTTPRequest.Method, _ path: String, token: String? = nil, json: String? = nil, headers: [String: String] = [:],
        from network: String? = nil
    ) async -> Answer {
        var request = Self.request(method, path, token: token, json: json, headers: headers)
        request.clientNetwork = network
        return Answer(await router.respond(to: request))
    }

    /// What the router answers to the request on the server's I/O thread; nil: it goes to a worker.
    package func immediate(_ method: HTTPRequest.Method, _ path: String, token: String? = nil) -> Answer? {
        router.immediateResponse(to: Self.request(method, path, token: token)).map(Answer.init)
    }

    private static func request(
        _ method: HTTPRequest.Method, _ path: String, token: String?, json: String? = nil, headers: [String: String] = [:]
    )
        -> Request
    {
        var fields = HTTPFields()
        if let token { fields[.authorization] = "Bearer \(token)" }
        if json != nil { fields[.contentType] = "application/json" }
        fields.set(Self.fields(headers))
        return Request(method: method, path: path, headers: fields, body: Array((json ?? "").utf8))
    }

    /// A test's header fields by name (each name a token, as a test writes it).
    private static func fields(_ headers: [String: String]) -> HTTPFields {
        HTTPFields(parsing: headers.map { (name: $0.key, value: $0.value) })
    }

    package struct Answer: Sendable {
        package var status: HTTPStatus
        package var headers: HTTPFields
        package var body: [UInt8]

        package init(status: HTTPStatus, headers: HTTPFields, body: [UInt8]) {
            self.status = status
            self.headers = headers
            self.body = body
        }

        package init(_ response: Response) {
            guard case .bytes(let body) = response.body else {
                self.init(status: response.status, headers: response.headers, body: [])
                return
            }
            self.init(status: response.status, headers: response.headers, body: body)
        }

        package var json: [String: Any] { (try? JSONSerialization.jsonObject(with: Data(body))) as? [String: Any] ?? [:] }
        package var text: String { String(decoding: body, as: UTF8.self) }
    }

    /// An app that grants without a prompt and its key; returns the key.
    package func makeAppKey() async throws -> String {
        let app = await request(.post, "/v1/apps", token: Self.adminToken, json: #"{"name": "App", "authorizationPolicy": "grant"}"#)
        let id = try unwrapped(app.json["id"] as? String, app)
        let key = await request(.post, "/v1/apps/\(id)/keys", token: Self.adminToken)
        return try unwrapped(key.json["key"] as? String, key)
    }
}

/// A streamed body, kept as it is written.
private final class CollectedBody: ResponseBodyWriter {
    let bytes = Mutex<[UInt8]>([])
    func write(_ more: [UInt8]) throws { bytes.withLock { $0 += more } }
}

extension FileRegion {
    /// The region's bytes, read as the server would send them; the descriptor is closed.
    fileprivate func bytes() throws -> [UInt8] {
        guard let descriptor = take() else { throw LoopbackConnection.Failure("a file body without its descriptor") }
        defer { close(descriptor) }
        var bytes = [UInt8](repeating: 0, count: count)
        let read = bytes.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, count, off_t(offset)) }
        guard read == count else { throw LoopbackConnection.Failure("read \(read) of a file body's \(count) bytes") }
        return bytes
    }
}

/// `value`, or an error that shows the answer.
package func unwrapped<T>(_ value: T?, _ answer: InProcessApp.Answer) throws -> T {
    guard let value else { throw LoopbackConnection.Failure("unexpected answer \(answer.status.code): \(answer.text)") }
    return value
}

/// A clock the test moves, for the rate limiter's buckets.
package final class TestClock: Sendable {
    private let seconds = Mutex<Double>(1_000)
    package init() {}
    package var now: Double { seconds.withLock { $0 } }
    package func advance(by interval: Double) { seconds.withLock { $0 += interval } }
}
