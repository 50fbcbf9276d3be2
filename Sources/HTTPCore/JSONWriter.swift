import StrictJSON

/// Writes small JSON documents straight into bytes, for hot paths where `JSONEncoder` costs too much;
/// strings escaped as the service's encoder escapes them (`WireFormat.appendString`).
package struct JSONWriter: Sendable {
    package private(set) var bytes: [UInt8] = []

    package init() { bytes.reserveCapacity(128) }

    /// Writes one object whose fields `build` adds.
    package mutating func object(_ build: (inout ObjectWriter) -> Void) { ObjectWriter.write(into: &bytes, build) }

    package struct ObjectWriter {
        fileprivate var bytes: [UInt8] = []
        private var first = true

        package mutating func field(_ name: String, _ value: String) {
            key(name)
            WireFormat.appendString(value, to: &bytes)
        }

        package mutating func field(_ name: String, _ value: some FixedWidthInteger) {
            key(name)
            bytes.append(contentsOf: String(value).utf8)
        }

        package mutating func field(_ name: String, _ value: Bool) {
            key(name)
            bytes.append(contentsOf: (value ? "true" : "false").utf8)
        }

        /// An array of strings.
        package mutating func field(_ name: String, _ values: [String]) {
            key(name)
            bytes.append(UInt8(ascii: "["))
            for (index, value) in values.enumerated() {
                if index > 0 { bytes.append(UInt8(ascii: ",")) }
                WireFormat.appendString(value, to: &bytes)
            }
            bytes.append(UInt8(ascii: "]"))
        }

        /// A nested object whose fields `build` adds.
        package mutating func object(_ name: String, _ build: (inout ObjectWriter) -> Void) {
            key(name)
            Self.write(into: &bytes, build)
        }

        /// An array of objects, each written by `build` from its element.
        package mutating func objects<Element>(_ name: String, _ elements: [Element], _ build: (inout ObjectWriter, Element) -> Void) {
            key(name)
            bytes.append(UInt8(ascii: "["))
            for (index, element) in elements.enumerated() {
                if index > 0 { bytes.append(UInt8(ascii: ",")) }
                Self.write(into: &bytes) { build(&$0, element) }
            }
            bytes.append(UInt8(ascii: "]"))
        }

        /// Appends to `bytes` the object whose fields `build` adds.
        fileprivate static func write(into bytes: inout [UInt8], _ build: (inout ObjectWriter) -> Void) {
            var writer = ObjectWriter()
            swap(&writer.bytes, &bytes)
            writer.bytes.append(UInt8(ascii: "{"))
            build(&writer)
            writer.bytes.append(UInt8(ascii: "}"))
            swap(&writer.bytes, &bytes)
        }

        private mutating func key(_ name: String) {
            if !first { bytes.append(UInt8(ascii: ",")) }
            first = false
            WireFormat.appendString(name, to: &bytes)
            bytes.append(UInt8(ascii: ":"))
        }
    }
}
