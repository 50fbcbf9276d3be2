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

/// A change to the center state (`updateCenterState`); absent fields stay. `focus: null` ends focus.
package struct CenterStateChange: Sendable, Hashable, Codable {
    package var appState: CenterState.AppState?
    package var locked: Bool?
    package var focus: CenterState.Focus??
    package var scheduledFocuses: [CenterState.Focus]?
    package var timeZone: String?
    package var locale: String?
    package var online: Bool?
    package var summaryTimes: [LocalTime]?

    package init(
        appState: CenterState.AppState? = nil, locked: Bool? = nil, focus: CenterState.Focus?? = nil, timeZone: String? = nil,
        locale: String? = nil, online: Bool? = nil, summaryTimes: [LocalTime]? = nil
    ) {
        self.summaryTimes = summaryTimes
        self.online = online
        self.appState = appState
        self.locked = locked
        self.focus = focus
        self.timeZone = timeZone
        self.locale = locale
    }

    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        appState = try container.decodeIfPresent(CenterState.AppState.self, forKey: .appState)
        locked = try container.decodeIfPresent(Bool.self, forKey: .locked)
        // `"focus": null` clears the focus; leaving it out keeps it.
        if container.contains(.focus) {
            focus =
                try container.decodeNil(forKey: .focus) ? .some(nil) : .some(try container.decode(CenterState.Focus.self, forKey: .focus))
        }
        scheduledFocuses = try container.decodeIfPresent([CenterState.Focus].self, forKey: .scheduledFocuses)
        timeZone = try container.decodeIfPresent(String.self, forKey: .timeZone)
        locale = try container.decodeIfPresent(String.self, forKey: .locale)
        online = try container.decodeIfPresent(Bool.self, forKey: .online)
        summaryTimes = try container.decodeIfPresent([LocalTime].self, forKey: .summaryTimes)
    }

    private enum CodingKeys: String, CodingKey { case appState, locked, focus, scheduledFocuses, timeZone, locale, online, summaryTimes }

    /// A language tag as `openapi.yaml` has it: `^[A-Za-z]{1,8}([_-][A-Za-z0-9]{1,8})*$`, at most 35 characters.
    package static func isLanguageTag(_ tag: String) -> Bool {
        guard tag.utf8.count <= 35 else { return false }
        let subtags = tag.split(separator: /[_-]/, omittingEmptySubsequences: false)
        guard let language = subtags.first, (1...8).contains(language.count), language.allSatisfy(\.isASCIILetterOnly) else { return false }
        return subtags.dropFirst().allSatisfy { (1...8).contains($0.count) && $0.allSatisfy(\.isASCIIAlphanumeric) }
    }

    package func apply(to state: inout CenterState) throws(NotificationError) {
        if let timeZone {
            guard TimeZoneNames.isValid(timeZone) else {
                throw .invalid(.invalidTimeZone, "`timeZone` '\(timeZone)' is not an IANA time zone name (e.g. America/New_York).")
            }
            state.timeZone = timeZone
        }
        if let locale {
            guard Self.isLanguageTag(locale) else {
                throw .invalid(.invalidLocale, "`locale` must be a language tag such as en, de-CH or pt_BR; got '\(locale)'.")
            }
            state.locale = locale
        }
        if let appState { state.appState = appState }
        if let locked { state.locked = locked }
        if let online { state.online = online }
        if let focus {
            try focus?.validate(field: "focus")
            state.focus = focus
        }
        if let scheduledFocuses {
            guard scheduledFocuses.count <= CenterState.maxScheduledFocuses else {
                throw .invalid(.invalidField, "`scheduledFocuses` lists more than \(CenterState.maxScheduledFocuses) Focus modes.")
            }
            for (index, focus) in scheduledFocuses.enumerated() {
                try focus.validate(field: "scheduledFocuses[\(index)]")
                guard focus.schedule != nil else {
                    throw .invalid(.invalidField, "`scheduledFocuses[\(index)]` needs a `schedule`: it turns on by it.")
                }
            }
            state.scheduledFocuses = scheduledFocuses.isEmpty ? nil : scheduledFocuses
        }
        if let summaryTimes {
            guard (1...CenterState.maxSummaryTimes).contains(summaryTimes.count), Set(summaryTimes).count == summaryTimes.count else {
                throw .invalid(
                    .invalidField, "`summaryTimes` must list 1 to \(CenterState.maxSummaryTimes) distinct times of day (HH:mm).")
            }
            state.summaryTimes = summaryTimes.sorted()
        }
    }
}

extension Character {
    fileprivate var isASCIILetterOnly: Bool { isASCII && isLetter }
    fileprivate var isASCIIAlphanumeric: Bool { isASCII && (isLetter || isNumber) }
}
