/// Reads JSON text in place, member by member, without building a tree or going through `Decoder`: for
/// the hot paths that read back what the service itself wrote (`WireFormat`), where Foundation's
/// `JSONDecoder` was a large part of a push's own work. It only declines, never reads differently: a value
/// of another kind than asked, a number that is not a whole `Int`, text that is not UTF-8, an escaped lone
/// surrogate or any text that is not JSON throws `Declined`, and the caller then reads the text with
/// `JSONDecoder`, which gives the value or the error it always gave.
package struct WireReader {
    /// The text is not what this reader reads: read it with `JSONDecoder`.
    package struct Declined: Error {
        package init() {}
    }

    private let bytes: [UInt8]
    private var position: Int
    private var depth = 0

    package init(_ bytes: [UInt8]) {
        self.bytes = bytes
        position = 0
    }

    /// Reads an object whose names are sorted as `WireFormat` writes them: `member` is called with each
    /// member's name and must read (or `skip`) its value.
    package mutating func members(_ member: (inout WireReader, String) throws -> Void) throws {
        try expect(UInt8(ascii: "{"))
        if try peek() == UInt8(ascii: "}") {
            position += 1
            return
        }
        // Names in the order `WireFormat` writes them (sorted, `WireFormat.sortsBefore`), so none comes twice:
        // an object in another order is declined (and one name twice with it: `JSONDecoder` takes the first).
        var previous: String?
        while true {
            let name = try string()
            if let previous, !WireFormat.sortsBefore(previous, name) { throw Declined() }
            previous = name
            try expect(UInt8(ascii: ":"))
            try member(&self, name)
            switch try next() {
            case UInt8(ascii: ","): continue
            case UInt8(ascii: "}"): return
            default: throw Declined()
            }
        }
    }

    /// Reads an array: `element` is called for each element and must read (or `skip`) it.
    package mutating func elements(_ element: (inout WireReader) throws -> Void) throws {
        try expect(UInt8(ascii: "["))
        if try peek() == UInt8(ascii: "]") {
            position += 1
            return
        }
        while true {
            try element(&self)
            switch try next() {
            case UInt8(ascii: ","): continue
            case UInt8(ascii: "]"): return
            default: throw Declined()
            }
        }
    }

    /// An array of strings.
    package mutating func strings() throws -> [String] {
        var values: [String] = []
        try elements { values.append(try $0.string()) }
        return values
    }

    /// Nil for a `null`, else a string.
    package mutating func optionalString() throws -> String? { try null() ? nil : string() }

    /// Nil for a `null`, else an integer.
    package mutating func optionalInteger() throws -> Int? { try null() ? nil : integer() }

    /// Nil for a `null`, else a boolean.
    package mutating func optionalBool() throws -> Bool? { try null() ? nil : bool() }

    /// Consumes a `null` if one comes next: whether it did.
    package mutating func null() throws -> Bool {
        guard try peek() == UInt8(ascii: "n") else { return false }
        try literal("null")
        return true
    }

    package mutating func bool() throws -> Bool {
        switch try peek() {
        case UInt8(ascii: "t"):
            try literal("true")
            return true
        case UInt8(ascii: "f"):
            try literal("false")
            return false
        default: throw Declined()
        }
    }

    /// A number written as a whole number (no fraction or exponent) that fits an `Int`.
    package mutating func integer() throws -> Int {
        _ = try peek()
        let start = position
        try number()
        guard let value = Int(String(decoding: bytes[start..<position], as: UTF8.self)) else { throw Declined() }
        return value
    }

    /// A string, its escapes resolved; its bytes must be UTF-8 with no raw control character
    /// (`JSONText`).
    package mutating func string() throws -> String {
        guard try peek() == UInt8(ascii: "\"") else { throw Declined() }
        do {
            return try JSONText.string(bytes, at: &position)
        } catch {
            throw Declined()
        }
    }

    /// Skips a value of any kind, checked as fully as the others are read.
    package mutating func skip() throws {
        switch try peek() {
        case UInt8(ascii: "{"):
            try nested { try $0.members { reader, _ in try reader.skip() } }
        case UInt8(ascii: "["):
            try nested { try $0.elements { try $0.skip() } }
        case UInt8(ascii: "\""): _ = try string()
        case UInt8(ascii: "t"), UInt8(ascii: "f"): _ = try bool()
        case UInt8(ascii: "n"): try literal("null")
        default: try number()
        }
    }

    /// The text of the next value, as written (checked as `skip` checks it): for a caller that hands a
    /// member it does not read itself to `JSONDecoder`.
    package mutating func raw() throws -> ArraySlice<UInt8> {
        skipWhitespace()
        let start = position
        try skip()
        return bytes[start..<position]
    }

    /// Checks that nothing but whitespace follows.
    package mutating func end() throws {
        skipWhitespace()
        guard position == bytes.count else { throw Declined() }
    }

    // MARK: bytes

    /// How deep containers may nest (what `JSONParser` allows a request): deeper text is declined.
    private static let maxDepth = JSONParser.maxDepth

    private mutating func nested(_ read: (inout WireReader) throws -> Void) throws {
        depth += 1
        defer { depth -= 1 }
        guard depth <= Self.maxDepth else { throw Declined() }
        try read(&self)
    }

    /// A number (`JSONText.number`), ending where a scalar ends.
    private mutating func number() throws {
        do {
            try JSONText.number(bytes, at: &position)
        } catch {
            throw Declined()
        }
        guard position == bytes.count || Self.endsScalar(bytes[position]) else { throw Declined() }
    }

    private static func endsScalar(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: ","), UInt8(ascii: "}"), UInt8(ascii: "]"), UInt8(ascii: " "), UInt8(ascii: "\n"), UInt8(ascii: "\r"),
            UInt8(ascii: "\t"):
            true
        default: false
        }
    }

    private mutating func literal(_ word: StaticString) throws {
        let count = word.utf8CodeUnitCount
        let matches = word.withUTF8Buffer { bytes[position...].starts(with: $0) }
        guard matches, position + count == bytes.count || Self.endsScalar(bytes[position + count]) else { throw Declined() }
        position += count
    }

    /// The next byte that is not whitespace, not consumed.
    private mutating func peek() throws -> UInt8 {
        skipWhitespace()
        guard position < bytes.count else { throw Declined() }
        return bytes[position]
    }

    /// The next byte that is not whitespace, consumed.
    private mutating func next() throws -> UInt8 {
        let byte = try peek()
        position += 1
        return byte
    }

    private mutating func expect(_ byte: UInt8) throws {
        guard try next() == byte else { throw Declined() }
    }

    private mutating func skipWhitespace() {
        JSONText.skipWhitespace(bytes, at: &position)
    }
}
