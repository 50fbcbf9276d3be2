import ErrorCodes
import Foundation
import Memberwise

/// A change to the center state (`updateCenterState`); absent fields stay. `focus: null` ends focus.
@MemberwiseInit
package struct CenterStateChange: Sendable, Hashable, Codable {
    package var appState: CenterState.AppState?
    package var locked: Bool?
    package var focus: CenterState.Focus??
    package var scheduledFocuses: [CenterState.Focus]?
    package var timeZone: String?
    package var locale: String?
    package var online: Bool?
    package var summaryTimes: [LocalTime]?

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
