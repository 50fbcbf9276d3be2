import ErrorCodes
import Memberwise

/// `UNNotificationCategory` with its `UNNotificationAction`s and `UNTextInputNotificationAction`s.
@MemberwiseInit
package struct NotificationCategory: Sendable, Hashable, Codable {
    package enum Option: String, Sendable, Hashable, Codable, CaseIterable {
        case customDismissAction, allowInCarPlay, hiddenPreviewsShowTitle, hiddenPreviewsShowSubtitle, allowAnnouncement
    }

    package var identifier: String
    package var actions: [NotificationAction] = []
    package var intentIdentifiers: [String] = []
    package var hiddenPreviewsBodyPlaceholder: String?
    package var categorySummaryFormat: String?
    package var options: Set<Option> = []

    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        identifier = try container.decode(String.self, forKey: .identifier)
        actions = try container.decodeIfPresent([NotificationAction].self, forKey: .actions) ?? []
        intentIdentifiers = try container.decodeIfPresent([String].self, forKey: .intentIdentifiers) ?? []
        hiddenPreviewsBodyPlaceholder = try container.decodeIfPresent(String.self, forKey: .hiddenPreviewsBodyPlaceholder)
        categorySummaryFormat = try container.decodeIfPresent(String.self, forKey: .categorySummaryFormat)
        options = try container.decodeIfPresent(Set<Option>.self, forKey: .options) ?? []
    }

    private enum CodingKeys: String, CodingKey {
        case identifier, actions, intentIdentifiers, hiddenPreviewsBodyPlaceholder, categorySummaryFormat, options
    }

    /// Most actions a category may carry (the framework shows up to 10).
    package static let maxActions = 10
    package static let maxCategories = 256

    package func action(_ identifier: String) -> NotificationAction? {
        actions.first { $0.identifier == identifier }
    }

    /// Validates a whole set as `setNotificationCategories` receives it: identifiers unique and not
    /// empty, action identifiers unique within each category. Two categories may share one (the
    /// framework's `setNotificationCategories` has no error path, and WWDC 2016 session 708's content
    /// extension serves `event-invite` and `event-update`, both with `accept`).
    package static func validate(_ categories: [NotificationCategory]) throws(NotificationError) {
        guard categories.count <= maxCategories else {
            throw .invalid(.invalidCategory, "At most \(maxCategories) categories can be registered.")
        }
        var categoryIDs = Set<String>()
        for (index, category) in categories.enumerated() {
            let path = "`categories[\(index)]`"
            guard category.identifier.isIdentifier(max: 255) else {
                throw .invalid(.invalidCategory, "\(path).identifier must be 1 to 255 characters with no control character.")
            }
            guard categoryIDs.insert(category.identifier).inserted else {
                throw .invalid(.invalidCategory, "Category identifier '\(category.identifier)' appears twice.")
            }
            guard category.actions.count <= maxActions else {
                throw .invalid(.invalidCategory, "\(path) has \(category.actions.count) actions; at most \(maxActions) are allowed.")
            }
            var actionIDs = Set<String>()
            for (actionIndex, action) in category.actions.enumerated() {
                try action.validate(path: "\(path).actions[\(actionIndex)]")
                guard actionIDs.insert(action.identifier).inserted else {
                    throw .invalid(
                        .invalidCategory,
                        "Action identifier '\(action.identifier)' is used twice in \(path); action identifiers are unique within a category."
                    )
                }
            }
        }
    }
}
