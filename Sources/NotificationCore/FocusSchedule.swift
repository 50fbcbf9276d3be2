import ErrorCodes
import Foundation
import Memberwise

/// When a Focus is on by itself: from `start` to `end` on the wall clock of the center's time zone, on
/// the given weekdays (1 = Sunday … 7 = Saturday; all when absent). An `end` not after `start` runs past
/// midnight into the next day (22:00–07:00 is a night); the weekday is that of the evening it starts.
/// `start` equal to `end` is the whole day.
@MemberwiseInit
package struct FocusSchedule: Sendable, Hashable, Codable {
    package var start: LocalTime
    package var end: LocalTime
    package var weekdays: [Int]?

    /// Whether the schedule is on at `date` in `zone`.
    package func contains(_ date: Date, in zone: TimeZone) -> Bool {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        let parts = calendar.dateComponents([.hour, .minute, .weekday], from: date)
        let minutes = (parts.hour ?? 0) * 60 + (parts.minute ?? 0)
        let weekday = parts.weekday ?? 1
        func on(_ day: Int) -> Bool { weekdays?.contains(day) ?? true }
        if start == end { return on(weekday) }
        if start < end { return on(weekday) && minutes >= start.minutes && minutes < end.minutes }
        let yesterday = weekday == 1 ? 7 : weekday - 1
        return (minutes >= start.minutes && on(weekday)) || (minutes < end.minutes && on(yesterday))
    }

    func validate(field: String) throws(NotificationError) {
        if let weekdays, weekdays.isEmpty || weekdays.contains(where: { !(1...7).contains($0) }) || Set(weekdays).count != weekdays.count {
            throw .invalid(.invalidField, "`\(field).weekdays` must list distinct days from 1 (Sunday) to 7 (Saturday), or be left out.")
        }
    }
}
