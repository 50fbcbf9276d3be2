import Foundation
import NotificationCore
import Testing

/// When a held notification comes (the next summary time in the center's zone) and when a scheduled
/// Focus is on, across midnight, weekdays and DST changes.
@Suite struct SummaryTimeTests {
    static func date(_ text: String) -> Date { try! Date(text, strategy: .iso8601) }

    static func state(zone: String, times: [String] = ["08:00", "18:00"]) -> CenterState {
        var state = CenterState()
        state.timeZone = zone
        state.summaryTimes = times.map { LocalTime($0)! }
        return state
    }

    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        var zone: String
        var times = ["08:00", "18:00"]
        var now: String
        var next: String
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(name: "morning: the evening summary", zone: "Europe/Berlin", now: "2026-03-04T10:30:00Z", next: "2026-03-04T17:00:00Z"),
        Case(name: "evening: tomorrow morning's", zone: "Europe/Berlin", now: "2026-03-04T17:00:00Z", next: "2026-03-05T07:00:00Z"),
        Case(name: "a zone behind UTC", zone: "America/Los_Angeles", now: "2026-03-04T10:30:00Z", next: "2026-03-04T16:00:00Z"),
        Case(name: "a zone ahead by half hours", zone: "Asia/Kolkata", now: "2026-03-04T10:30:00Z", next: "2026-03-04T12:30:00Z"),
        Case(
            name: "the day DST starts: 08:00 is already summer time", zone: "America/New_York", now: "2026-03-08T06:30:00Z",
            next: "2026-03-08T12:00:00Z"),
        Case(
            name: "the day DST starts: a skipped time comes at the end of the gap", zone: "America/New_York", times: ["02:30"],
            now: "2026-03-08T06:00:00Z", next: "2026-03-08T07:00:00Z"),
        Case(
            name: "the day DST ends: a repeated time comes the first time", zone: "Europe/Berlin", times: ["02:30"],
            now: "2026-10-24T23:00:00Z", next: "2026-10-25T00:30:00Z"),
        Case(name: "one time a day", zone: "UTC", times: ["21:15"], now: "2026-03-04T21:15:00Z", next: "2026-03-05T21:15:00Z"),
    ]

    @Test(arguments: cases)
    func nextSummary(_ row: Case) {
        #expect(Self.state(zone: row.zone, times: row.times).nextSummary(after: Self.date(row.now)) == Self.date(row.next))
    }

    @Test func heldUntilTheNextSummaryInTheCentersZone() throws {
        var settings = PresentationRulesTests.authorized
        settings.scheduledDeliverySetting = .enabled
        let presentation = try #require(
            PresentationRules.decide(
                content: NotificationContent(title: "x"), settings: settings, state: Self.state(zone: "Asia/Tokyo"),
                at: Self.date("2026-03-04T10:30:00Z")))
        #expect(presentation.heldUntil == Self.date("2026-03-04T23:00:00Z"))
        #expect(!presentation.isVisible && !presentation.interrupts)
    }

    struct Window: Sendable, CustomTestStringConvertible {
        var name: String
        var schedule: FocusSchedule
        var at: String
        var on: Bool
        var testDescription: String { name }
    }

    static let nightsOnWeekdays = FocusSchedule(start: LocalTime("22:00")!, end: LocalTime("07:00")!, weekdays: [2, 3, 4, 5, 6])
    static let office = FocusSchedule(start: LocalTime("09:00")!, end: LocalTime("17:00")!)

    static let windows: [Window] = [
        Window(name: "inside a day window", schedule: office, at: "2026-03-04T09:00:00Z", on: true),
        Window(name: "its end is outside", schedule: office, at: "2026-03-04T17:00:00Z", on: false),
        Window(name: "a Monday night, before midnight", schedule: nightsOnWeekdays, at: "2026-03-02T23:00:00Z", on: true),
        Window(name: "a Monday night, after midnight (Tuesday)", schedule: nightsOnWeekdays, at: "2026-03-03T06:59:00Z", on: true),
        Window(name: "a Saturday night is not a weekday's", schedule: nightsOnWeekdays, at: "2026-03-07T23:00:00Z", on: false),
        Window(name: "a Saturday morning ends Friday's night", schedule: nightsOnWeekdays, at: "2026-03-07T06:00:00Z", on: true),
        Window(name: "a Monday morning follows Sunday's evening", schedule: nightsOnWeekdays, at: "2026-03-02T06:00:00Z", on: false),
        Window(
            name: "equal start and end: the whole day",
            schedule: FocusSchedule(start: LocalTime("00:00")!, end: LocalTime("00:00")!, weekdays: [1]), at: "2026-03-08T15:00:00Z",
            on: true),
    ]

    @Test(arguments: windows)
    func focusSchedule(_ window: Window) {
        #expect(window.schedule.contains(Self.date(window.at), in: TimeZone(identifier: "UTC")!) == window.on)
    }

    @Test func localTimesParseOnlyHoursAndMinutes() {
        #expect(LocalTime("07:05")?.description == "07:05")
        for bad in ["7:05", "24:00", "12:60", "12:5", "1205", "ab:cd", "12:05:00", "+1:05"] { #expect(LocalTime(bad) == nil, "\(bad)") }
    }
}
