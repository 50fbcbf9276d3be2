import Foundation
import Synchronization

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
