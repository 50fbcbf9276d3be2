import Foundation
import NotificationCore
import Testing

/// When a broadcast's firing comes for a member in each zone: a calendar trigger's date components in the
/// member's own zone (ahead of and behind UTC, on the day Europe's clocks go forward and the day America's
/// go back), once per member, or the same instant everywhere without a trigger, after an interval, or
/// with date components that name their own zone.
@Suite struct BroadcastFireDateTests {
    static func date(_ text: String) -> Date { try! Date(text, strategy: .iso8601) }

    static func broadcast(_ trigger: NotificationTrigger?, at created: String) -> Broadcast {
        Broadcast(
            id: Broadcast.newID(),
            request: NotificationRequest(identifier: "b", content: NotificationContent(title: "B"), trigger: trigger), audience: .all,
            createdAt: date(created))
    }

    static func fire(_ broadcast: Broadcast, _ zone: String) -> Date? { broadcast.fireDate(in: TimeZone(identifier: zone)!) }

    @Test(arguments: [
        // Saturday 27 March 2027, 12:00 UTC; Europe goes forward on Sunday at 01:00 UTC.
        ("Pacific/Kiritimati", "2027-03-27T19:00:00Z"),
        ("Pacific/Auckland", "2027-03-27T20:00:00Z"),
        ("Asia/Tokyo", "2027-03-28T00:00:00Z"),
        ("Asia/Kolkata", "2027-03-28T03:30:00Z"),
        ("Asia/Kathmandu", "2027-03-28T03:15:00Z"),
        ("Europe/Berlin", "2027-03-28T07:00:00Z"),
        ("Europe/London", "2027-03-28T08:00:00Z"),
        ("UTC", "2027-03-28T09:00:00Z"),
        ("America/New_York", "2027-03-27T13:00:00Z"),
        ("America/Los_Angeles", "2027-03-27T16:00:00Z"),
        ("Pacific/Honolulu", "2027-03-27T19:00:00Z"),
        ("Etc/GMT+12", "2027-03-27T21:00:00Z"),
    ])
    func nineOClockComesAtNineInEachZone(_ zone: String, _ expected: String) {
        let broadcast = Self.broadcast(.calendar(DateMatch(hour: 9, minute: 0), repeats: false), at: "2027-03-27T12:00:00Z")
        #expect(broadcast.isZoned)
        #expect(Self.fire(broadcast, zone) == Self.date(expected), "\(zone)")
    }

    @Test func theEarliestDateIsTheFirstZoneWhereItComes() {
        let nine = Self.broadcast(.calendar(DateMatch(hour: 9, minute: 0), repeats: false), at: "2027-03-27T12:00:00Z")
        // 9:00 in UTC-3 is 12:00 UTC, not after the broadcast; UTC-4's is the first to come.
        #expect(nine.earliestFireDate == Self.date("2027-03-27T13:00:00Z"))
        let interval = Self.broadcast(.timeInterval(90, repeats: false), at: "2027-03-27T12:00:00Z")
        #expect(!interval.isZoned && interval.earliestFireDate == Self.date("2027-03-27T12:01:30Z"))
        #expect(Self.broadcast(nil, at: "2027-03-27T12:00:00Z").earliestFireDate == Self.date("2027-03-27T12:00:00Z"))
    }

    /// The fan-out looks again at each date a firing comes anywhere, until the last: a center that joins
    /// in a zone no member had is fired at its own 9:00.
    @Test func theNextDateAnywhereUntilTheLast() {
        let nine = Self.broadcast(.calendar(DateMatch(hour: 9, minute: 0), repeats: false), at: "2027-03-27T12:00:00Z")
        #expect(nine.nextFireDate(anywhereAfter: Self.date("2027-03-27T12:00:00Z")) == nine.earliestFireDate)
        // After Tokyo's 9:00 (Sunday 00:00 UTC) comes UTC+8:45's (Australia/Eucla) at 00:15.
        #expect(nine.nextFireDate(anywhereAfter: Self.date("2027-03-28T00:00:00Z")) == Self.date("2027-03-28T00:15:00Z"))
        // The last is UTC-3's, a day after the broadcast was made; then none.
        #expect(nine.nextFireDate(anywhereAfter: Self.date("2027-03-28T11:59:00Z")) == Self.date("2027-03-28T12:00:00Z"))
        #expect(nine.nextFireDate(anywhereAfter: Self.date("2027-03-28T12:00:00Z")) == nil)
        // One instant for all: nothing to look for after it.
        let interval = Self.broadcast(.timeInterval(90, repeats: false), at: "2027-03-27T12:00:00Z")
        #expect(interval.nextFireDate(anywhereAfter: Self.date("2027-03-27T12:00:00Z")) == nil)
    }

    @Test func aFullDateThatPassedInSomeZonesComesOnlyInTheOthers() {
        // 9:00 on Sunday 28 March, asked at 05:00 UTC: passed in Tokyo, still to come in Berlin and New York.
        let sunday = Self.broadcast(
            .calendar(DateMatch(year: 2027, month: 3, day: 28, hour: 9), repeats: false), at: "2027-03-28T05:00:00Z")
        #expect(Self.fire(sunday, "Asia/Tokyo") == nil)
        #expect(Self.fire(sunday, "Europe/Berlin") == Self.date("2027-03-28T07:00:00Z"))
        #expect(Self.fire(sunday, "America/New_York") == Self.date("2027-03-28T13:00:00Z"))
        #expect(throws: Never.self) { try sunday.validate() }
        let past = Self.broadcast(.calendar(DateMatch(year: 2027, month: 3, day: 20, hour: 9), repeats: false), at: "2027-03-28T05:00:00Z")
        #expect(throws: NotificationError.self) { try past.validate() }
    }

    @Test func overDaylightSavingChanges() {
        // 2:30 does not exist in Berlin on 28 March 2027: it comes at the end of the gap (03:00 CEST).
        let gap = Self.broadcast(.calendar(DateMatch(hour: 2, minute: 30), repeats: false), at: "2027-03-27T22:00:00Z")
        #expect(Self.fire(gap, "Europe/Berlin") == Self.date("2027-03-28T01:00:00Z"))
        // 1:30 comes twice in New York on 7 November 2027: the first (EDT) counts.
        let overlap = Self.broadcast(.calendar(DateMatch(hour: 1, minute: 30), repeats: false), at: "2027-11-07T00:00:00Z")
        #expect(Self.fire(overlap, "America/New_York") == Self.date("2027-11-07T05:30:00Z"))
    }

    @Test func dateComponentsWithTheirOwnZoneComeAtOneInstantForAll() {
        let tokyoNine = Self.broadcast(
            .calendar(DateMatch(hour: 9, minute: 0, timeZone: "Asia/Tokyo"), repeats: false), at: "2027-03-27T12:00:00Z")
        #expect(!tokyoNine.isZoned)
        #expect(Self.fire(tokyoNine, "America/New_York") == Self.date("2027-03-28T00:00:00Z"))
        #expect(tokyoNine.earliestFireDate == Self.date("2027-03-28T00:00:00Z"))
    }

    @Test func repeatingOrDeviceBoundTriggersAreRefused() {
        for trigger: NotificationTrigger in [
            .timeInterval(60, repeats: true), .calendar(DateMatch(hour: 9), repeats: true), .push,
            .location(LocationRegion(identifier: "r", latitude: 1, longitude: 1, radius: 100), repeats: false),
        ] {
            #expect(throws: NotificationError.self, "\(trigger)") { try Self.broadcast(trigger, at: "2027-03-27T12:00:00Z").validate() }
        }
    }
}
