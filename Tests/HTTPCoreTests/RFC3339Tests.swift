import Foundation
import HTTPCore
import StrictJSON
import Testing

@Suite struct RFC3339Tests {
    @Test(arguments: [
        ("2027-01-15T08:00:00Z", 1_800_000_000.0),
        ("2027-01-15T08:00:00.250Z", 1_800_000_000.25),
        ("2027-01-15t08:00:00z", 1_800_000_000.0),
        ("2027-01-15T09:30:00+01:30", 1_800_000_000.0),
        ("2027-01-14T10:53:00-21:07", 1_800_000_000.0),
        ("2027-01-16T05:07:00+21:07", 1_800_000_000.0),
        ("1970-01-01T00:00:00Z", 0),
        ("1969-12-31T23:59:59.5Z", -0.5),
        ("2024-02-29T00:00:00Z", 1_709_164_800),
        ("2016-12-31T23:59:60Z", 1_483_228_800),
        ("0001-01-01T00:00:00Z", -62_135_596_800),
    ])
    func datesAreRead(text: String, seconds: Double) throws {
        let date = try #require(RFC3339.date(from: text))
        #expect(abs(date.timeIntervalSince1970 - seconds) < 0.000_5, "\(text)")
    }

    @Test(arguments: [
        "2027-01-15", "2027-01-15T08:00:00", "2027-02-30T00:00:00Z", "2023-02-29T00:00:00Z", "2027-13-01T00:00:00Z",
        "2027-01-15T24:00:00Z", "2027-01-15T08:00:00+24:00", "2027-01-15T08:00:00.Z", "2027-01-15T08:00:00Zjunk", "27-01-15T08:00:00Z",
        "9999-12-31T23:59:59-08:00", "0000-01-01T00:00:00+01:00",
    ])
    func othersAreNot(text: String) {
        #expect(RFC3339.date(from: text) == nil)
    }

    /// Dates go out as they came in, on the same proleptic Gregorian calendar: `make fuzz` found
    /// Foundation's ISO 8601 style writing 0027-04-15 as 0027-04-17 (it is Julian before 1582).
    @Test(arguments: [
        "2027-01-15T08:00:00.250Z", "1970-01-01T00:00:00.000Z", "1969-12-31T23:59:59.500Z", "0027-04-15T08:00:00.500Z",
        "1582-10-10T00:00:00.000Z", "0000-01-01T00:00:00.000Z", "9999-12-31T23:59:59.999Z", "2024-02-29T12:34:56.789Z",
    ])
    func datesAreWrittenAsTheyAreRead(text: String) throws {
        #expect(WireFormat.timestamp(try #require(RFC3339.date(from: text))) == text)
    }
}
