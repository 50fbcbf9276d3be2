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
        default: throw syntax("unexpected character '\(Self.describe(bytes[position]))'")
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
        _ = consume(UInt8(ascii: "-"))
        guard position < bytes.count, Self.isDigit(bytes[position]) else { throw syntax("a number needs digits") }
        if bytes[position] == UInt8(ascii: "0") {
            position += 1
            if position < bytes.count, Self.isDigit(bytes[position]) { throw syntax("numbers must not have leading zeros") }
        } else {
            skipDigits()
        }
        if consume(UInt8(ascii: ".")) {
            guard position < bytes.count, Self.isDigit(bytes[position]) else { throw syntax("a fraction needs digits after '.'") }
            skipDigits()
        }
        if position < bytes.count, bytes[position] | 0x20 == UInt8(ascii: "e") {
            position += 1
            if position < bytes.count, bytes[position] == UInt8(ascii: "+") || bytes[position] == UInt8(ascii: "-") { position += 1 }
            guard position < bytes.count, Self.isDigit(bytes[position]) else { throw syntax("an exponent needs digits") }
            skipDigits()
        }
        return .number(String(decoding: bytes[start..<position], as: UTF8.self))
    }

    private mutating func string() throws(StrictJSONError) -> String {
        position += 1
        let start = position
        // The common case: no escapes, so the bytes are the string.
        while position < bytes.count {
            let byte = bytes[position]
            if byte == UInt8(ascii: "\"") {
                let text = try utf8(bytes[start..<position])
                position += 1
                return text
            }
            if byte == UInt8(ascii: "\\") { break }
            if byte < 0x20 { throw syntax("control characters must be escaped in strings") }
            position += 1
        }
        var decoded = Array(bytes[start..<position])
        while position < bytes.count {
            let byte = bytes[position]
            position += 1
            switch byte {
            case UInt8(ascii: "\""):
                return try utf8(decoded[...])
            case UInt8(ascii: "\\"):
                try escape(into: &decoded)
            case 0..<0x20:
                throw syntax("control characters must be escaped in strings")
            default:
                decoded.append(byte)
            }
        }
        throw syntax("a string is not closed")
    }

    private mutating func escape(into decoded: inout [UInt8]) throws(StrictJSONError) {
        guard position < bytes.count else { throw syntax("a string ends inside an escape") }
        let byte = bytes[position]
        position += 1
        switch byte {
        case UInt8(ascii: "\""): decoded.append(UInt8(ascii: "\""))
        case UInt8(ascii: "\\"): decoded.append(UInt8(ascii: "\\"))
        case UInt8(ascii: "/"): decoded.append(UInt8(ascii: "/"))
        case UInt8(ascii: "b"): decoded.append(0x08)
        case UInt8(ascii: "f"): decoded.append(0x0C)
        case UInt8(ascii: "n"): decoded.append(0x0A)
        case UInt8(ascii: "r"): decoded.append(0x0D)
        case UInt8(ascii: "t"): decoded.append(0x09)
        case UInt8(ascii: "u"):
            var scalar = try hex4()
            if (0xD800...0xDBFF).contains(scalar) {
                guard consume(UInt8(ascii: "\\")), consume(UInt8(ascii: "u")) else {
                    throw syntax("a \\u escape of a high surrogate must be followed by its low surrogate")
                }
                let low = try hex4()
                guard (0xDC00...0xDFFF).contains(low) else { throw syntax("a \\u high surrogate is followed by no low surrogate") }
                scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
            } else if (0xDC00...0xDFFF).contains(scalar) {
                throw syntax("a \\u escape names a lone low surrogate")
            }
            guard let unicode = Unicode.Scalar(scalar) else { throw syntax("a \\u escape names no character") }
            decoded.append(contentsOf: String(Character(unicode)).utf8)
        default:
            throw syntax("'\\\(Self.describe(byte))' is not a JSON escape")
        }
    }

    private mutating func hex4() throws(StrictJSONError) -> UInt32 {
        guard position + 4 <= bytes.count else { throw syntax("a \\u escape needs four hex digits") }
        var value: UInt32 = 0
        for byte in bytes[position..<position + 4] {
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw syntax("a \\u escape needs four hex digits")
            }
            value = value << 4 | UInt32(digit)
        }
        position += 4
        return value
    }

    private func utf8(_ slice: ArraySlice<UInt8>) throws(StrictJSONError) -> String {
        guard let text = String(validating: slice, as: UTF8.self) else { throw syntax("the text is not valid UTF-8") }
        return text
    }

    private mutating func skipWhitespace() {
        while position < bytes.count {
            switch bytes[position] {
            case 0x20, 0x09, 0x0A, 0x0D: position += 1
            default: return
            }
        }
    }

    private mutating func skipDigits() {
        while position < bytes.count, Self.isDigit(bytes[position]) { position += 1 }
    }

    private mutating func consume(_ byte: UInt8) -> Bool {
        guard position < bytes.count, bytes[position] == byte else { return false }
        position += 1
        return true
    }

    private static func isDigit(_ byte: UInt8) -> Bool { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) }

    private static func describe(_ byte: UInt8) -> String {
        (0x20..<0x7F).contains(byte) ? String(UnicodeScalar(byte)) : "0x" + String(byte, radix: 16, uppercase: true)
    }

    private func syntax(_ message: String) -> StrictJSONError {
        .syntax(offset: position, message: message)
    }
}
