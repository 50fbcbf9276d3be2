import ErrorCodes
import Foundation

/// What the user's device reports about itself: app state, lock, focus, time zone, locale, location.
package struct CenterState: Sendable, Hashable, Codable {
    package enum AppState: String, Sendable, Hashable, Codable, CaseIterable {
        case foreground, background, notRunning
    }

    package var appState: AppState = .background
    package var locked = false
    /// The Focus the device has on now (by hand, or by its own `schedule`).
    package var focus: Focus?
    /// The Focus modes that turn on by their schedules (Sleep at night, Work in the day): the first one on
    /// counts when `focus` is not on.
    package var scheduledFocuses: [Focus]?
    /// IANA time zone name; calendar triggers are computed in it.
    package var timeZone = "UTC"
    /// BCP 47 language tag; localized content is resolved in it.
    package var locale = "en"
    package var location: Location?
    /// Whether the device can be reached: pushes to an offline center are kept (one, until it expires)
    /// and delivered when it comes back online, as APNs does.
    package var online = true
    /// The Scheduled Summary's times, on the wall clock of `timeZone`, earliest first; nil for iOS's first
    /// ones, 08:00 and 18:00. Used when the user delivers the app in the summary (`scheduledDeliverySetting`).
    package var summaryTimes: [LocalTime]?

    package static let defaultSummaryTimes = [LocalTime(hour: 8, minute: 0)!, LocalTime(hour: 18, minute: 0)!]
    /// The most summary times a center has (iOS offers up to 12).
    package static let maxSummaryTimes = 12
    /// The most scheduled Focus modes a center has.
    package static let maxScheduledFocuses = 10

    package init() {}

    private enum CodingKeys: String, CodingKey {
        case appState, locked, focus, scheduledFocuses, timeZone, locale, location, online, summaryTimes
    }

    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        appState = try container.decode(AppState.self, forKey: .appState)
        locked = try container.decode(Bool.self, forKey: .locked)
        focus = try container.decodeIfPresent(Focus.self, forKey: .focus)
        scheduledFocuses = try container.decodeIfPresent([Focus].self, forKey: .scheduledFocuses)
        timeZone = try container.decode(String.self, forKey: .timeZone)
        locale = try container.decode(String.self, forKey: .locale)
        location = try container.decodeIfPresent(Location.self, forKey: .location)
        // Absent in centers stored before it existed.
        online = try container.decodeIfPresent(Bool.self, forKey: .online) ?? true
        summaryTimes = try container.decodeIfPresent([LocalTime].self, forKey: .summaryTimes)
    }

    /// The state as the app may read it: whether the person is focused (`INFocusStatus.isFocused`), never
    /// which Focus, and not the summary times (Apple gives an app neither).
    package var appView: CenterState {
        var state = self
        state.focus = nil
        state.scheduledFocuses = nil
        state.summaryTimes = nil
        return state
    }

    /// The Focus that is on at `date`: `focus`, unless its schedule is off then, or else the first of
    /// `scheduledFocuses` whose schedule is on.
    package func activeFocus(at date: Date) -> Focus? {
        let zone = TimeZoneNames.zone(timeZone)
        func isOn(_ focus: Focus) -> Bool { focus.schedule?.contains(date, in: zone) ?? true }
        if let focus, isOn(focus) { return focus }
        return scheduledFocuses?.first { $0.schedule != nil && isOn($0) }
    }

    /// When the summary that follows `date` is delivered.
    package func nextSummary(after date: Date) -> Date {
        let zone = TimeZoneNames.zone(timeZone)
        return (summaryTimes ?? Self.defaultSummaryTimes).map { $0.next(after: date, in: zone) }.min() ?? date
    }
}
