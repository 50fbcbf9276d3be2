/// JSON's strings, numbers and whitespace (RFC 8259 §2, §6, §7) read from UTF-8 text, for the two readers
/// of JSON here: `JSONParser`, which says what is wrong, and `WireReader`, which declines. A string's
/// escapes are resolved, a high surrogate must be followed by its low one, no raw control character may
/// appear, and its bytes must be UTF-8.
enum JSONText {
    /// What is wrong with the text, in words for the parser's message.
    struct Failure: Error {
        var message: String
        init(_ message: String) { self.message = message }
    }

    /// The string whose opening quote is at `position`; `position` ends after its closing quote, or where
    /// it went wrong.
    static func string(_ bytes: [UInt8], at position: inout Int) throws(Failure) -> String {
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
            if byte < 0x20 { throw Failure("control characters must be escaped in strings") }
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
                try escape(bytes, at: &position, into: &decoded)
            case 0..<0x20:
                throw Failure("control characters must be escaped in strings")
            default:
                decoded.append(byte)
            }
        }
        throw Failure("a string is not closed")
    }

    /// Moves `position` past the number that starts there: `-`, an integer part without leading zeros, a
    /// fraction, an exponent (what follows it is the caller's to check).
    static func number(_ bytes: [UInt8], at position: inout Int) throws(Failure) {
        _ = consume(UInt8(ascii: "-"), bytes, at: &position)
        guard position < bytes.count, isDigit(bytes[position]) else { throw Failure("a number needs digits") }
        if bytes[position] == UInt8(ascii: "0") {
            position += 1
            if position < bytes.count, isDigit(bytes[position]) { throw Failure("numbers must not have leading zeros") }
        } else {
            skipDigits(bytes, at: &position)
        }
        if consume(UInt8(ascii: "."), bytes, at: &position) {
            guard position < bytes.count, isDigit(bytes[position]) else { throw Failure("a fraction needs digits after '.'") }
            skipDigits(bytes, at: &position)
        }
        if position < bytes.count, bytes[position] | 0x20 == UInt8(ascii: "e") {
            position += 1
            if position < bytes.count, bytes[position] == UInt8(ascii: "+") || bytes[position] == UInt8(ascii: "-") { position += 1 }
            guard position < bytes.count, isDigit(bytes[position]) else { throw Failure("an exponent needs digits") }
            skipDigits(bytes, at: &position)
        }
    }

    /// Moves `position` past whitespace (space, tab, line feed, carriage return).
    static func skipWhitespace(_ bytes: [UInt8], at position: inout Int) {
        while position < bytes.count {
            switch bytes[position] {
            case 0x20, 0x09, 0x0A, 0x0D: position += 1
            default: return
            }
        }
    }

    private static func skipDigits(_ bytes: [UInt8], at position: inout Int) {
        while position < bytes.count, isDigit(bytes[position]) { position += 1 }
    }

    private static func isDigit(_ byte: UInt8) -> Bool { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) }

    /// Resolves the escape after a `\` (at `position`).
    private static func escape(_ bytes: [UInt8], at position: inout Int, into decoded: inout [UInt8]) throws(Failure) {
        guard position < bytes.count else { throw Failure("a string ends inside an escape") }
        let byte = bytes[position]
        position += 1
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): decoded.append(byte)
        case UInt8(ascii: "b"): decoded.append(0x08)
        case UInt8(ascii: "f"): decoded.append(0x0C)
        case UInt8(ascii: "n"): decoded.append(0x0A)
        case UInt8(ascii: "r"): decoded.append(0x0D)
        case UInt8(ascii: "t"): decoded.append(0x09)
        case UInt8(ascii: "u"):
            var scalar = try hex4(bytes, at: &position)
            if (0xD800...0xDBFF).contains(scalar) {
                guard consume(UInt8(ascii: "\\"), bytes, at: &position), consume(UInt8(ascii: "u"), bytes, at: &position) else {
                    throw Failure("a \\u escape of a high surrogate must be followed by its low surrogate")
                }
                let low = try hex4(bytes, at: &position)
                guard (0xDC00...0xDFFF).contains(low) else { throw Failure("a \\u high surrogate is followed by no low surrogate") }
                scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
            } else if (0xDC00...0xDFFF).contains(scalar) {
                throw Failure("a \\u escape names a lone low surrogate")
            }
            guard let unicode = Unicode.Scalar(scalar) else { throw Failure("a \\u escape names no character") }
            UTF8.encode(unicode) { decoded.append($0) }
        default:
            throw Failure("'\\\(describe(byte))' is not a JSON escape")
        }
    }

    private static func hex4(_ bytes: [UInt8], at position: inout Int) throws(Failure) -> UInt32 {
        guard position + 4 <= bytes.count else { throw Failure("a \\u escape needs four hex digits") }
        var value: UInt32 = 0
        for byte in bytes[position..<position + 4] {
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw Failure("a \\u escape needs four hex digits")
            }
            value = value << 4 | UInt32(digit)
        }
        position += 4
        return value
    }

    private static func consume(_ byte: UInt8, _ bytes: [UInt8], at position: inout Int) -> Bool {
        guard position < bytes.count, bytes[position] == byte else { return false }
        position += 1
        return true
    }

    /// The string of UTF-8 bytes, or a failure if they are not UTF-8: decoding repairs what is not, so
    /// the repaired string's bytes differ. Not `String(validating:as:)`, which is generic and took most of
    /// `WireReader`'s time.
    private static func utf8(_ slice: ArraySlice<UInt8>) throws(Failure) -> String {
        let text = slice.withUnsafeBufferPointer { bytes -> String? in
            let text = String(decoding: bytes, as: UTF8.self)
            return bytes.allSatisfy({ $0 < 0x80 }) || text.utf8.elementsEqual(bytes) ? text : nil
        }
        guard let text else { throw Failure("the text is not valid UTF-8") }
        return text
    }

    /// A byte as a message shows it: itself if printable ASCII, else its hex.
    static func describe(_ byte: UInt8) -> String {
        (0x20..<0x7F).contains(byte) ? String(UnicodeScalar(byte)) : "0x" + String(byte, radix: 16, uppercase: true)
    }
}
