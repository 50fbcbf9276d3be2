import Foundation
import NotificationCore

/// Where a notification the center presents goes beside the app's webhooks: a browser's push
/// subscription, a phone's registration. Each gets its own outbox message per event, and is saved the
/// same way in either store (unique within its app, at most so many a center).
package protocol OutboxTarget: Sendable {
    /// The id it is kept under: a new one until a save finds it kept already.
    var id: String { get set }
    var center: CenterKey { get }
    var createdAt: Date { get }

    func outboxMessage(_ event: DelegateEvent, at date: Date, traceparent: String?) throws -> WebhookDeliveryRecord
}
