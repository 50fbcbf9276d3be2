import Clocks
import Foundation
import HTTPTypes
import Logging
import NotificationCore
import OutboundHTTP
import Outbox
import Scheduling
import ServiceLifecycle
import Synchronization
import Webhooks

/// Sends the spans (`Tracing`) to an OpenTelemetry collector over OTLP/HTTP, in OTLP's JSON encoding
/// (`POST …/v1/traces`), in batches: every second, or at once when `batchSize` wait. At most
/// `queueLimit` wait for a collector that is slow or down; more are dropped (and counted in the log), so
/// tracing never holds up the service or grows its memory. The last batch goes at shutdown. Spans go to
/// the configured endpoint and nowhere else: the client follows no redirect (one is a refusal, logged).
package final class OTLPExporter: SpanSink, Service {
    private let endpoint: URL
    private let resource: [String: SpanAttribute]
    private let logger: Logger
    private let client = OutboundHTTPClient(policy: .anyAddress)
    private let queue = Mutex<(spans: [SpanRecord], dropped: Int)>(([], 0))
    private let signal = WakeSignal()
    private let batchSize = 512
    private let queueLimit = 8192

    package init(endpoint: URL, logger: Logger) {
        self.endpoint = endpoint
        self.logger = logger
        resource = [
            "service.name": .string("usernotifyd"), "service.version": .string(BuildInfo.version),
            "service.instance.id": .string(ProcessInfo.processInfo.hostName + ":\(getpid())"),
        ]
    }

    package func record(_ span: SpanRecord) {
        let full = queue.withLock { queue in
            guard queue.spans.count < queueLimit else {
                queue.dropped += 1
                return false
            }
            queue.spans.append(span)
            return queue.spans.count >= batchSize
        }
        if full { signal.signal() }
    }

    package func run() async throws {
        while !Task.isCancelled && !Task.isShuttingDownGracefully {
            await cancelWhenGracefulShutdown { await self.signal.wait(until: Date().addingTimeInterval(1), on: SystemClock()) }
            await exportWaiting()
        }
        await exportWaiting()
        await client.shutdown()
    }

    /// Sends what waits, a batch at a time.
    private func exportWaiting() async {
        while true {
            let (batch, dropped) = queue.withLock { queue in
                defer {
                    queue.spans.removeFirst(min(batchSize, queue.spans.count))
                    queue.dropped = 0
                }
                return (Array(queue.spans.prefix(batchSize)), queue.dropped)
            }
            if dropped > 0 { logger.warning("spans dropped: the collector is behind", metadata: ["otlp.dropped": "\(dropped)"]) }
            guard !batch.isEmpty else { return }
            await export(batch)
        }
    }

    private func export(_ batch: [SpanRecord]) async {
        let body: [UInt8]
        do {
            body = try Self.body(batch, resource: resource)
        } catch {
            return logger.warning("spans not exported", metadata: ["error": "\(error)", "otlp.spans": "\(batch.count)"])
        }
        let outcome = await client.post(endpoint.absoluteString, body: body, headers: [:], timeout: .seconds(10))
        guard let status = outcome.status else {
            return logger.warning(
                "spans not exported", metadata: ["error": "\(outcome.error ?? "no answer")", "otlp.spans": "\(batch.count)"])
        }
        if !(200..<300).contains(status) {
            logger.warning("the collector refused spans", metadata: ["http.status": "\(status)", "otlp.spans": "\(batch.count)"])
        }
    }

    /// An `ExportTraceServiceRequest` in OTLP's JSON encoding (ids as hex, times as decimal strings).
    static func body(_ spans: [SpanRecord], resource: [String: SpanAttribute]) throws -> [UInt8] {
        let encoded: [[String: Any]] = spans.map { span in
            var json: [String: Any] = [
                "traceId": span.context.traceID, "spanId": span.context.spanID, "name": span.name, "kind": span.kind.rawValue,
                "startTimeUnixNano": nanoseconds(span.start), "endTimeUnixNano": nanoseconds(span.end),
                "attributes": span.attributes.sorted { $0.key < $1.key }.map { attribute($0.key, $0.value) },
                // STATUS_CODE_ERROR, or UNSET.
                "status": ["code": span.failed ? 2 : 0],
            ]
            if let parent = span.parentSpanID { json["parentSpanId"] = parent }
            return json
        }
        let document: [String: Any] = [
            "resourceSpans": [
                [
                    "resource": ["attributes": resource.sorted { $0.key < $1.key }.map { attribute($0.key, $0.value) }],
                    "scopeSpans": [["scope": ["name": "usernotifyd", "version": BuildInfo.version], "spans": encoded]],
                ]
            ]
        ]
        return Array(try JSONSerialization.data(withJSONObject: document, options: [.sortedKeys]))
    }

    private static func nanoseconds(_ date: Date) -> String {
        String(UInt64(max(0, date.timeIntervalSince1970) * 1_000_000_000))
    }

    private static func attribute(_ key: String, _ value: SpanAttribute) -> [String: Any] {
        switch value {
        case .string(let text): ["key": key, "value": ["stringValue": text]]
        case .int(let number): ["key": key, "value": ["intValue": String(number)]]
        }
    }
}
