import Foundation
import NotificationCore
import Storage

/// A center as the API shows it.
struct CenterView: Codable, Sendable {
    var id: String
    var appID: String
    var authorizationStatus: AuthorizationStatus
    var badge: Int
    var state: CenterState
    /// Whether a Focus is on now (`INFocusStatus.isFocused`): all the app learns of the user's Focus.
    var isFocused: Bool
    var prompt: AuthorizationPrompt?
    /// The app's name, for the person holding the device (the user's own view).
    var appName: String?
    var createdAt: Date

    /// The app's view shows no Focus and no summary times; the user's own (`user`) shows them.
    init(_ center: CenterRecord, user: Bool = false, appName: String? = nil, at now: Date) {
        id = center.id
        appID = center.appID
        authorizationStatus = center.settings.authorizationStatus
        badge = center.badge
        state = user ? center.state : center.state.appView
        isFocused = center.state.activeFocus(at: now) != nil
        prompt = center.prompt
        self.appName = appName
        createdAt = center.createdAt
    }
}

/// `UNNotificationRequest` with its `nextTriggerDate()`, as the pending list shows it.
struct PendingView: Codable, Sendable {
    var identifier: String
    var content: NotificationContent
    var trigger: NotificationTrigger?
    var nextTriggerDate: Date?

    init(_ pending: PendingRequest) {
        identifier = pending.request.identifier
        content = pending.request.content
        trigger = pending.request.trigger
        nextTriggerDate = pending.nextFireDate
    }
}
