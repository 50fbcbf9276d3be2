import Foundation
import Synchronization

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
