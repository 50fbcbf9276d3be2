import Foundation
import Memberwise
import Synchronization

/// One span's identity in a W3C trace: the trace it belongs to and its own id (lowercase hex).
@MemberwiseInit
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
