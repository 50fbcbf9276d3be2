/// Parses JSON text exactly as RFC 8259 defines it — no trailing commas, comments, single quotes, bare
/// words, `NaN`, leading zeros or raw control characters in strings — and refuses what the RFC leaves to
/// implementations: duplicate member names, text that is not UTF-8, escapes of lone surrogates, and
/// nesting deeper than `maxDepth` (a body of a million `[` would otherwise exhaust the stack).
package struct JSONParser {
    package static let maxDepth = 128

    private let bytes: [UInt8]
    private var position = 0
    private var depth = 0
    /// Where the parser is (member names and `[index]`), for the messages that name a place.
    private var path: [JSONKey] = []

    private init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// The value `bytes` hold, which must be one JSON text (whitespace around it allowed).
    package static func parse(_ bytes: [UInt8]) throws(StrictJSONError) -> JSONNode {
        var parser = JSONParser(bytes)
        parser.skipWhitespace()
        let value = try parser.value()
        parser.skipWhitespace()
        guard parser.position == bytes.count else { throw parser.syntax("unexpected text after the JSON value") }
        return value
    }

    private mutating func value() throws(StrictJSONError) -> JSONNode {
        guard position < bytes.count else { throw syntax("the text ends where a value was expected") }
        switch bytes[position] {
        case UInt8(ascii: "{"): return try object()
        case UInt8(ascii: "["): return try array()
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "t"): return try literal("true", .bool(true))
        case UInt8(ascii: "f"): return try literal("false", .bool(false))
        case UInt8(ascii: "n"): return try literal("null", .null)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try number()
        default: throw syntax("unexpected character '\(JSONText.describe(bytes[position]))'")
        }
    }

    private mutating func object() throws(StrictJSONError) -> JSONNode {
        try enter()
        position += 1
        var members: [(key: String, value: JSONNode)] = []
        var seen = Set<String>()
        skipWhitespace()
        if consume(UInt8(ascii: "}")) {
            depth -= 1
            return .object(JSONObject(members: members))
        }
        while true {
            skipWhitespace()
            guard position < bytes.count, bytes[position] == UInt8(ascii: "\"") else {
                throw syntax(members.isEmpty ? "expected a member name in quotes" : "expected a member name after ',' (no trailing commas)")
            }
            let key = try string()
            guard seen.insert(key).inserted else { throw .duplicateKey(path: path, key: key) }
            skipWhitespace()
            guard consume(UInt8(ascii: ":")) else { throw syntax("expected ':' after the member name") }
            skipWhitespace()
            path.append(JSONKey(key))
            members.append((key, try value()))
            path.removeLast()
            skipWhitespace()
            if consume(UInt8(ascii: ",")) { continue }
            guard consume(UInt8(ascii: "}")) else { throw syntax("expected ',' or '}' in an object") }
            depth -= 1
            return .object(JSONObject(members: members))
        }
    }

    private mutating func array() throws(StrictJSONError) -> JSONNode {
        try enter()
        position += 1
        var elements: [JSONNode] = []
        skipWhitespace()
        if consume(UInt8(ascii: "]")) {
            depth -= 1
            return .array(elements)
        }
        while true {
            skipWhitespace()
            if position < bytes.count, bytes[position] == UInt8(ascii: "]") {
                throw syntax("expected a value after ',' (no trailing commas)")
            }
            path.append(JSONKey(index: elements.count))
            elements.append(try value())
            path.removeLast()
            skipWhitespace()
            if consume(UInt8(ascii: ",")) { continue }
            guard consume(UInt8(ascii: "]")) else { throw syntax("expected ',' or ']' in an array") }
            depth -= 1
            return .array(elements)
        }
    }

    private mutating func enter() throws(StrictJSONError) {
        depth += 1
        guard depth <= Self.maxDepth else { throw syntax("values are nested more than \(Self.maxDepth) deep") }
    }

    private mutating func literal(_ word: String, _ node: JSONNode) throws(StrictJSONError) -> JSONNode {
        let end = position + word.utf8.count
        guard end <= bytes.count, bytes[position..<end].elementsEqual(word.utf8) else {
            throw syntax("unexpected word (only true, false and null are literals)")
        }
        position = end
        return node
    }

    private mutating func number() throws(StrictJSONError) -> JSONNode {
        let start = position
        do {
            try JSONText.number(bytes, at: &position)
        } catch {
            throw syntax(error.message)
        }
        return .number(String(decoding: bytes[start..<position], as: UTF8.self))
    }

    private mutating func string() throws(StrictJSONError) -> String {
        do {
            return try JSONText.string(bytes, at: &position)
        } catch {
            throw syntax(error.message)
        }
    }

    private mutating func skipWhitespace() {
        JSONText.skipWhitespace(bytes, at: &position)
    }

    private mutating func consume(_ byte: UInt8) -> Bool {
        guard position < bytes.count, bytes[position] == byte else { return false }
        position += 1
        return true
    }

    private func syntax(_ message: String) -> StrictJSONError {
        .syntax(offset: position, message: message)
    }
}
