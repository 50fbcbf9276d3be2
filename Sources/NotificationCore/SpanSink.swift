import Foundation
import Synchronization

/// Where finished spans go (the OTLP exporter).
package protocol SpanSink: Sendable {
    func record(_ span: SpanRecord)
}
