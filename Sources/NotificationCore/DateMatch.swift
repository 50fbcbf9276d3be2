import ErrorCodes
import Foundation
import Memberwise

/// The `DateComponents` of a calendar trigger: only the components given are matched, the rest are
/// wildcards. Gregorian calendar. With `timeZone` (an IANA name) the trigger is pinned to that zone;
/// without it, it follows the center's time zone (the device's wall clock).
@MemberwiseInit
package struct DateMatch: Sendable, Hashable, Codable {
    package var year: Int?
    package var month: Int?
    package var day: Int?
    package var hour: Int?
    package var minute: Int?
    package var second: Int?
    /// 1 = Sunday … 7 = Saturday, as `Calendar` counts.
    package var weekday: Int?
    /// With `weekday`: the nth such weekday of the month (1…5).
    package var weekdayOrdinal: Int?
    package var weekOfMonth: Int?
    package var weekOfYear: Int?
    package var yearForWeekOfYear: Int?
    package var timeZone: String?

    private var ranges: [(String, Int?, ClosedRange<Int>)] {
        [
            ("year", year, 1...9999), ("month", month, 1...12), ("day", day, 1...31), ("hour", hour, 0...23),
            ("minute", minute, 0...59), ("second", second, 0...59), ("weekday", weekday, 1...7),
            ("weekdayOrdinal", weekdayOrdinal, 1...5), ("weekOfMonth", weekOfMonth, 1...6), ("weekOfYear", weekOfYear, 1...53),
            ("yearForWeekOfYear", yearForWeekOfYear, 1...9999),
        ]
    }

    /// Refuses components that are out of range or can never match.
    func validate() throws(NotificationError) {
        let given = ranges.filter { $0.1 != nil }
        guard !given.isEmpty else {
            throw .invalid(.invalidDateComponents, "`trigger.dateComponents` needs at least one component (e.g. hour and minute).")
        }
        for (name, value, range) in given where !range.contains(value!) {
            throw .invalid(
                .invalidDateComponents,
                "`trigger.dateComponents.\(name)` must be from \(range.lowerBound) to \(range.upperBound); got \(value!).")
        }
        if let timeZone, TimeZone(identifier: timeZone) == nil {
            throw .invalid(
                .invalidDateComponents,
                "`trigger.dateComponents.timeZone` '\(timeZone)' is not an IANA time zone name (e.g. Europe/Berlin).")
        }
        if let month, let day {
            let longest = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1]
            if day > longest {
                throw .invalid(.invalidDateComponents, "`trigger.dateComponents` day \(day) never occurs in month \(month).")
            }
            if month == 2, day == 29, let year, !Self.isLeap(year) {
                throw .invalid(.invalidDateComponents, "\(year) has no February 29.")
            }
        }
        if weekdayOrdinal != nil, weekday == nil {
            throw .invalid(.invalidDateComponents, "`trigger.dateComponents.weekdayOrdinal` needs `weekday`.")
        }
    }

    private static func isLeap(_ year: Int) -> Bool { (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 }

    /// The first date strictly after `date` that matches, computed in `zone` (or the pinned zone).
    package func nextDate(after date: Date, in zone: TimeZone) -> Date? {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone.flatMap(TimeZone.init(identifier:)) ?? zone
        var components = DateComponents()
        components.year = year
        components.month = month
        components.day = day
        components.hour = hour
        components.minute = minute
        components.second = second ?? (hour != nil || minute != nil ? 0 : nil)
        components.weekday = weekday
        components.weekdayOrdinal = weekdayOrdinal
        components.weekOfMonth = weekOfMonth
        components.weekOfYear = weekOfYear
        components.yearForWeekOfYear = yearForWeekOfYear
        if components.minute == nil, components.hour != nil { components.minute = 0 }
        // A time that a DST gap skips fires at the first moment after the gap; a time that an overlap
        // repeats fires once, at its first occurrence.
        guard var next = calendar.nextDate(after: date, matching: components, matchingPolicy: .nextTime, repeatedTimePolicy: .first) else {
            return nil
        }
        // `.nextTime` also moves a missing day (the 31st of a 30-day month) to the next day; a trigger
        // for the 31st fires only in months that have one.
        var guardCount = 0
        while let day, calendar.component(.day, from: next) != day, guardCount < 24 {
            guard let later = calendar.nextDate(after: next, matching: components, matchingPolicy: .nextTime, repeatedTimePolicy: .first)
            else {
                return nil
            }
            next = later
            guardCount += 1
        }
        return next
    }
}
