import StrictJSON

extension JSONValue {
    /// The value as `WireFormat.bytes(self)` writes it, byte for byte (sorted keys, slashes unescaped,
    /// whole numbers below 10^15 without a fraction), written straight into bytes: APNs' and FCM's
    /// payloads are made for every message, and `JSONEncoder`'s generic path was most of their cost.
    /// Throws for NaN and the infinities, as the encoder does.
    package func wireBytes() throws -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(512)
        try write(to: &bytes)
        return bytes
    }

    private func write(to bytes: inout [UInt8]) throws {
        switch self {
        case .null: bytes += "null".utf8
        case .bool(let value): bytes += (value ? "true" : "false").utf8
        case .number(let value):
            if let whole = Self.whole(value) {
                bytes += String(whole).utf8
            } else if let text = WireFormat.number(value) {
                bytes += text.utf8
            } else {
                throw EncodingError.invalidValue(
                    value, EncodingError.Context(codingPath: [], debugDescription: "\(value) cannot be written as JSON."))
            }
        case .string(let value): WireFormat.appendString(value, to: &bytes)
        case .array(let values):
            bytes.append(UInt8(ascii: "["))
            for (index, value) in values.enumerated() {
                if index > 0 { bytes.append(UInt8(ascii: ",")) }
                try value.write(to: &bytes)
            }
            bytes.append(UInt8(ascii: "]"))
        case .object(let members):
            bytes.append(UInt8(ascii: "{"))
            for (index, member) in members.sorted(by: { WireFormat.sortsBefore($0.key, $1.key) }).enumerated() {
                if index > 0 { bytes.append(UInt8(ascii: ",")) }
                WireFormat.appendString(member.key, to: &bytes)
                bytes.append(UInt8(ascii: ":"))
                try member.value.write(to: &bytes)
            }
            bytes.append(UInt8(ascii: "}"))
        }
    }
}
