/// A parsed JSON value. Objects keep their members in order and remember which ones a decoder read, so
/// that members nobody read (unknown fields) can be reported after decoding.
package indirect enum JSONNode {
    case null
    case bool(Bool)
    /// The number's literal text, converted when a type asks for it (an integer must be exact).
    case number(String)
    case string(String)
    case array([JSONNode])
    case object(JSONObject)

    /// A short name of the kind of value, for messages.
    var kind: String {
        switch self {
        case .null: "null"
        case .bool: "a boolean"
        case .number: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }
}

/// The members of one JSON object, in order, with the ones read so far.
package final class JSONObject {
    private(set) var members: [(key: String, value: JSONNode)]
    private var read: [Bool]
    /// Built once an object is large enough that a linear search would cost more.
    private var index: [String: Int]?

    init(members: [(key: String, value: JSONNode)]) {
        self.members = members
        read = Array(repeating: false, count: members.count)
        if members.count > 12 {
            index = Dictionary(members.enumerated().map { ($0.element.key, $0.offset) }, uniquingKeysWith: { first, _ in first })
        }
    }

    func position(of key: String) -> Int? {
        if let index { return index[key] }
        return members.firstIndex { $0.key == key }
    }

    /// The value of `key`, marked as read.
    func take(_ key: String) -> JSONNode? {
        guard let position = position(of: key) else { return nil }
        read[position] = true
        return members[position].value
    }

    /// The first member no decoder read.
    var firstUnread: (key: String, value: JSONNode)? {
        read.firstIndex(of: false).map { members[$0] }
    }

    /// Every member's value, for walking the tree.
    var values: some Sequence<(key: String, value: JSONNode)> { members }
}
