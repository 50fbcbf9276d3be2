import Foundation

/// Where a notification the center presents goes beside the app's webhooks: a browser's push
/// subscription, a phone's registration. Each gets its own outbox message per event.
package protocol OutboxTarget: Sendable {
    func outboxMessage(_ event: DelegateEvent, at date: Date, traceparent: String?) throws -> WebhookDeliveryRecord
}
