import StrictJSON

/// Writes small JSON documents straight into bytes, for hot paths where `JSONEncoder` costs too much;
/// strings escaped as the service's encoder escapes them (`WireFormat.appendString`).
package struct JSONWriter: Sendable {
    package private(set) var bytes: [UInt8] = []

    package init() { bytes.reserveCapacity(128) }

    /// Writes one object whose fields `build` adds.
    package mutating func object(_ build: (inout ObjectWriter) -> Void) {
        var writer = ObjectWriter()
        writer.bytes = bytes
        writer.bytes.append(UInt8(ascii: "{"))
        build(&writer)
        writer.bytes.append(UInt8(ascii: "}"))
        bytes = writer.bytes
    }

    package struct ObjectWriter {
        fileprivate var bytes: [UInt8] = []
        private var first = true

        package mutating func field(_ name: String, _ value: String) {
            key(name)
            WireFormat.appendString(value, to: &bytes)
        }

        package mutating func field(_ name: String, _ value: Int) {
            key(name)
            bytes.append(contentsOf: String(value).utf8)
        }

        package mutating func field(_ name: String, _ value: Bool) {
            key(name)
            bytes.append(contentsOf: (value ? "true" : "false").utf8)
        }

        private mutating func key(_ name: String) {
            if !first { bytes.append(UInt8(ascii: ",")) }
            first = false
            WireFormat.appendString(name, to: &bytes)
            bytes.append(UInt8(ascii: ":"))
        }
    }
}
