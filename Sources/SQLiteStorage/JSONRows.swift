import StrictJSON

/// A batch of keys as one JSON array of text (`["c1","c2"]`), bound as a single argument and read back by
/// SQLite with `json_each`: one statement for a whole batch of keys instead of one per key.
enum JSONRows {
    /// Text values as one JSON array, for `json_each`'s `value`.
    static func list(_ values: some Sequence<String>) -> String {
        var text = "["
        for (index, value) in values.enumerated() {
            if index > 0 { text += "," }
            text += String(decoding: WireFormat.string(value), as: UTF8.self)
        }
        return text + "]"
    }
}
