import ErrorCodes
import Memberwise

/// `UNNotificationResponse` / `UNTextInputNotificationResponse`: what the user did with a notification.
@MemberwiseInit
package struct NotificationResponse: Sendable, Hashable, Codable {
    /// `UNNotificationDefaultActionIdentifier`: the user opened the app from the notification.
    package static let defaultActionIdentifier = "com.apple.UNNotificationDefaultActionIdentifier"
    /// `UNNotificationDismissActionIdentifier`: the user dismissed it explicitly.
    package static let dismissActionIdentifier = "com.apple.UNNotificationDismissActionIdentifier"
    /// The longest `userText`, in code points: a text-input action is for a short reply, and what is typed
    /// travels on in a webhook.
    package static let userTextLimit = 4000

    package var actionIdentifier: String
    /// Text typed for a text-input action; required for those and refused for the others.
    package var userText: String?
}
