import ErrorCodes

/// The request target (path and query) as the client sent it, decoded by the server itself.
///
/// libmicrohttpd would decode it in place into a C string, so a `%00` cut the path short — `/a%00zzz`
/// reached the handler of `/a`. Here the path is split into segments first and each segment is
/// percent-decoded on its own (`%2F` is a slash inside a segment, not a separator), and decoded text must
/// be UTF-8 without control characters: identifiers travel in paths, and none may hold one.
package struct RequestTarget: Sendable, Equatable {
    /// The decoded segments (`/v1/centers/a%2Fb` → `["v1", "centers", "a/b"]`).
    package let segments: [String]
    /// Decoded query items; `+` is a space, as forms send it.
    package let query: [(name: String, value: String)]
    /// The decoded path, segments joined with `/` (for logs and messages).
    package let path: String

    package static func == (lhs: RequestTarget, rhs: RequestTarget) -> Bool {
        lhs.segments == rhs.segments && lhs.query.elementsEqual(rhs.query) { $0.name == $1.name && $0.value == $1.value }
    }

    /// Decodes a raw path and raw query items (names and values still percent-encoded).
    package init(rawPath: String, rawQuery: [(name: String, value: String)]) throws(Problem) {
        let raws = Self.split(rawPath)
        var segments: [String] = []
        segments.reserveCapacity(raws.count)
        for raw in raws {
            guard let segment = Self.decode(raw, plusIsSpace: false) else {
                throw Problem.badRequest(
                    "The path holds a control character or an escape that is not UTF-8 (segment '\(raw)'); percent-encode UTF-8 text only.",
                    code: .invalidPath)
            }
            segments.append(segment)
        }
        self.segments = segments
        // Most paths need no decoding and no trailing slash dropped: the raw path is then the decoded one.
        let unchanged =
            rawPath.utf8.first == UInt8(ascii: "/") && rawPath.utf8.last != UInt8(ascii: "/")
            && !rawPath.utf8.contains(UInt8(ascii: "%"))
        path = unchanged ? rawPath : "/" + segments.joined(separator: "/")
        var query: [(name: String, value: String)] = []
        query = []
        for item in rawQuery {
            guard let name = Self.decode(Substring(item.name), plusIsSpace: true),
                let value = Self.decode(Substring(item.value), plusIsSpace: true)
            else {
                throw Problem.badRequest(
                    "The query parameter '\(item.name)' holds a control character or an escape that is not UTF-8.", code: .invalidQuery)
            }
            query.append((name, value))
        }
        self.query = query
    }

    /// `/a/b/` → `["a", "b"]`: a trailing slash is not significant, inner empty segments are.
    package static func split(_ path: String) -> [Substring] {
        let bytes = path.utf8
        var parts: [Substring] = []
        parts.reserveCapacity(8)
        var start = bytes.startIndex
        var index = start
        while index != bytes.endIndex {
            if bytes[index] == UInt8(ascii: "/") {
                parts.append(path[start..<index])
                start = bytes.index(after: index)
            }
            index = bytes.index(after: index)
        }
        parts.append(path[start...])
        if parts.first?.isEmpty == true { parts.removeFirst() }
        if parts.last?.isEmpty == true { parts.removeLast() }
        return parts
    }

    /// Percent-decodes `text`; nil for a broken escape, bytes that are not UTF-8, or a control character.
    package static func decode(_ text: Substring, plusIsSpace: Bool) -> String? {
        // Most segments are printable ASCII with nothing to decode: taken as they are.
        if text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F && $0 != UInt8(ascii: "%") && $0 != UInt8(ascii: "+") }) {
            return String(text)
        }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count)
        var iterator = text.utf8.makeIterator()
        while let byte = iterator.next() {
            switch byte {
            case UInt8(ascii: "%"):
                guard let high = iterator.next().flatMap(hexValue), let low = iterator.next().flatMap(hexValue) else { return nil }
                bytes.append(high << 4 | low)
            case UInt8(ascii: "+") where plusIsSpace:
                bytes.append(UInt8(ascii: " "))
            default:
                bytes.append(byte)
            }
        }
        guard let decoded = String(validating: bytes, as: UTF8.self), !decoded.unicodeScalars.contains(where: \.isControl) else {
            return nil
        }
        return decoded
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}

extension Unicode.Scalar {
    /// C0 controls, DEL and C1 controls: never part of an identifier, a path or a key.
    package var isControl: Bool { value < 0x20 || (0x7F...0x9F).contains(value) }
}
