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
    var prompt: AuthorizationPrompt?
    /// The app's name, for the person holding the device (the user's own view).
    var appName: String?
    var createdAt: Date

    init(_ center: CenterRecord, appName: String? = nil) {
        id = center.id
        appID = center.appID
        authorizationStatus = center.settings.authorizationStatus
        badge = center.badge
        state = center.state
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
