/// Rows written a set at a time: one statement for up to `size` rows (its multi-row `VALUES`), so that a
/// statement's own cost in SQLite — its program's start, its cursors — counts once a set, not once a row.
enum SetWise {
    /// Rows a statement: at most 15 parameters a row, far under SQLite's limit of 32,766.
    static let size = 64

    /// `items` in consecutive sets of at most `size`, in order.
    static func sets<Items: RandomAccessCollection>(_ items: Items) -> [Items.SubSequence] {
        stride(from: 0, to: items.count, by: size).map { offset in
            let start = items.index(items.startIndex, offsetBy: offset)
            return items[start..<items.index(start, offsetBy: min(size, items.count - offset))]
        }
    }

    /// `row` repeated `count` times, comma-separated: the `VALUES` of a set.
    static func values(_ row: String, count: Int) -> String { Array(repeating: row, count: count).joined(separator: ", ") }
}
