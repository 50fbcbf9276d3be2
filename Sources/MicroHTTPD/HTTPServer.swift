import HTTPCore
import Logging
import ServiceLifecycle

/// The HTTP server as a `Service`: libmicrohttpd on its own epoll thread, handlers in Swift concurrency.
///
/// `run()` binds, reports the port, and serves until graceful shutdown (or cancellation); then it stops
/// accepting, answers requests that still arrive 503, ends open streams, waits for every in-flight
/// request, and only then stops libmicrohttpd.
package final class HTTPServer: Service {
    private let configuration: HTTPServerConfiguration
    private let responder: any HTTPResponder
    private let logger: Logger
    private let onListening: @Sendable (Int) async -> Void
    private let name: String?

    /// - Parameter name: what the server is for, in its log lines (`metrics listening`); nil for the API.
    /// - Parameter onListening: called with the bound port once the server accepts connections.
    package init(
        configuration: HTTPServerConfiguration,
        responder: any HTTPResponder,
        logger: Logger,
        name: String? = nil,
        onListening: @escaping @Sendable (Int) async -> Void = { _ in }
    ) {
        self.configuration = configuration
        self.responder = responder
        self.logger = logger
        self.name = name
        self.onListening = onListening
    }

    package func run() async throws {
        let daemon = Daemon(configuration: configuration, responder: responder, logger: logger)
        try daemon.start()
        logger.notice(
            "\(name.map { $0 + " " } ?? "")listening",
            metadata: ["http.host": .string(configuration.host), "http.port": .stringConvertible(daemon.port)]
        )
        await onListening(daemon.port)
        await withTaskCancellationOrGracefulShutdownHandler {
            await withDiscardingTaskGroup { group in
                group.addTask { await daemon.watchdog.run() }
                await daemon.dispatcher.run { job in await daemon.serve(job) }
                group.cancelAll()
            }
        } onCancelOrGracefulShutdown: {
            // Said once it is so: whoever waits for the line (a test, an operator) sees a server that
            // refuses new requests.
            daemon.beginDraining()
            self.logger.notice("draining", metadata: ["http.port": .stringConvertible(daemon.port)])
        }
        daemon.stop()
        logger.info("stopped", metadata: ["http.port": .stringConvertible(daemon.port)])
    }
}
