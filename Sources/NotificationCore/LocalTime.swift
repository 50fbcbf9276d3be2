import Foundation

/// A time of day on the wall clock of the center's time zone, `HH:mm` on the wire (a summary time, the
/// start or end of a Focus schedule).
package struct LocalTime: Sendable, Hashable, Comparable, Codable, CustomStringConvertible {
    package var hour: Int
    package var minute: Int

    package init?(hour: Int, minute: Int) {
        guard (0...23).contains(hour), (0...59).contains(minute) else { return nil }
        self.hour = hour
        self.minute = minute
    }

    /// `HH:mm`, 00:00 to 23:59.
    package init?(_ text: String) {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard text.utf8.count == 5, parts.count == 2, parts.allSatisfy({ $0.count == 2 && $0.allSatisfy(\.isASCIIDigit) }),
            let hour = Int(parts[0]), let minute = Int(parts[1])
        else { return nil }
        self.init(hour: hour, minute: minute)
    }

    /// Minutes since midnight.
    package var minutes: Int { hour * 60 + minute }

    package var description: String {
        (hour < 10 ? "0" : "") + String(hour) + ":" + (minute < 10 ? "0" : "") + String(minute)
    }

    package static func < (lhs: LocalTime, rhs: LocalTime) -> Bool { lhs.minutes < rhs.minutes }

    /// The first instant after `date` at which the wall clock of `zone` shows this time. On the day a
    /// time is skipped (DST starts), the first instant after the gap; on the day it occurs twice, the first.
    package func next(after date: Date, in zone: TimeZone) -> Date {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        let components = DateComponents(hour: hour, minute: minute, second: 0)
        return calendar.nextDate(
            after: date, matching: components, matchingPolicy: .nextTime, repeatedTimePolicy: .first, direction: .forward)
            ?? date.addingTimeInterval(86_400)
    }

    package init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        guard let time = LocalTime(text) else {
            throw DecodingError.dataCorrupted(
                .init(codingPath: decoder.codingPath, debugDescription: "'\(text)' is not a time of day HH:mm (00:00 to 23:59)."))
        }
        self = time
    }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}

extension Character {
    fileprivate var isASCIIDigit: Bool { isASCII && isNumber }
}
