import Foundation

/// Decodes a `Decodable` from strict JSON (`JSONParser`) in one pass, and refuses what the type does not
/// read: a member no field of the type reads is an unknown field (reported after decoding, with its
/// path), and an explicit `null` is refused wherever the type reads the field with `decodeIfPresent` — an
/// optional field is left out, not nulled. A type that gives `null` a meaning asks `decodeNil(forKey:)`
/// first (a PATCH that clears a value).
package struct StrictJSONDecoder: Sendable {
    /// Reads a `Date` from its JSON string; nil refuses it.
    package var date: @Sendable (String) -> Date?

    package init(date: @escaping @Sendable (String) -> Date?) {
        self.date = date
    }

    /// Decodes `type` from `bytes`. Throws `StrictJSONError` for text that is not strict JSON and for
    /// unknown or null members, `DecodingError` for values of the wrong type or missing fields.
    package func decode<T: Decodable>(_ type: T.Type, from bytes: [UInt8]) throws -> T {
        let root = try JSONParser.parse(bytes)
        let value = try TreeDecoder(node: root, codingPath: [], options: self).unbox(T.self)
        if let path = Self.firstUnread(in: root, path: []) { throw StrictJSONError.unknownKey(path: path) }
        return value
    }

    /// The path of the first object member no decoder read, depth first.
    private static func firstUnread(in node: JSONNode, path: [JSONKey]) -> [JSONKey]? {
        switch node {
        case .object(let object):
            if let unread = object.firstUnread { return path + [JSONKey(unread.key)] }
            for member in object.values {
                if let found = firstUnread(in: member.value, path: path + [JSONKey(member.key)]) { return found }
            }
            return nil
        case .array(let elements):
            for (index, element) in elements.enumerated() {
                if let found = firstUnread(in: element, path: path + [JSONKey(index: index)]) { return found }
            }
            return nil
        default:
            return nil
        }
    }
}

/// One value of the tree as a `Decoder`.
struct TreeDecoder: Decoder {
    let node: JSONNode
    let codingPath: [any CodingKey]
    let options: StrictJSONDecoder
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        guard case .object(let object) = node else { throw mismatch([String: Any].self) }
        return KeyedDecodingContainer(KeyedTreeContainer<Key>(object: object, decoder: self))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        guard case .array(let elements) = node else { throw mismatch([Any].self) }
        return UnkeyedTreeContainer(elements: elements, decoder: self)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer { SingleTreeContainer(decoder: self) }

    func child(_ node: JSONNode, key: JSONKey) -> TreeDecoder {
        TreeDecoder(node: node, codingPath: codingPath + [key], options: options)
    }

    /// A value of the wrong kind; a `null` is reported as missing (`valueNotFound`), as Foundation does.
    func mismatch(_ type: Any.Type) -> DecodingError {
        if case .null = node { return .valueNotFound(type, .init(codingPath: codingPath, debugDescription: "found null")) }
        return .typeMismatch(type, .init(codingPath: codingPath, debugDescription: "found \(node.kind)"))
    }

    func corrupted(_ message: String) -> DecodingError {
        .dataCorrupted(.init(codingPath: codingPath, debugDescription: message))
    }

    /// This value as `T`: strings, booleans, numbers and dates directly, anything else through its `init(from:)`.
    func unbox<T: Decodable>(_ type: T.Type) throws -> T {
        switch type {
        case is String.Type:
            guard case .string(let text) = node else { throw mismatch(String.self) }
            return text as! T
        case is Bool.Type:
            guard case .bool(let value) = node else { throw mismatch(Bool.self) }
            return value as! T
        case is Double.Type: return try double() as! T
        case is Float.Type:
            let value = Float(try double())
            guard value.isFinite else { throw corrupted("the number is out of range") }
            return value as! T
        case is Int.Type: return try integer(Int.self) as! T
        case is Int8.Type: return try integer(Int8.self) as! T
        case is Int16.Type: return try integer(Int16.self) as! T
        case is Int32.Type: return try integer(Int32.self) as! T
        case is Int64.Type: return try integer(Int64.self) as! T
        case is UInt.Type: return try integer(UInt.self) as! T
        case is UInt8.Type: return try integer(UInt8.self) as! T
        case is UInt16.Type: return try integer(UInt16.self) as! T
        case is UInt32.Type: return try integer(UInt32.self) as! T
        case is UInt64.Type: return try integer(UInt64.self) as! T
        case is Date.Type:
            guard case .string(let text) = node else { throw mismatch(String.self) }
            guard let date = options.date(text) else { throw corrupted("expected an RFC 3339 date-time such as 2027-01-15T08:00:00Z") }
            return date as! T
        default:
            return try T(from: self)
        }
    }

    private func double() throws -> Double {
        guard case .number(let text) = node else { throw mismatch(Double.self) }
        guard let value = Double(text), value.isFinite else { throw corrupted("the number \(text) is out of range") }
        return value
    }

