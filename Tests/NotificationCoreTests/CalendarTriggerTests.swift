import ErrorCodes
import Foundation
import NotificationCore
import Testing

/// Calendar triggers computed in the center's time zone with Foundation's `Calendar`.
@Suite struct CalendarTriggerTests {
    static func utc(_ text: String) -> Date {
        try! Date(text, strategy: .iso8601)
    }

    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        var match: DateMatch
        var zone: String
        var after: String
        var expected: [String]
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        // America/New_York: 2026-03-08 02:00 EST → 03:00 EDT; 2026-11-01 02:00 EDT → 01:00 EST.
        Case(
            name: "New York spring gap: 02:30 does not exist, fires at 03:00 EDT", match: DateMatch(hour: 2, minute: 30),
            zone: "America/New_York",
            after: "2026-03-07T17:00:00Z", expected: ["2026-03-08T07:00:00Z", "2026-03-09T06:30:00Z"]),
        Case(
            name: "New York fall overlap: 01:30 fires once, at the first occurrence", match: DateMatch(hour: 1, minute: 30),
            zone: "America/New_York",
            after: "2026-10-31T17:00:00Z", expected: ["2026-11-01T05:30:00Z", "2026-11-02T06:30:00Z"]),
        Case(
            name: "New York: 08:00 keeps local time across the fall change", match: DateMatch(hour: 8, minute: 0), zone: "America/New_York",
            after: "2026-10-31T13:00:00Z", expected: ["2026-11-01T13:00:00Z", "2026-11-02T13:00:00Z"]),
        // Europe/Berlin: 2026-03-29 02:00 CET → 03:00 CEST; 2026-10-25 03:00 CEST → 02:00 CET.
        Case(
            name: "Berlin spring gap: 02:30 fires at 03:00 CEST", match: DateMatch(hour: 2, minute: 30), zone: "Europe/Berlin",
            after: "2026-03-28T12:00:00Z", expected: ["2026-03-29T01:00:00Z", "2026-03-30T00:30:00Z"]),
        Case(
            name: "Berlin fall overlap: 02:30 fires once", match: DateMatch(hour: 2, minute: 30), zone: "Europe/Berlin",
            after: "2026-10-24T12:00:00Z", expected: ["2026-10-25T00:30:00Z", "2026-10-26T01:30:00Z"]),
        Case(
            name: "Kolkata's half-hour offset", match: DateMatch(hour: 9, minute: 0), zone: "Asia/Kolkata",
            after: "2026-06-01T00:00:00Z", expected: ["2026-06-01T03:30:00Z", "2026-06-02T03:30:00Z"]),
        Case(
            name: "February 29 fires only in leap years", match: DateMatch(month: 2, day: 29, hour: 9, minute: 0), zone: "UTC",
            after: "2026-01-01T00:00:00Z", expected: ["2028-02-29T09:00:00Z", "2032-02-29T09:00:00Z"]),
        Case(
            name: "the 31st of each month skips shorter months", match: DateMatch(day: 31, hour: 9, minute: 0), zone: "Europe/Berlin",
            after: "2026-04-01T00:00:00Z",
            expected: ["2026-05-31T07:00:00Z", "2026-07-31T07:00:00Z", "2026-08-31T07:00:00Z", "2026-10-31T08:00:00Z"]),
        Case(
            name: "Mondays at 08:00 (weekday 2)", match: DateMatch(hour: 8, minute: 0, weekday: 2), zone: "America/New_York",
            after: "2026-11-21T12:00:00Z", expected: ["2026-11-23T13:00:00Z", "2026-11-30T13:00:00Z"]),
        Case(
            name: "Fridays at 08:00 (weekday 6)", match: DateMatch(hour: 8, minute: 0, weekday: 6), zone: "UTC",
            after: "2026-11-21T12:00:00Z", expected: ["2026-11-27T08:00:00Z", "2026-12-04T08:00:00Z"]),
        Case(
            name: "the second Tuesday of each month", match: DateMatch(hour: 10, minute: 0, weekday: 3, weekdayOrdinal: 2), zone: "UTC",
            after: "2026-11-21T00:00:00Z", expected: ["2026-12-08T10:00:00Z", "2027-01-12T10:00:00Z"]),
        Case(
            name: "a pinned time zone wins over the center's", match: DateMatch(hour: 9, minute: 0, timeZone: "Asia/Tokyo"),
            zone: "America/New_York",
            after: "2026-06-01T00:00:00Z", expected: ["2026-06-02T00:00:00Z"]),
        Case(
            name: "a full date fires once and never again", match: DateMatch(year: 2027, month: 1, day: 1, hour: 0, minute: 0),
            zone: "Europe/Berlin",
            after: "2026-06-01T00:00:00Z", expected: ["2026-12-31T23:00:00Z"]),
    ]

    @Test(arguments: cases)
    func nextDatesMatchInTheCentersTimeZone(_ testCase: Case) {
        let zone = TimeZone(identifier: testCase.zone)!
        var after = Self.utc(testCase.after)
        for expected in testCase.expected {
            let next = testCase.match.nextDate(after: after, in: zone)
            #expect(next == Self.utc(expected), "\(testCase.name): after \(after)")
            guard let next else { return }
            after = next
        }
        if testCase.match.year != nil {
            #expect(testCase.match.nextDate(after: after, in: zone) == nil)
        }
    }

    @Test func everyWeekdayAt0800IsFiveTriggersThatSkipTheWeekend() throws {
        // Saturday 2026-11-21, New York: the next five firings are Monday to Friday at 08:00 local.
        let zone = TimeZone(identifier: "America/New_York")!
        var after = Self.utc("2026-11-21T12:00:00Z")
        let triggers = (2...6).map { DateMatch(hour: 8, minute: 0, weekday: $0) }
        var fired: [Date] = []
        for _ in 0..<5 {
            let next = try #require(triggers.compactMap { $0.nextDate(after: after, in: zone) }.min())
            fired.append(next)
            after = next
        }
        #expect(fired == (23...27).map { Self.utc("2026-11-\($0)T13:00:00Z") })
    }

    @Test func weekOfYearComponentsMatch() throws {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = .gmt
        let match = DateMatch(hour: 9, minute: 0, weekday: 2, weekOfYear: 10)
        let next = try #require(match.nextDate(after: Self.utc("2026-11-21T00:00:00Z"), in: .gmt))
        #expect(calendar.component(.weekOfYear, from: next) == 10)
        #expect(calendar.component(.weekday, from: next) == 2)
        #expect(calendar.component(.hour, from: next) == 9)
        #expect(next > Self.utc("2027-01-01T00:00:00Z"))
    }

    @Test(arguments: [
        (DateMatch(), "at least one component"),
        (DateMatch(hour: 24), "hour` must be from 0 to 23"),
        (DateMatch(month: 2, day: 30), "never occurs in month 2"),
        (DateMatch(year: 2027, month: 2, day: 29), "2027 has no February 29"),
        (DateMatch(weekdayOrdinal: 2), "needs `weekday`"),
        (DateMatch(hour: 8, timeZone: "Mars/Olympus"), "not an IANA time zone"),
    ])
    func impossibleComponentsAreRefused(match: DateMatch, message: String) {
        #expect {
            try NotificationTrigger.calendar(match, repeats: false).validate()
        } throws: { error in
            (error as? NotificationError)?.code.rawValue == "invalidDateComponents"
                && (error as? NotificationError)?.message.contains(message) == true
        }
    }
}
