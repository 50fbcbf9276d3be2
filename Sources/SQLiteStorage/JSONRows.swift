import StrictJSON

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

    /// `value` as a JSON string, as the service writes one (`WireFormat.string`).
    private static func quote(_ value: String, into text: inout String) {
        text += String(decoding: WireFormat.string(value), as: UTF8.self)
    }
}