    /// An integer of `T`: an integral number (`3` or `3.0`) within T's range.
    private func integer<T: FixedWidthInteger>(_ type: T.Type) throws -> T {
        guard case .number(let text) = node else { throw mismatch(Int.self) }
        if let value = T(text) { return value }
        if let value = Double(text), value.rounded() == value, let exact = T(exactly: value) { return exact }
        throw corrupted("expected a whole number from \(T.min) to \(T.max); got \(text)")
    }
}

private struct KeyedTreeContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let object: JSONObject
    let decoder: TreeDecoder

    var codingPath: [any CodingKey] { decoder.codingPath }
    var allKeys: [Key] { object.values.compactMap { Key(stringValue: $0.key) } }

    func contains(_ key: Key) -> Bool { object.position(of: key.stringValue) != nil }

    func decodeNil(forKey key: Key) throws -> Bool {
        guard object.position(of: key.stringValue) != nil, case .null? = object.take(key.stringValue) else { return false }
        return true
    }

    private func value(_ key: Key) throws -> TreeDecoder {
        guard let node = object.take(key.stringValue) else {
            throw DecodingError.keyNotFound(key, .init(codingPath: codingPath, debugDescription: "no member '\(key.stringValue)'"))
        }
        return decoder.child(node, key: JSONKey(key.stringValue))
    }

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T { try decodeValue(type, forKey: key) }

    private func decodeValue<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T { try value(key).unbox(T.self) }

    func decodeIfPresent(_ type: Bool.Type, forKey key: Key) throws -> Bool? { try decodeValueIfPresent(type, forKey: key) }
    func decodeIfPresent(_ type: String.Type, forKey key: Key) throws -> String? { try decodeValueIfPresent(type, forKey: key) }
    func decodeIfPresent(_ type: Double.Type, forKey key: Key) throws -> Double? { try decodeValueIfPresent(type, forKey: key) }
    func decodeIfPresent(_ type: Float.Type, forKey key: Key) throws -> Float? { try decodeValueIfPresent(type, forKey: key) }
    func decodeIfPresent(_ type: Int.Type, forKey key: Key) throws -> Int? { try decodeValueIfPresent(type, forKey: key) }
    func decodeIfPresent(_ type: Int8.Type, forKey key: Key) throws -> Int8? { try decodeValueIfPresent(type, forKey: key) }
    func decodeIfPresent(_ type: Int16.Type, forKey key: Key) throws -> Int16? { try decodeValueIfPresent(type, forKey: key) }
    func decodeIfPresent(_ type: Int32.Type, forKey key: Key) throws -> Int32? { try decodeValueIfPresent(type, forKey: key) }
    func decodeIfPresent(_ type: Int64.Type, forKey key: Key) throws -> Int64? { try decodeValueIfPresent(type, forKey: key) }
    func decodeIfPresent(_ type: UInt.Type, forKey key: Key) throws -> UInt? { try decodeValueIfPresent(type, forKey: key) }
    func decodeIfPresent(_ type: UInt8.Type, forKey key: Key) throws -> UInt8? { try decodeValueIfPresent(type, forKey: key) }
    func decodeIfPresent(_ type: UInt16.Type, forKey key: Key) throws -> UInt16? { try decodeValueIfPresent(type, forKey: key) }
    func decodeIfPresent(_ type: UInt32.Type, forKey key: Key) throws -> UInt32? { try decodeValueIfPresent(type, forKey: key) }
    func decodeIfPresent(_ type: UInt64.Type, forKey key: Key) throws -> UInt64? { try decodeValueIfPresent(type, forKey: key) }
    func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? { try decodeValueIfPresent(type, forKey: key) }

    private func decodeValueIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
        guard let node = object.take(key.stringValue) else { return nil }
        let child = decoder.child(node, key: JSONKey(key.stringValue))
        if case .null = node { throw StrictJSONError.null(path: child.codingPath.map { JSONKey.from($0) }) }
        return try child.unbox(T.self)
    }

    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try decodeValue(type, forKey: key) }
    func decode(_ type: String.Type, forKey key: Key) throws -> String { try decodeValue(type, forKey: key) }
    func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try decodeValue(type, forKey: key) }
    func decode(_ type: Float.Type, forKey key: Key) throws -> Float { try decodeValue(type, forKey: key) }
    func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try decodeValue(type, forKey: key) }
    func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try decodeValue(type, forKey: key) }
    func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try decodeValue(type, forKey: key) }
    func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try decodeValue(type, forKey: key) }
    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try decodeValue(type, forKey: key) }
    func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try decodeValue(type, forKey: key) }
    func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try decodeValue(type, forKey: key) }
    func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try decodeValue(type, forKey: key) }
    func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try decodeValue(type, forKey: key) }
    func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try decodeValue(type, forKey: key) }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws -> KeyedDecodingContainer<NestedKey> {
        try value(key).container(keyedBy: type)
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer { try value(key).unkeyedContainer() }

    func superDecoder() throws -> any Decoder { try value(Key(stringValue: "super")!) }

    func superDecoder(forKey key: Key) throws -> any Decoder { try value(key) }
}

