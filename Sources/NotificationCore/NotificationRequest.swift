import ErrorCodes
import Foundation
import Memberwise

/// `UNNotificationRequest`: an identifier, the content, and a trigger (nil = deliver now).
@MemberwiseInit
package struct NotificationRequest: Sendable, Hashable, Codable {
    package var identifier: String
    package var content: NotificationContent
    package var trigger: NotificationTrigger?

    package static let maxIdentifierLength = 255

    /// Refuses an identifier that is empty, longer than 255 code points or holds a control character.
    package static func validateIdentifier(_ identifier: String, field: String) throws(NotificationError) {
        guard identifier.isIdentifier(max: maxIdentifierLength) else {
            throw .invalid(
                .invalidIdentifier,
                "`\(field)` must be 1 to \(maxIdentifierLength) characters (Unicode code points) with no control character; got \(identifier.codePoints) code points."
            )
        }
    }

    /// Validates the request as `add` would. A category need not be registered yet: like the framework,
    /// the notification then simply shows no actions (B20).
    package func validate() throws(NotificationError) {
        try Self.validateIdentifier(identifier, field: "identifier")
        try content.validate()
        try trigger?.validate()
    }
}

/// A request waiting for its trigger, as the store keeps it.
@MemberwiseInit
package struct PendingRequest: Sendable, Hashable {
    package var center: CenterKey
    package var request: NotificationRequest
    /// When it was added (or last replaced): time-interval triggers count from here.
    package var addedAt: Date
    /// The next date it fires; nil for location triggers.
    package var nextFireDate: Date?
    /// The W3C `traceparent` of the call that added it, for the webhook calls of its firings.
    package var traceparent: String?
}
