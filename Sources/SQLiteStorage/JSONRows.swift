/// A batch of rows of text as one JSON array of arrays (`[["app","c1"],…]`), bound as a single argument
/// and read back by SQLite with `json_each`: one statement for a whole batch of keys instead of one per
/// key.
struct JSONRows {
    private(set) var text = "["
    private(set) var count = 0

    mutating func append(_ fields: String...) {
        text += count == 0 ? "[" : ",["
        for (index, field) in fields.enumerated() {
            if index > 0 { text += "," }
            Self.quote(field, into: &text)
        }
        text += "]"
        count += 1
    }

    /// The JSON array, to bind.
    var json: String { text + "]" }

    /// Text values as one JSON array (`["c1","c2"]`), for `json_each`'s `value`.
    static func list(_ values: some Sequence<String>) -> String {
        var text = "["
        for (index, value) in values.enumerated() {
            if index > 0 { text += "," }
            quote(value, into: &text)
        }
        return text + "]"
    }

    /// `value` as a JSON string: quotes, backslashes and control characters escaped.
    private static func quote(_ value: String, into text: inout String) {
        text += "\""
        guard value.utf8.contains(where: { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }) else {
            text += value
            text += "\""
            return
        }
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": text += "\\\""
            case "\\": text += "\\\\"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                text += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: text.unicodeScalars.append(scalar)
            }
        }
        text += "\""
    }
}
