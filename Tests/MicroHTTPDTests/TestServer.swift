import HTTPCore
import HTTPTypes
import Logging
import MicroHTTPD

/// Runs an `HTTPServer` on a free loopback port around `body`, then cancels it (which drains it).
func withTestServer(
    _ configure: (inout HTTPServerConfiguration) -> Void = { _ in },
    router: Router,
    _ body: (Int) async throws -> Void
) async throws {
    var configuration = HTTPServerConfiguration()
    configuration.port = 0
    // Time-outs longer than a test task may wait for a thread on a loaded machine between two halves of
    // a request (tests of the time-outs set their own).
    configuration.requestReadTimeout = .seconds(600)
    configuration.idleTimeout = .seconds(600)
    configure(&configuration)
    let (ports, portContinuation) = AsyncStream.makeStream(of: Int.self)
    let server = HTTPServer(
        configuration: configuration, responder: router, logger: .quiet,
        onListening: { portContinuation.yield($0) }
    )
    try await withThrowingTaskGroup(of: Void.self) { group in
        group.addTask { try await server.run() }
        var iterator = ports.makeAsyncIterator()
        guard let port = await iterator.next() else { return }
        do {
            try await body(port)
        } catch {
            group.cancelAll()
            throw error
        }
        group.cancelAll()
        try await group.waitForAll()
    }
}

extension Logger {
    static let quiet = Logger(label: "test", factory: { _ in SwiftLogNoOpLogHandler() })
}

extension Response {
    static func text(_ text: String, status: HTTPStatus = .ok) -> Response {
        Response(status: status, contentType: "text/plain", bytes: Array(text.utf8))
    }
}
