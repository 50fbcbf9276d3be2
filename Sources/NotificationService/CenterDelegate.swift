import Foundation
import NotificationCore
import Storage

/// The app's delegate, where it answers synchronously: `willPresent` asks, within the app's deadline,
/// how to present a notification to a center in the foreground; the two extensions change content and
/// see actions first. What the delegate only hears of (`didReceive`, settings changes…) is not here: the
/// store writes those to the outbox in the transaction of the change they report.
package protocol CenterDelegate: Sendable {
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
    package func willPresent(_ request: NotificationRequest, center: CenterRecord, at date: Date) async -> ForegroundDecision {
        .noDelegate
    }
    package func contentExtension(
        _ response: NotificationResponse, notification: DeliveredNotification, center: CenterRecord
    ) async -> ContentExtensionResponseOption? { nil }
    package func serviceExtension(_ request: NotificationRequest, center: CenterRecord) async -> NotificationContent? { nil }
}
