import ErrorCodes
import Memberwise

extension CenterState {
    /// A Focus (Do Not Disturb, Work, Sleep…) as the device reports it: what it lets through, and when
    /// it is on. Notifications it does not let through are delivered quietly, to the list only.
    @MemberwiseInit
    package struct Focus: Sendable, Hashable, Codable {
        package var name: String
        /// The app is among the Focus's allowed apps: its notifications come through as usual.
        package var allowsApp: Bool?
        /// Handles of the people whose communication notifications come through (`content.communication`).
        package var allowedPeople: [String]?
        /// Whether time-sensitive notifications break through (the Focus's "Time Sensitive" switch; on when absent).
        package var allowsTimeSensitive: Bool?
        /// The app's Focus filter: of the notifications the Focus lets through, only those whose
        /// `filterCriteria` match come through.
        package var filter: FocusFilter?
        /// The filter of before `filter` existed, kept for clients that send it: the app is allowed, and
        /// only notifications whose `filterCriteria` equal this come through.
        package var filterCriteria: String?
        /// When set, the Focus is on only in this window of the center's time zone.
        package var schedule: FocusSchedule?

        /// The most people a Focus allows.
        package static let maxAllowedPeople = 100

        /// The filter in force: `filter`, or the older `filterCriteria` as an `equals` filter.
        var effectiveFilter: FocusFilter? { filter ?? filterCriteria.map { FocusFilter(equals: $0) } }

        /// Whether a notification comes through this Focus as usual.
        package func letsThrough(_ content: NotificationContent, settings: NotificationSettings) -> Bool {
            let level = content.effectiveInterruptionLevel
            if level == .critical, settings.criticalAlertSetting == .enabled { return true }
            if level == .timeSensitive, settings.timeSensitiveSetting == .enabled, allowsTimeSensitive ?? true { return true }
            if let handle = content.communication?.sender.handle, allowedPeople?.contains(handle) == true { return true }
            guard allowsApp == true || filterCriteria != nil else { return false }
            return effectiveFilter?.matches(content.filterCriteria) ?? true
        }

        func validate(field: String) throws(NotificationError) {
            guard name.isIdentifier(max: 64) else {
                throw .invalid(.invalidField, "`\(field).name` must be 1 to 64 characters with no control character.")
            }
            if let people = allowedPeople {
                guard people.count <= Self.maxAllowedPeople, people.allSatisfy({ $0.isIdentifier(max: 255) }) else {
                    throw .invalid(
                        .invalidField,
                        "`\(field).allowedPeople` must list at most \(Self.maxAllowedPeople) handles of 1 to 255 characters with no control character."
                    )
                }
            }
            if filter != nil, filterCriteria != nil {
                throw .invalid(.invalidField, "`\(field).filterCriteria` is the older form of `\(field).filter`; send one of them.")
            }
            if let filterCriteria, !filterCriteria.isIdentifier(max: NotificationContent.maxTextLength) {
                throw .invalid(
                    .invalidField,
                    "`\(field).filterCriteria` must be 1 to \(NotificationContent.maxTextLength) characters with no control character.")
            }
            try filter?.validate(field: "\(field).filter")
            try schedule?.validate(field: "\(field).schedule")
        }
    }
}
