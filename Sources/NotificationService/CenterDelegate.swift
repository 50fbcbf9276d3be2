import Foundation
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
    /// A background push reached the center (`didReceiveRemoteNotification`): for the app, not shown.
    case backgroundPush(NotificationRequest)
}

/// The app's delegate. `record` takes events for delivery and returns once the event is durable, so
/// that an acknowledged response is never lost; `willPresent` asks, within the app's deadline, how to
/// present a notification to a center in the foreground.
package protocol CenterDelegate: Sendable {
    func record(_ event: DelegateEvent, center: CenterRecord) async throws
    /// `.noDelegate` when the app has none (the notification's own options apply); `.delegateFailed`
    /// with the reason when it did not answer in time or answered nonsense (not presented).
    func willPresent(_ request: NotificationRequest, center: CenterRecord, at date: Date) async -> ForegroundDecision
    /// The service extension's content for a request with `mutableContent` (B18), or nil to deliver the
    /// original (no extension, no answer in time, an error, or content that is not valid or has no alert).
    func serviceExtension(_ request: NotificationRequest, center: CenterRecord) async -> NotificationContent?
    /// Asks the content extension registered for the notification's category about an action; nil when
    /// none is registered.
    func contentExtension(
        _ response: NotificationResponse, notification: DeliveredNotification, center: CenterRecord
    ) async -> ContentExtensionResponseOption?
}

/// No delegate: events go nowhere (tests of the center alone).
package struct NoDelegate: CenterDelegate {
    package init() {}
    package func record(_ event: DelegateEvent, center: CenterRecord) async throws {}
    package func willPresent(_ request: NotificationRequest, center: CenterRecord, at date: Date) async -> ForegroundDecision {
        .noDelegate
    }
    package func contentExtension(
        _ response: NotificationResponse, notification: DeliveredNotification, center: CenterRecord
    ) async -> ContentExtensionResponseOption? { nil }
    package func serviceExtension(_ request: NotificationRequest, center: CenterRecord) async -> NotificationContent? { nil }
}
