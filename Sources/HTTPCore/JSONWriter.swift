/// Writes small JSON documents straight into bytes, for hot paths where `JSONEncoder` costs too much.
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
            JSONWriter.appendString(value, to: &bytes)
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
            JSONWriter.appendString(name, to: &bytes)
            bytes.append(UInt8(ascii: ":"))
        }
    }

    /// Appends `value` as a JSON string literal, escaping what RFC 8259 requires.
    package static func appendString(_ value: String, to bytes: inout [UInt8]) {
        bytes.append(UInt8(ascii: "\""))
        for byte in value.utf8 {
            switch byte {
            case UInt8(ascii: "\""): bytes.append(contentsOf: [0x5C, 0x22])
            case UInt8(ascii: "\\"): bytes.append(contentsOf: [0x5C, 0x5C])
            case 0x0A: bytes.append(contentsOf: [0x5C, UInt8(ascii: "n")])
            case 0x0D: bytes.append(contentsOf: [0x5C, UInt8(ascii: "r")])
            case 0x09: bytes.append(contentsOf: [0x5C, UInt8(ascii: "t")])
            case 0..<0x20:
                let hex = Array("0123456789abcdef".utf8)
                bytes.append(contentsOf: [0x5C, UInt8(ascii: "u"), 0x30, 0x30, hex[Int(byte >> 4)], hex[Int(byte & 0xF)]])
            default: bytes.append(byte)
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }
}
