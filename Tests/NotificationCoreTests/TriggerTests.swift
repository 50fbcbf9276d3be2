import ErrorCodes
import Foundation
import NotificationCore
import Testing

@Suite struct TriggerTests {
    let t0 = Date(timeIntervalSince1970: 1_800_000_000)

    @Test(arguments: [
        (0.0, false, "greater than 0"), (-5, false, "greater than 0"), (.infinity, false, "greater than 0"),
        (59.999, true, "at least 60 seconds"), (4e9, false, "at most 100 years"),
    ])
    func invalidIntervalsAreRefused(interval: Double, repeats: Bool, message: String) {
        #expect {
            try NotificationTrigger.timeInterval(interval, repeats: repeats).validate()
        } throws: {
            ($0 as? NotificationError)?.code.rawValue == "invalidTimeInterval"
                && ($0 as? NotificationError)?.message.contains(message) == true
        }
    }

    @Test func validIntervalsPass() throws {
        try NotificationTrigger.timeInterval(0.001, repeats: false).validate()
        try NotificationTrigger.timeInterval(60, repeats: true).validate()
    }

    @Test func intervalsCountFromTheAdd() {
        #expect(NotificationTrigger.timeInterval(90, repeats: false).firstFireDate(addedAt: t0, in: .gmt) == t0 + 90)
    }

    @Test func aOneShotHasNoNextDate() {
        #expect(NotificationTrigger.timeInterval(90, repeats: false).nextFireDate(afterDue: t0, now: t0, in: .gmt) == nil)
    }

    @Test(arguments: [
        // (late by, next fire after the due date)
        (0.0, 60.0), (0.5, 60), (59.9, 60), (60, 120), (61, 120), (3600.5, 3660),
    ])
    func aRepeatingIntervalCatchesUpOnceThenKeepsItsSchedule(lateBy: Double, nextOffset: Double) throws {
        let trigger = NotificationTrigger.timeInterval(60, repeats: true)
        let next = try #require(trigger.nextFireDate(afterDue: t0, now: t0 + lateBy, in: .gmt))
        #expect(next == t0 + nextOffset)
        #expect(next > t0 + lateBy)
    }

    @Test func aRepeatingCalendarTriggerSkipsMissedDays() throws {
        let trigger = NotificationTrigger.calendar(DateMatch(hour: 8, minute: 0), repeats: true)
        let due = try Date("2026-11-20T08:00:00Z", strategy: .iso8601)
        let now = try Date("2026-11-23T12:00:00Z", strategy: .iso8601)
        #expect(trigger.nextFireDate(afterDue: due, now: now, in: .gmt) == (try Date("2026-11-24T08:00:00Z", strategy: .iso8601)))
    }

    @Test func pushTriggersCannotBeScheduled() {
        #expect(throws: NotificationError.self) { try NotificationTrigger.push.validate() }
    }

    @Test func triggersRoundTripThroughJSON() throws {
        let triggers: [NotificationTrigger] = [
            .timeInterval(90, repeats: false), .calendar(DateMatch(hour: 8, minute: 0, timeZone: "Europe/Berlin"), repeats: true),
            .location(
                LocationRegion(identifier: "home", latitude: 52.5, longitude: 13.4, radius: 100, notifyOnEntry: true, notifyOnExit: false),
                repeats: false),
        ]
        for trigger in triggers {
            let data = try JSONEncoder().encode(trigger)
            #expect(try JSONDecoder().decode(NotificationTrigger.self, from: data) == trigger)
        }
        let json = #"{"type":"timeInterval","timeInterval":120}"#
        #expect(try JSONDecoder().decode(NotificationTrigger.self, from: Data(json.utf8)) == .timeInterval(120, repeats: false))
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(NotificationTrigger.self, from: Data(#"{"type":"sometime"}"#.utf8)) }
    }
}

@Suite struct LocationRegionTests {
    let region = LocationRegion(
        identifier: "office", latitude: 52.5200, longitude: 13.4050, radius: 200, notifyOnEntry: true, notifyOnExit: false)
    let inside = Location(latitude: 52.5205, longitude: 13.4055)
    let outside = Location(latitude: 52.5300, longitude: 13.4050)

    @Test func distanceIsGreatCircle() {
        // Berlin → Paris is about 878 km.
        let paris = Location(latitude: 48.8566, longitude: 2.3522)
        #expect(abs(Location(latitude: 52.52, longitude: 13.405).distance(to: paris) - 877_500) < 2_000)
    }

    @Test func enteringFiresAnEntryRegion() {
        #expect(region.isCrossed(from: outside, to: inside))
    }

    @Test func beingInsideIsNotCrossing() {
        #expect(!region.isCrossed(from: nil, to: inside))
        #expect(!region.isCrossed(from: inside, to: inside))
    }

    @Test func leavingDoesNotFireAnEntryOnlyRegion() {
        #expect(!region.isCrossed(from: inside, to: outside))
        var exitRegion = region
        exitRegion.notifyOnEntry = false
        exitRegion.notifyOnExit = true
        #expect(exitRegion.isCrossed(from: inside, to: outside))
        #expect(!exitRegion.isCrossed(from: outside, to: inside))
    }

    @Test(arguments: [
        LocationRegion(identifier: "", latitude: 0, longitude: 0, radius: 10),
        LocationRegion(identifier: "a", latitude: 91, longitude: 0, radius: 10),
        LocationRegion(identifier: "a", latitude: 0, longitude: 181, radius: 10),
        LocationRegion(identifier: "a", latitude: 0, longitude: 0, radius: 0),
        LocationRegion(identifier: "a", latitude: 0, longitude: 0, radius: 10, notifyOnEntry: false, notifyOnExit: false),
    ])
    func badRegionsAreRefused(region: LocationRegion) {
        #expect(throws: NotificationError.self) { try NotificationTrigger.location(region, repeats: false).validate() }
    }
}
