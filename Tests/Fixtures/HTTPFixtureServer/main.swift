import ErrorCodes
import Foundation
import HTTPCore
// A server on the real HTTP core with slow and streaming routes, for tests that need a separate process
// (signals, exit status). Prints the same JSON start-up line as usernotifyd.
import HTTPTypes
import Logging
import MicroHTTPD
import ServiceLifecycle
import UnixSignals

SignalMask.blockShutdownSignals()
LoggingSystem.bootstrap { label in
    var handler = StreamLogHandler.standardOutput(label: label)
    handler.logLevel = .info
    return handler
}
let logger = Logger(label: "fixture")

var router = Router()
router.on(.get, "/fast") { _ in Response(status: .ok, contentType: "text/plain", bytes: Array("fast".utf8)) }
router.on(.get, "/slow") { request in
    let milliseconds = request.queryValue("ms").flatMap(Int.init) ?? 500
    // Tests wait for this line before they signal, so that the request is surely in flight.
    FileHandle.standardOutput.write(Data(#"{"msg":"slow started"}"#.utf8 + [0x0A]))
    try? await Task.sleep(for: .milliseconds(milliseconds))
    return Response(status: .ok, contentType: "text/plain", bytes: Array("slow \(milliseconds)".utf8))
}
router.on(.post, "/upload") { request in
    Response(status: .ok, contentType: "text/plain", bytes: Array("received \(request.body.count)".utf8))
}
router.on(
    .post, "/spooled",
    body: .spooled(maxBytes: 1 << 20, tooLarge: Problem(status: .contentTooLarge, code: .payloadTooLarge, detail: "Too large."))
) { request in
    Response(status: .ok, contentType: "text/plain", bytes: Array("spooled \(request.spooledBody?.byteCount ?? -1)".utf8))
}
router.on(.get, "/events") { request in
    let interval = request.queryValue("interval_ms").flatMap(Int.init) ?? 100
    return .eventStream { events in
        var counter = 0
        while true {
            counter += 1
            try events.send(ServerSentEvent(id: String(counter), data: "tick \(counter)"))
            try await Task.sleep(for: .milliseconds(interval))
        }
    }
}

/// The router, and a line on standard output when a request's head has arrived (its body may still be
/// coming), so that tests can signal while a body is in flight.
struct AnnouncingResponder: HTTPResponder {
    let router: Router

    func respond(to request: Request) async -> Response { await router.respond(to: request) }

    func bodyPolicy(for request: Request) -> BodyPolicy {
        FileHandle.standardOutput.write(Data(#"{"msg":"head \#(request.path)"}"#.utf8 + [0x0A]))
        return router.bodyPolicy(for: request)
    }
}

var configuration = HTTPServerConfiguration()
configuration.port = 0
// `--timeouts SECONDS`: tests whose client pauses mid-request or between requests on a loaded machine
// (where a test task may wait tens of seconds for a thread) give it longer than the 30 s read and 60 s
// idle time-outs.
if let index = CommandLine.arguments.firstIndex(of: "--timeouts"), index + 1 < CommandLine.arguments.count,
    let seconds = Int(CommandLine.arguments[index + 1])
{
    configuration.requestReadTimeout = .seconds(seconds)
    configuration.idleTimeout = .seconds(seconds)
}
let server = HTTPServer(configuration: configuration, responder: AnnouncingResponder(router: router), logger: logger) { port in
    FileHandle.standardOutput.write(Data(#"{"msg":"listening","http.port":"\#(port)"}"#.utf8 + [0x0A]))
}
let group = ServiceGroup(
    configuration: .init(services: [.init(service: server)], gracefulShutdownSignals: [.sigterm, .sigint], logger: logger)
)
do {
    try await group.run()
    FileHandle.standardOutput.write(Data(#"{"msg":"exited cleanly"}"#.utf8 + [0x0A]))
} catch {
    print("fixture failed: \(error)")
    exit(1)
}
