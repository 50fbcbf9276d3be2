import Foundation
import Synchronization

/// One span's identity in a W3C trace: the trace it belongs to and its own id (lowercase hex).
package struct SpanContext: Sendable, Hashable {
    package var traceID: String
    package var spanID: String

    /// The span's `traceparent`, to hand on to what it leads to (sampled: usernotifyd records what it traces).
    package var traceparent: String { "00-\(traceID)-\(spanID)-01" }

    /// The context a valid `traceparent` names (its trace and its parent span), or nil.
    package init?(traceparent: String?) {
        guard let header = TraceContext.validated(traceparent) else { return nil }
        let parts = header.split(separator: "-")
        traceID = String(parts[1])
        spanID = String(parts[2])
    }

    package init(traceID: String, spanID: String) {
        self.traceID = traceID
        self.spanID = spanID
    }

    /// A new span in `parent`'s trace, or the first span of a new trace.
    package static func child(of parent: SpanContext?) -> SpanContext {
        SpanContext(traceID: parent?.traceID ?? randomHex(bytes: 16), spanID: randomHex(bytes: 8))
    }

    private static func randomHex(bytes: Int) -> String {
        var text = ""
        repeat {
            text = RandomID.hex(bytes: bytes)
        } while text.allSatisfy { $0 == "0" }
        return text
    }
}

/// A finished span, as an exporter sends it (OpenTelemetry's model, reduced to what usernotifyd records).
package struct SpanRecord: Sendable, Hashable {
    package enum Kind: Int, Sendable, Hashable {
        case `internal` = 1
        case server = 2
        case client = 3
    }

    package var name: String
    package var kind: Kind
    package var context: SpanContext
    package var parentSpanID: String?
    package var start: Date
    package var end: Date
    /// OpenTelemetry's semantic-convention names (`http.request.method`, `http.route`…), values as text or
    /// whole numbers.
    package var attributes: [String: SpanAttribute]
    /// The operation failed (a 5xx, a webhook call that was not delivered).
    package var failed: Bool

    package init(
        name: String, kind: Kind, context: SpanContext, parentSpanID: String?, start: Date, end: Date,
        attributes: [String: SpanAttribute] = [:], failed: Bool = false
    ) {
        self.name = name
        self.kind = kind
        self.context = context
        self.parentSpanID = parentSpanID
        self.start = start
        self.end = end
        self.attributes = attributes
        self.failed = failed
    }
}

package enum SpanAttribute: Sendable, Hashable {
    case string(String)
    case int(Int)
}

/// Where finished spans go (the OTLP exporter).
package protocol SpanSink: Sendable {
    func record(_ span: SpanRecord)
}

/// The process's spans: off (the default) until an exporter is bootstrapped, and then each API request,
/// each firing and each webhook attempt is a span whose parent is the `traceparent` it came with. Off, a
/// span costs one atomic load.
package enum Tracing {
    private static let on = Atomic<Bool>(false)
    private static let sink = Mutex<(any SpanSink)?>(nil)

    /// Sends every span from now on to `sink` (nil: off again).
    package static func bootstrap(_ sink: (any SpanSink)?) {
        self.sink.withLock { $0 = sink }
        on.store(sink != nil, ordering: .releasing)
    }

    /// Whether spans are recorded.
    package static var isOn: Bool { on.load(ordering: .acquiring) }

    /// Records a finished span (nothing when off).
    package static func record(_ span: SpanRecord) {
        guard isOn, let sink = sink.withLock({ $0 }) else { return }
        sink.record(span)
    }
}
