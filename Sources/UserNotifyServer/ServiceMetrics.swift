import Clocks
import CoreMetrics
import Foundation
import HTTPCore
import HTTPTypes
import Memberwise
import Metrics
import NotificationCore
import NotificationService
import OutboundHTTP
import Outbox
import PostgresStorage
import Prometheus
import Scheduling
import Storage
import Synchronization
import WebhookDelivery

/// The service's metrics: recorded through swift-metrics where they happen, exported in Prometheus'
/// text format by swift-prometheus at `GET /metrics`. Every name is listed in docs/operations.md.
@MemberwiseInit(.internal)
package final class ServiceMetrics: Sendable {
    let registry: PrometheusCollectorRegistry
    /// The database-wide gauges as last counted, and when.
    private let counted = Mutex<(at: ContinuousClock.Instant, counts: DatabaseCounts)?>(nil)
    /// The store's counts of transactions run again, as the last scrape saw them.
    private let runAgainCounted = Mutex((deadlocks: 0, serializationFailures: 0))
    /// How long a count of the database-wide gauges is reused: a scrape never costs a full count.
    static let countInterval: Duration = .seconds(30)

    /// Makes swift-metrics record into a new Prometheus registry (once per process, at start).
    package static func bootstrap() -> ServiceMetrics {
        let registry = PrometheusCollectorRegistry()
        var factory = PrometheusMetricsFactory(registry: registry)
        let fast: [Duration] = [
            .microseconds(500), .milliseconds(1), .milliseconds(2), .milliseconds(5), .milliseconds(10), .milliseconds(25),
            .milliseconds(50), .milliseconds(100), .milliseconds(250), .milliseconds(500), .seconds(1), .seconds(2.5), .seconds(5),
            .seconds(10),
        ]
        let slow = fast + [.seconds(30), .seconds(60), .seconds(300), .seconds(3600)]
        factory.durationHistogramBuckets = [
            "usernotifyd_http_request_duration_seconds": fast,
            "usernotifyd_firing_lateness_seconds": fast,
            "usernotifyd_outbox_attempt_duration_seconds": fast,
            "usernotifyd_outbox_delivery_latency_seconds": slow,
            "usernotifyd_webhook_attempt_duration_seconds": fast,
            "usernotifyd_webhook_delivery_latency_seconds": slow,
        ]
        MetricsSystem.bootstrap(factory)
        return ServiceMetrics(registry: registry)
    }

    /// A registry that nothing records into (a process that did not bootstrap metrics).
    package static var unrecorded: ServiceMetrics { ServiceMetrics(registry: PrometheusCollectorRegistry()) }

    /// `GET /metrics`: this replica's gauges read now, the database-wide ones as counted within the last
    /// `countInterval`, the build and the process, then every metric, each with its `# HELP`.
    func exposition(_ parts: CenterRuntime.Parts?) async -> [UInt8] {
        if let parts {
            let counts = await databaseCounts(parts)
            if let pending = counts.pending { Gauge(label: "usernotifyd_pending_requests").record(pending) }
            if let depth = counts.outboxDepth { Gauge(label: "usernotifyd_outbox_depth").record(depth) }
            if let lag = counts.outboxLag { Gauge(label: "usernotifyd_outbox_lag_seconds").record(lag) }
            Gauge(label: "usernotifyd_event_streams").record(parts.events.openStreams)
            if let database = parts.databaseFigures() {
                Gauge(label: "usernotifyd_database_connections_in_use").record(database.inUse)
                Gauge(label: "usernotifyd_database_calls_waiting").record(database.waiting)
                Gauge(label: "usernotifyd_database_connections_max").record(database.maximum)
                countRunAgain(database)
            }
            let load = parts.dispatcher.load
            Gauge(label: "usernotifyd_outbox_attempts_in_flight").record(load.attempts)
            Gauge(label: "usernotifyd_outbox_messages_queued").record(load.queued)
            // The names of before destinations, for one release.
            Gauge(label: "usernotifyd_webhook_attempts_in_flight").record(load.attempts)
            Gauge(label: "usernotifyd_webhook_messages_queued").record(load.queued)
        }
        let text =
            "# TYPE usernotifyd_build_info gauge\nusernotifyd_build_info{version=\"\(BuildInfo.version)\"} 1\n"
            + ProcessMetrics.exposition() + String(decoding: registry.emitToBuffer(), as: UTF8.self)
        return Array(MetricCatalogue.annotate(text).utf8)
    }

    /// The store counts the transactions it ran again; the counter gets what was added since the last scrape.
    private func countRunAgain(_ figures: PostgresStore.Figures) {
        let (deadlocks, serializationFailures) = runAgainCounted.withLock { counted in
            defer { counted = (figures.deadlocksRunAgain, figures.serializationFailuresRunAgain) }
            return (figures.deadlocksRunAgain - counted.deadlocks, figures.serializationFailuresRunAgain - counted.serializationFailures)
        }
        let label = "usernotifyd_database_transactions_run_again_total"
        Counter(label: label, dimensions: [("reason", "deadlock")]).increment(by: max(0, deadlocks))
        Counter(label: label, dimensions: [("reason", "serialization")]).increment(by: max(0, serializationFailures))
    }

    /// The database-wide figures as counted (nil: the store could not say).
    private struct DatabaseCounts: Sendable {
        var pending: Int?
        var outboxDepth: Int?
        /// Seconds the most overdue message had been due when counted.
        var outboxLag: Double?
    }

    /// The database-wide counts, counted again only once `countInterval` has passed since the last count.
    private func databaseCounts(_ parts: CenterRuntime.Parts) async -> DatabaseCounts {
        let now = ContinuousClock.now
        if let last = counted.withLock({ $0 }), now - last.at < Self.countInterval { return last.counts }
        let scheduled = parts.service.clock.now
        let outbox = try? await parts.webhooks.outboxFigures(at: scheduled)
        let counts = DatabaseCounts(
            pending: try? await parts.store.pendingTotal(), outboxDepth: outbox?.depth,
            outboxLag: outbox.map { figures in figures.oldestDue.map { max(0, scheduled.timeIntervalSince($0)) } ?? 0 })
        counted.withLock { $0 = (now, counts) }
        return counts
    }

    /// One response of the API: by route template (never the raw path: ids would make it unbounded), the
    /// method from a closed set (`other` for the rest) and the status. Every label is bounded by the code,
    /// none by what a client sends.
    static func response(method: HTTPRequest.Method, route: String?, status: HTTPStatus, duration: Duration) {
        let key = ResponseKey(route: route ?? "unmatched", method: method.boundedName, status: status.code)
        let (requests, durations) = responseMetrics.withLock { metrics in
            if let known = metrics[key] { return known }
            let made = (
                Counter(
                    label: "usernotifyd_http_requests_total",
                    dimensions: [("route", key.route), ("method", key.method), ("status", String(key.status))]),
                Timer(label: "usernotifyd_http_request_duration_seconds", dimensions: [("route", key.route), ("method", key.method)])
            )
            metrics[key] = made
            return made
        }
        requests.increment()
        durations.record(duration: duration)
    }

    private struct ResponseKey: Hashable {
        var route: String
        var method: String
        var status: Int
    }

    /// The metrics of every route, method and status seen (a bounded set: routes are templates): making
    /// them anew per response goes through the factory's registry, which cost more than a light request.
    private static let responseMetrics = Mutex<[ResponseKey: (CoreMetrics.Counter, CoreMetrics.Timer)]>([:])

    /// A store error that reached a client (503, 507, …).
    static func storeError(_ error: StoreError) {
        Counter(label: "usernotifyd_store_errors_total", dimensions: [("code", "\(error.code)")]).increment()
    }
}

