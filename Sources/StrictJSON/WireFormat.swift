import Foundation

/// The service's JSON as it goes out: sorted keys, slashes unescaped, dates as RFC 3339 with
/// milliseconds. Responses, stored event payloads and webhook bodies all use it.
package enum WireFormat {
    package static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .custom { date, encoder in
            var container = encoder.singleValueContainer()
            try container.encode(timestamp(date))
        }
        return encoder
    }()

    /// `2027-01-15T08:00:00.250Z`: RFC 3339 in UTC with milliseconds, on the proleptic Gregorian calendar
    /// that RFC 3339 (and the service's parser) use for every year. Foundation's ISO 8601 style switches
    /// to the Julian calendar before 1582, so a date read as 0027-04-15 came back as 0027-04-17 (found by
    /// `make fuzz`). Years are clamped to 0000…9999, the ones RFC 3339 can write.
    package static func timestamp(_ date: Date) -> String {
        let earliest: Int64 = -62_167_219_200_000  // 0000-01-01T00:00:00.000Z
        let latest: Int64 = 253_402_300_799_999  // 9999-12-31T23:59:59.999Z
        let milliseconds = min(latest, max(earliest, Int64((date.timeIntervalSince1970 * 1000).rounded())))
        let days = milliseconds >= 0 ? milliseconds / 86_400_000 : (milliseconds - 86_399_999) / 86_400_000
        let inDay = milliseconds - days * 86_400_000
        // Howard Hinnant's civil_from_days.
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let shiftedMonth = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * shiftedMonth + 2) / 5 + 1
        let month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        // The digits written into their places (every field is in range, so each fits its width).
        return String(unsafeUninitializedCapacity: 24) { text in
            func put(_ value: Int64, width: Int, at offset: Int, then separator: Unicode.Scalar) {
                var value = value
                for index in stride(from: offset + width - 1, through: offset, by: -1) {
                    text[index] = UInt8(ascii: "0") + UInt8(value % 10)
                    value /= 10
                }
                text[offset + width] = UInt8(ascii: separator)
            }
            put(year, width: 4, at: 0, then: "-")
            put(month, width: 2, at: 5, then: "-")
            put(day, width: 2, at: 8, then: "T")
            put(inDay / 3_600_000, width: 2, at: 11, then: ":")
            put(inDay / 60_000 % 60, width: 2, at: 14, then: ":")
            put(inDay / 1000 % 60, width: 2, at: 17, then: ".")
            put(inDay % 1000, width: 3, at: 20, then: "Z")
            return 24
        }
    }

    /// `value` encoded, as bytes.
    package static func bytes(_ value: some Encodable) throws -> [UInt8] { Array(try encoder.encode(value)) }

    /// A string as `encoder` writes it (`bytes(value)`), without the encoder: quoted, `"` and `\\`
    /// escaped, the control characters as `\b \f \n \r \t` or `\u00XX`; the rest as it is (slashes
    /// too).
    package static func string(_ value: String) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(value.utf8.count + 2)
        appendString(value, to: &out)
        return out
    }

    /// Appends `value` as `string(value)` writes it: the runs between escapes copied whole (most strings
    /// have no escape at all), not byte by byte.
    package static func appendString(_ value: String, to out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        var value = value
        value.withUTF8 { bytes in
            var start = 0
            for index in bytes.indices {
                let byte = bytes[index]
                guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") else { continue }
                out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<index]))
                appendEscaped(byte, to: &out)
                start = index + 1
            }
            out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start...]))
        }
        out.append(UInt8(ascii: "\""))
    }

    /// A byte that JSON escapes: `"`, `\\` or a control character.
    private static func appendEscaped(_ byte: UInt8, to out: inout [UInt8]) {
        out.append(UInt8(ascii: "\\"))
        switch byte {
        case 0x08: out.append(UInt8(ascii: "b"))
        case 0x0C: out.append(UInt8(ascii: "f"))
        case 0x0A: out.append(UInt8(ascii: "n"))
        case 0x0D: out.append(UInt8(ascii: "r"))
        case 0x09: out.append(UInt8(ascii: "t"))
        case ..<0x20:
            out += [UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0"), hexDigits[Int(byte >> 4)], hexDigits[Int(byte & 15)]]
        default: out.append(byte)
        }
    }

    /// A finite number as `encoder` writes a `Double`: Swift's shortest form that reads back the same,
    /// without a trailing `.0` (`100`, `0.5`, `1e+21`, `-0`). Nil for NaN and the infinities, which JSON
    /// cannot hold (`encoder` throws for them).
    package static func number(_ value: Double) -> String? {
        guard value.isFinite else { return nil }
        let text = value.description
        return text.hasSuffix(".0") ? String(text.dropLast(2)) : text
    }

    /// Whether `encoder` writes the key `a` before `b` (`.sortedKeys`): by their Unicode scalars, as
    /// written (a decomposed `é` sorts by its `e`), not by `String`'s canonical order.
    package static func sortsBefore(_ a: String, _ b: String) -> Bool {
        a.utf8.lexicographicallyPrecedes(b.utf8)
    }

    private static let hexDigits = Array("0123456789abcdef".utf8)

    /// `object`, the wire form of an object (as `encoder` writes it) whose last member is `last`, with
    /// the member `name: value` put before that last one: what `encoder` writes for the object with that
    /// member, when `name` sorts between the last two keys. Nil when `object` does not end with that
    /// member. Keys are plain ASCII names. One pass over the bytes finds the last member (a comma outside
    /// strings, at the top level), so the caller need not encode the member's value again to find it.
    package static func inserting(_ name: String, _ value: [UInt8], beforeLast last: String, into object: [UInt8]) -> [UInt8]? {
        var depth = 0
        var inString = false
        var escaped = false
        var lastComma: Int?
        for (index, byte) in object.enumerated() {
            if inString {
                if escaped {
                    escaped = false
                } else if byte == UInt8(ascii: "\\") {
                    escaped = true
                } else if byte == UInt8(ascii: "\"") {
                    inString = false
                }
                continue
            }
            switch byte {
            case UInt8(ascii: "\""): inString = true
            case UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1
            case UInt8(ascii: "}"), UInt8(ascii: "]"): depth -= 1
            case UInt8(ascii: ","): if depth == 1 { lastComma = index }
            default: break
            }
        }
        let key = Array(",\"\(last)\":".utf8)
        guard depth == 0, object.last == UInt8(ascii: "}"), let split = lastComma, object[split...].starts(with: key) else { return nil }
        return Array(object[..<split]) + Array(",\"\(name)\":".utf8) + value + Array(object[split...])
    }
}