private struct UnkeyedTreeContainer: UnkeyedDecodingContainer {
    let elements: [JSONNode]
    let decoder: TreeDecoder
    var currentIndex = 0

    var codingPath: [any CodingKey] { decoder.codingPath }
    var count: Int? { elements.count }
    var isAtEnd: Bool { currentIndex >= elements.count }

    private mutating func next() throws -> TreeDecoder {
        guard !isAtEnd else {
            throw DecodingError.valueNotFound(Any.self, .init(codingPath: codingPath, debugDescription: "the array has no more elements"))
        }
        defer { currentIndex += 1 }
        return decoder.child(elements[currentIndex], key: JSONKey(index: currentIndex))
    }

    mutating func decodeNil() throws -> Bool {
        guard !isAtEnd, case .null = elements[currentIndex] else { return false }
        currentIndex += 1
        return true
    }

    mutating func decode(_ type: Bool.Type) throws -> Bool { try decodeValue(type) }
    mutating func decode(_ type: String.Type) throws -> String { try decodeValue(type) }
    mutating func decode(_ type: Double.Type) throws -> Double { try decodeValue(type) }
    mutating func decode(_ type: Float.Type) throws -> Float { try decodeValue(type) }
    mutating func decode(_ type: Int.Type) throws -> Int { try decodeValue(type) }
    mutating func decode(_ type: Int8.Type) throws -> Int8 { try decodeValue(type) }
    mutating func decode(_ type: Int16.Type) throws -> Int16 { try decodeValue(type) }
    mutating func decode(_ type: Int32.Type) throws -> Int32 { try decodeValue(type) }
    mutating func decode(_ type: Int64.Type) throws -> Int64 { try decodeValue(type) }
    mutating func decode(_ type: UInt.Type) throws -> UInt { try decodeValue(type) }
    mutating func decode(_ type: UInt8.Type) throws -> UInt8 { try decodeValue(type) }
    mutating func decode(_ type: UInt16.Type) throws -> UInt16 { try decodeValue(type) }
    mutating func decode(_ type: UInt32.Type) throws -> UInt32 { try decodeValue(type) }
    mutating func decode(_ type: UInt64.Type) throws -> UInt64 { try decodeValue(type) }
    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T { try decodeValue(type) }

    private mutating func decodeValue<T: Decodable>(_ type: T.Type) throws -> T { try next().unbox(T.self) }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey> {
        try next().container(keyedBy: type)
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer { try next().unkeyedContainer() }

    mutating func superDecoder() throws -> any Decoder { try next() }
}

private struct SingleTreeContainer: SingleValueDecodingContainer {
    let decoder: TreeDecoder

    var codingPath: [any CodingKey] { decoder.codingPath }

    func decodeNil() -> Bool {
        if case .null = decoder.node { return true }
        return false
    }

    func decode(_ type: Bool.Type) throws -> Bool { try decodeValue(type) }
    func decode(_ type: String.Type) throws -> String { try decodeValue(type) }
    func decode(_ type: Double.Type) throws -> Double { try decodeValue(type) }
    func decode(_ type: Float.Type) throws -> Float { try decodeValue(type) }
    func decode(_ type: Int.Type) throws -> Int { try decodeValue(type) }
    func decode(_ type: Int8.Type) throws -> Int8 { try decodeValue(type) }
    func decode(_ type: Int16.Type) throws -> Int16 { try decodeValue(type) }
    func decode(_ type: Int32.Type) throws -> Int32 { try decodeValue(type) }
    func decode(_ type: Int64.Type) throws -> Int64 { try decodeValue(type) }
    func decode(_ type: UInt.Type) throws -> UInt { try decodeValue(type) }
    func decode(_ type: UInt8.Type) throws -> UInt8 { try decodeValue(type) }
    func decode(_ type: UInt16.Type) throws -> UInt16 { try decodeValue(type) }
    func decode(_ type: UInt32.Type) throws -> UInt32 { try decodeValue(type) }
    func decode(_ type: UInt64.Type) throws -> UInt64 { try decodeValue(type) }
    func decode<T: Decodable>(_ type: T.Type) throws -> T { try decodeValue(type) }

    private func decodeValue<T: Decodable>(_ type: T.Type) throws -> T { try decoder.unbox(T.self) }
}

extension JSONKey {
    /// A coding path step as a `JSONKey`.
    static func from(_ key: any CodingKey) -> JSONKey {
        key.intValue.map { JSONKey(index: $0) } ?? JSONKey(key.stringValue)
    }
}