/// Counts the scheduler's firings and how late each was handed to the center.
struct MeteredFiringHandler: FiringHandler {
    let inner: any FiringHandler
    let clock: any SchedulerClock

    func fire(_ due: [StoredPending], at now: Date) async throws -> [FiringRecord] {
        let started = Date()
        let recorded: [FiringRecord]
        do {
            recorded = try await inner.fire(due, at: now)
        } catch {
            // A bounded label: the store's failure codes, or `other`.
            let code = (error as? StoreError).map { "\($0.code)" } ?? "other"
            Counter(label: "usernotifyd_firing_failures_total", dimensions: [("code", code)]).increment(by: due.count)
            throw error
        }
        if Tracing.isOn { Self.trace(due, recorded: recorded, from: started) }
        let end = clock.now
        Counter(label: "usernotifyd_firings_total").increment(by: due.count)
        let lateness = Timer(label: "usernotifyd_firing_lateness_seconds")
        for request in due {
            lateness.recordSeconds(max(0, end.timeIntervalSince(request.pending.nextFireDate ?? now)))
        }
        return recorded
    }

    /// A span per firing, a child of the API call that added the request (its stored `traceparent`).
    private static func trace(_ due: [StoredPending], recorded: [FiringRecord], from start: Date) {
        let end = Date()
        let fired = Set(recorded.map { "\($0.center.appID)\t\($0.center.centerID)\t\($0.identifier)" })
        for request in due {
            let parent = SpanContext(traceparent: request.pending.traceparent)
            let key = "\(request.center.appID)\t\(request.center.centerID)\t\(request.identifier)"
            Tracing.record(
                SpanRecord(
                    name: "fire", kind: .internal, context: .child(of: parent), parentSpanID: parent?.spanID, start: start, end: end,
                    attributes: [
                        "usernotifyd.app": .string(request.center.appID), "usernotifyd.center": .string(request.center.centerID),
                        "usernotifyd.request": .string(request.identifier),
                        "usernotifyd.outcome": .string(fired.contains(key) ? "recorded" : "extensions or fenced"),
                    ]))
        }
    }
}
