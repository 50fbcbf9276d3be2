/// A single `Range: bytes=…` request (RFC 9110 §14.1.2), resolved against a representation's length.
/// Several ranges in one header are served as the whole representation (allowed; multipart ranges are
/// rarely worth their complexity for media).
package enum ByteRange: Sendable, Equatable {
    /// No usable Range header (absent, not `bytes`, several ranges, syntax errors): send everything.
    case whole
    /// Send `lowerBound...upperBound` (inclusive) with 206.
    case part(ClosedRange<Int>)
    /// No byte of the range exists: 416 with `Content-Range: bytes */length`.
    case unsatisfiable

    package init(header: String?, length: Int) {
        guard let header else {
            self = .whole
            return
        }
        let trimmed = header.trimmingSpaces
        guard trimmed.lowercased().hasPrefix("bytes=") else {
            self = .whole
            return
        }
        let spec = trimmed.dropFirst(6).trimmingSpaces
        guard !spec.contains(","), let dash = spec.firstIndex(of: "-") else {
            self = .whole
            return
        }
        let first = spec[..<dash].trimmingSpaces
        let last = spec[spec.index(after: dash)...].trimmingSpaces
        switch (Int(first), Int(last)) {
        case (nil, let suffix?) where first.isEmpty && suffix >= 0:
            // The last `suffix` bytes.
            guard suffix > 0, length > 0 else {
                self = .unsatisfiable
                return
            }
            self = .part(max(0, length - suffix)...(length - 1))
        case (let start?, nil) where last.isEmpty && start >= 0:
            self = start < length ? .part(start...(length - 1)) : .unsatisfiable
        case (let start?, let end?) where start >= 0 && end >= start:
            self = start < length ? .part(start...min(end, length - 1)) : .unsatisfiable
        default:
            self = .whole
        }
    }
}

extension StringProtocol {
    fileprivate var trimmingSpaces: String {
        String(drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
    }
}
