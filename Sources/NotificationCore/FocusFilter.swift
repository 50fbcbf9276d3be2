import ErrorCodes

/// A Focus filter's predicate over a notification's `filterCriteria` (`FocusFilterAppContext`'s
/// `notificationFilterPredicate`, a JSON-safe subset of Apple's NSPredicate): exactly one of `equals`,
/// `in` and `prefix`. A notification without `filterCriteria` never matches.
package struct FocusFilter: Sendable, Hashable, Codable {
    package var equals: String?
    package var `in`: [String]?
    package var prefix: String?

    package init(equals: String? = nil, in values: [String]? = nil, prefix: String? = nil) {
        self.equals = equals
        self.in = values
        self.prefix = prefix
    }

    /// The most values an `in` filter lists.
    package static let maxValues = 100

    package func matches(_ criteria: String?) -> Bool {
        guard let criteria else { return false }
        if let equals { return criteria == equals }
        if let values = self.in { return values.contains(criteria) }
        if let prefix { return criteria.hasPrefix(prefix) }
        return false
    }

    func validate(field: String) throws(NotificationError) {
        let given = [equals != nil, self.in != nil, prefix != nil].filter { $0 }.count
        guard given == 1 else {
            throw .invalid(.invalidField, "`\(field)` must have exactly one of `equals`, `in` and `prefix`; it has \(given).")
        }
        let values = (equals.map { [$0] } ?? []) + (self.in ?? []) + (prefix.map { [$0] } ?? [])
        guard values.count <= Self.maxValues else {
            throw .invalid(.invalidField, "`\(field).in` lists more than \(Self.maxValues) values.")
        }
        for value in values where !value.isIdentifierOrEmpty(max: NotificationContent.maxTextLength) {
            throw .invalid(
                .invalidField,
                "`\(field)` values must be at most \(NotificationContent.maxTextLength) characters with no control character.")
        }
    }
}
