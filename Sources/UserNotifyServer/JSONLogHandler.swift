import Foundation
import HTTPCore
import Logging
import Synchronization

/// A swift-log handler that writes one JSON object per line: `ts`, `level`, `label`, `msg`, then the
/// metadata keys (dotted, e.g. `http.port`).
package struct JSONLogHandler: LogHandler {
    package var logLevel: Logger.Level
    package var metadata: Logger.Metadata = [:]
    private let label: String
    private let sink: JSONLogSink

    package init(label: String, level: Logger.Level, sink: JSONLogSink = .standardOutput) {
        self.label = label
        self.logLevel = level
        self.sink = sink
    }

    package subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    package func log(event: LogEvent) {
        var line = JSONWriter()
        let merged = metadata.merging(event.metadata ?? [:]) { _, new in new }
        line.object { object in
            object.field("ts", Date().formatted(Self.timestampStyle))
            object.field("level", event.level.rawValue)
            object.field("label", label)
            object.field("msg", event.message.description)
            for key in merged.keys.sorted() {
                object.field(key, Self.render(merged[key]!))
            }
        }
        sink.write(line.bytes + [UInt8(ascii: "\n")])
    }

    private static let timestampStyle = Date.ISO8601FormatStyle(includingFractionalSeconds: true, timeZone: .gmt)

    private static func render(_ value: Logger.Metadata.Value) -> String {
        switch value {
        case .string(let text): text
        case .stringConvertible(let value): value.description
        case .array(let values): "[" + values.map(render).joined(separator: ", ") + "]"
        case .dictionary(let values):
            "{" + values.sorted { $0.key < $1.key }.map { "\($0.key): \(render($0.value))" }.joined(separator: ", ") + "}"
        }
    }
}

/// Where JSON log lines go; writes are whole lines, never interleaved.
package final class JSONLogSink: Sendable {
    private let descriptor: Int32
    private let lock = Mutex(())

    package init(descriptor: Int32) { self.descriptor = descriptor }

    package static let standardOutput = JSONLogSink(descriptor: 1)

    func write(_ bytes: [UInt8]) {
        lock.withLock { _ in
            bytes.withUnsafeBytes { buffer in
                var offset = 0
                while offset < buffer.count {
                    let written = Foundation.write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                    if written <= 0 { return }
                    offset += written
                }
            }
        }
    }
}
