import NotificationCore
import Storage

/// What the app's delegate (`UNUserNotificationCenterDelegate`, here webhooks) hears about, beyond the
/// user's own event stream.
package enum DelegateEvent: Sendable {
    /// `didReceive`: the user's response, to forward to the app.
    case response(NotificationResponse, DeliveredNotification)
    /// The user answered the authorization prompt.
    case authorizationChanged(NotificationSettings)
    /// The user changed the settings.
    case settingsChanged(NotificationSettings)
    /// The user removed delivered notifications (dismissed them).
    case notificationRemoved([String])
}

/// Takes delegate events for delivery to the app. `record` returns once the event is durable, so that
/// an acknowledged response is never lost.
package protocol CenterDelegate: Sendable {
    func record(_ event: DelegateEvent, center: CenterRecord) async throws
}

/// No delegate: events go nowhere (tests of the center alone).
package struct NoDelegate: CenterDelegate {
    package init() {}
    package func record(_ event: DelegateEvent, center: CenterRecord) async throws {}
}
