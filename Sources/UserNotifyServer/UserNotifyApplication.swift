import API
import Console
import Foundation
import HTTPCore
import HTTPTypes
import Logging
import Media
import MicroHTTPD
import NotificationCore
import NotificationService
import OutboundHTTP
import Outbox
import Scheduling
import ServiceLifecycle
import Storage
import UnixSignals
import WebhookDelivery

/// usernotifyd assembled: every long-running part as a `Service` in one `ServiceGroup`, which shuts
/// down gracefully on SIGTERM and SIGINT.
package struct UserNotifyApplication: Sendable {
    package let configuration: ServerConfiguration
    package let logger: Logger
    package let metrics: ServiceMetrics
    private let onListening: @Sendable (Int) async -> Void

    package init(
        configuration: ServerConfiguration, logger: Logger, metrics: ServiceMetrics = .unrecorded,
        onListening: @escaping @Sendable (Int) async -> Void = { _ in }
    ) {
        self.configuration = configuration
        self.logger = logger
        self.metrics = metrics
        self.onListening = onListening
    }

    /// The routes of the whole API. `rateLimiter`: the configuration's limits on the wall clock unless given.
    package func makeRouter(readiness: Readiness, runtime: CenterRuntime, rateLimiter: RateLimiter? = nil) -> Router {
        let logger = logger
        let metrics = metrics
        var router = Router(
            errorMapper: { error in
                if let error = error as? StoreError { ServiceMetrics.storeError(error) }
                return APIRoutes.errorMapper(error)
            },
            onInternalError: { error, request, path in
                logger.error(
                    "request failed",
                    metadata: [
                        "http.method": .string(request.method.boundedName), "http.path": .string(path ?? "unmatched"),
                        "error": .string("\(error)"),
                    ]
                )
            })
        router.onResponse = { method, route, status, duration in
            ServiceMetrics.response(method: method, route: route, status: status, duration: duration)
        }
        HealthRoutes.register(on: &router, readiness: readiness)
        let provider = APIContextProvider(
            operatorTokens: OperatorTokens(
                full: configuration.adminTokens, readOnly: configuration.adminReadTokens, fullFile: configuration.adminTokenFile,
                readOnlyFile: configuration.adminReadTokenFile),
            metrics: {
                guard let parts = runtime.parts else { return [] }
                return await metrics.exposition(parts)
            }
        ) { runtime.parts?.api }
        APIRoutes.register(on: &router, provider)
        let requestGuard = RequestGuard(provider: provider, limiter: rateLimiter ?? RateLimiter(limits: configuration.rateLimits))
        router.middleware = { request, template, next in try await requestGuard(request, template: template, next) }
        router.immediateMiddleware = { request, template, next in try requestGuard.immediate(request, template: template, next) }
        ConsoleRoutes.register(on: &router)
        return router
    }

    /// What the HTTP server calls: the router, each request traced, behind the CORS policy when one is set.
    package func makeResponder(router: Router) throws -> any HTTPResponder {
        guard let cors = try configuration.corsPolicy() else { return TracingResponder(router: router) }
        return CORSResponder(inner: TracingResponder(router: router), policy: cors) { router.methods(for: $0) }
    }

    /// Serves until SIGTERM or SIGINT, then drains and returns. Throws `DirectoryLock.Held` at once,
    /// before it touches anything, when another process owns the data directory.
    package func run() async throws {
        // Held until this returns (or the process dies): one process owns the data directory and, on
        // SQLite, the database in it — and one beside a database kept elsewhere (`sqlite:///path`).
        let locks = try ownedDirectories.map { try DirectoryLock(directory: $0) }
        defer { withExtendedLifetime(locks) {} }
        let readiness = Readiness()
        let runtime = CenterRuntime(configuration: configuration, readiness: readiness, logger: logger)
        // Uploads are spooled beside the media store, so keeping one is a rename; what a crash left there
        // is of no use.
        var http = configuration.http
        http.spoolDirectory = try MediaFileStore.emptyIncoming(root: CenterRuntime.mediaPath(dataDirectory: configuration.dataDirectory))
        let router = makeRouter(readiness: readiness, runtime: runtime)
        let responder = try makeResponder(router: router)
        let server = HTTPServer(configuration: http, responder: responder, logger: logger, onListening: onListening)
        // Spans, when a collector is configured; the exporter stops last, sending what the others traced.
        let exporter = configuration.otlpEndpoint.map { OTLPExporter(endpoint: $0, logger: logger) }
        Tracing.bootstrap(exporter)
        defer { Tracing.bootstrap(nil) }
        // The metrics listener stops last but the runtime: a scrape during the drain still answers.
        let metricsServer = configuration.metricsPort.map { port in
            ServiceGroupConfiguration.ServiceConfiguration(service: makeMetricsServer(port: port, runtime: runtime))
        }
        let group = ServiceGroup(
            configuration: .init(
                // Shut down in reverse order: /readyz turns 503 for the drain delay, the workers stop
                // taking work, the server drains (requests in flight still have their database), then
                // the runtime closes the database.
                services: (exporter.map { [.init(service: $0)] } ?? []) + [.init(service: runtime)] + (metricsServer.map { [$0] } ?? []) + [
                    .init(service: server), .init(service: CenterWorkers(runtime: runtime)),
                    .init(service: DrainDelay(readiness: readiness, delay: configuration.drainDelay, logger: logger)),
                ],
                gracefulShutdownSignals: [.sigterm, .sigint],
                logger: logger
            )
        )
        try await group.run()
    }

    /// The listener of `--metrics-port`: `GET /metrics` and nothing else, without credential, for a
    /// scraper on a port that only the cluster reaches (the API's `/metrics` wants the admin token, which
    /// also creates and deletes apps).
    private func makeMetricsServer(port: Int, runtime: CenterRuntime) -> HTTPServer {
        var router = Router()
        let metrics = metrics
        router.on(.get, "/metrics") { _ in
            Response(status: .ok, contentType: "text/plain; version=0.0.4; charset=utf-8", bytes: await metrics.exposition(runtime.parts))
        }
        var http = configuration.http
        http.port = port
        http.threads = 1
        http.connectionLimit = 64
        return HTTPServer(configuration: http, responder: router, logger: logger, name: "metrics")
    }

    /// The directories this process must own: the data directory, and the SQLite database's when it is
    /// kept elsewhere.
    var ownedDirectories: [String] {
        let data = URL(fileURLWithPath: configuration.dataDirectory).standardizedFileURL.path
        guard let sqlite = StorageBackend.sqlitePath(configuration) else { return [data] }
        let database = URL(fileURLWithPath: sqlite).deletingLastPathComponent().standardizedFileURL.path
        return database == data ? [data] : [data, database]
    }
}
