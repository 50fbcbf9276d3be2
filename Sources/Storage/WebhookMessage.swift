import Foundation
import NotificationCore
import StrictJSON
import Webhooks

/// Webhook bodies: the Standard Webhooks envelope `{"type", "timestamp", "data"}`, whose `data` names
/// the center and carries the event. Built here, the same for every store, so that a message written in
/// a change's transaction is exactly what the dispatcher later signs and sends.
package enum WebhookMessage {
    /// What a message's `data` holds.
    package enum Payload: Encodable, Sendable {
        case response(centerID: String, actionIdentifier: String, userText: String?, notification: DeliveredNotification)
        case settings(centerID: String, settings: NotificationSettings)
        case removed(centerID: String, identifiers: [String])
        case request(centerID: String, request: NotificationRequest)
        case delivered(centerID: String, notification: DeliveredNotification)
        case subscriptionRemoved(centerID: String, subscriptionID: String, endpoint: String, reason: String)
        case deviceUnregistered(centerID: String, registrationID: String, provider: PushProvider, reason: String)
        case displayed(centerID: String, identifier: String, deliveredAt: Date, destination: String?)
        case summary(centerID: String, summary: ScheduledSummary)
        case broadcast(Broadcast)

        private enum Keys: String, CodingKey {
            case centerID, actionIdentifier, userText, notification, settings, identifiers, request, subscriptionID, endpoint
            case registrationID, provider, reason, identifier, deliveredAt, destination, summary
        }

        package func encode(to encoder: any Encoder) throws {
            if case .broadcast(let broadcast) = self { return try broadcast.encode(to: encoder) }
            var container = encoder.container(keyedBy: Keys.self)
            switch self {
            case .response(let centerID, let action, let text, let notification):
                try container.encode(centerID, forKey: .centerID)
                try container.encode(action, forKey: .actionIdentifier)
                try container.encodeIfPresent(text, forKey: .userText)
                try container.encode(notification, forKey: .notification)
            case .settings(let centerID, let settings):
                try container.encode(centerID, forKey: .centerID)
                try container.encode(settings, forKey: .settings)
            case .removed(let centerID, let identifiers):
                try container.encode(centerID, forKey: .centerID)
                try container.encode(identifiers, forKey: .identifiers)
            case .request(let centerID, let request):
                try container.encode(centerID, forKey: .centerID)
                try container.encode(request, forKey: .request)
            case .delivered(let centerID, let notification):
                try container.encode(centerID, forKey: .centerID)
                try container.encode(notification, forKey: .notification)
            case .subscriptionRemoved(let centerID, let subscriptionID, let endpoint, let reason):
                try container.encode(centerID, forKey: .centerID)
                try container.encode(subscriptionID, forKey: .subscriptionID)
                try container.encode(endpoint, forKey: .endpoint)
                try container.encode(reason, forKey: .reason)
            case .deviceUnregistered(let centerID, let registrationID, let provider, let reason):
                try container.encode(centerID, forKey: .centerID)
                try container.encode(registrationID, forKey: .registrationID)
                try container.encode(provider, forKey: .provider)
                try container.encode(reason, forKey: .reason)
            case .displayed(let centerID, let identifier, let deliveredAt, let destination):
                try container.encode(centerID, forKey: .centerID)
                try container.encode(identifier, forKey: .identifier)
                try container.encode(deliveredAt, forKey: .deliveredAt)
                try container.encodeIfPresent(destination, forKey: .destination)
            case .summary(let centerID, let summary):
                try container.encode(centerID, forKey: .centerID)
                try container.encode(summary, forKey: .summary)
            case .broadcast: break
            }
        }
    }

    private struct Envelope: Encodable {
        var type: String
        var timestamp: Date
        var data: Payload
    }

    /// The body of one call: `type`, when, and the event's data.
    package static func body(type: String, at date: Date, data: Payload) throws -> [UInt8] {
        try WireFormat.bytes(Envelope(type: type, timestamp: date, data: data))
    }

    /// The wire forms of the notifications delivered last: a broadcast delivers the same one to every
    /// member, and each of their browsers and phones gets a message that carries it.
    private static let sharedNotifications = SharedForms<DeliveredNotification, [UInt8]>()

    /// `body(type:at:data:)` of a delivery, as the encoder writes it (keys sorted), with the notification
    /// encoded once for every message that carries the same one.
    static func deliveredBody(type: String, centerID: String, notification: DeliveredNotification, at date: Date) throws -> [UInt8] {
        let shown = try sharedNotifications.value(for: notification) { try WireFormat.bytes(notification) }
        var body = Array(#"{"data":{"centerID":"#.utf8)
        body += try WireFormat.bytes(centerID)
        body += Array(#","notification":"#.utf8)
        body += shown
        body += Array(#"},"timestamp":""#.utf8)
        body += Array(WireFormat.timestamp(date).utf8)
        body += Array(#"","type":"#.utf8)
        body += try WireFormat.bytes(type)
        body.append(UInt8(ascii: "}"))
        return body
    }

    /// `msg_` and 16 random bytes in hex: the `webhook-id` of every attempt of one message.
    package static func newID() -> String {
        var random = SystemRandomNumberGenerator()
        let high = String(random.next(), radix: 16)
        let low = String(random.next(), radix: 16)
        return "msg_" + String(repeating: "0", count: 16 - high.count) + high + String(repeating: "0", count: 16 - low.count) + low
    }
}

extension DelegateEvent {
    /// The event's webhook type.
    package var webhookType: WebhookEventType {
        switch self {
        case .response: .notificationResponse
        case .authorizationChanged: .authorizationChanged
        case .settingsChanged: .settingsChanged
        case .notificationRemoved: .notificationRemoved
        case .backgroundPush: .backgroundPush
        case .delivered(let notification): notification.presentation.heldUntil == nil ? .notificationDelivered : .notificationHeld
        case .summaryDelivered: .summaryDelivered
        case .pushSubscriptionRemoved: .pushSubscriptionRemoved
        case .deviceUnregistered: .deviceUnregistered
        case .displayed: .notificationDisplayed
        }
    }

    /// The webhook body of this event for `centerID`, at `date`.
    package func webhookBody(centerID: String, at date: Date) throws -> [UInt8] {
        if case .delivered(let notification) = self {
            return try WebhookMessage.deliveredBody(type: webhookType.rawValue, centerID: centerID, notification: notification, at: date)
        }
        let data: WebhookMessage.Payload =
            switch self {
            case .response(let response, let notification):
                .response(
                    centerID: centerID, actionIdentifier: response.actionIdentifier, userText: response.userText, notification: notification
                )
            case .authorizationChanged(let settings), .settingsChanged(let settings): .settings(centerID: centerID, settings: settings)
            case .notificationRemoved(let identifiers): .removed(centerID: centerID, identifiers: identifiers)
            case .backgroundPush(let request): .request(centerID: centerID, request: request)
            case .delivered(let notification): .delivered(centerID: centerID, notification: notification)
            case .pushSubscriptionRemoved(let id, let endpoint, let reason):
                .subscriptionRemoved(centerID: centerID, subscriptionID: id, endpoint: endpoint, reason: reason)
            case .deviceUnregistered(let id, let provider, let reason):
                .deviceUnregistered(centerID: centerID, registrationID: id, provider: provider, reason: reason)
            case .displayed(let identifier, let deliveredAt, let destination):
                .displayed(centerID: centerID, identifier: identifier, deliveredAt: deliveredAt, destination: destination)
            case .summaryDelivered(let summary): .summary(centerID: centerID, summary: summary)
            }
        return try WebhookMessage.body(type: webhookType.rawValue, at: date, data: data)
    }

    /// The outbox message of this event for the app's webhook settings, or nil when the app has no
    /// delegate URL or did not ask for this type of event.
    package func outboxMessage(
        center: CenterKey, settings: WebhookConfiguration?, at date: Date, traceparent: String? = nil
    ) throws -> WebhookDeliveryRecord? {
        guard let settings, let url = settings.delegateURL, settings.events.contains(webhookType) else { return nil }
        return WebhookDeliveryRecord(
            id: WebhookMessage.newID(), appID: center.appID, url: url, type: webhookType,
            payload: Data(try webhookBody(centerID: center.centerID, at: date)), nextAttempt: date, createdAt: date,
            traceparent: traceparent)
    }
}

extension BroadcastRecord {
    /// The app's `broadcast.completed` message for this (completed) broadcast, or nil when the app has no
    /// delegate URL or did not ask for it.
    package func completedMessage(settings: WebhookConfiguration?, at date: Date) throws -> WebhookDeliveryRecord? {
        guard let settings, let url = settings.delegateURL, settings.events.contains(.broadcastCompleted) else { return nil }
        return WebhookDeliveryRecord(
            id: WebhookMessage.newID(), appID: appID, url: url, type: .broadcastCompleted,
            payload: Data(
                try WebhookMessage.body(type: WebhookEventType.broadcastCompleted.rawValue, at: date, data: .broadcast(broadcast))),
            nextAttempt: date, createdAt: date)
    }
}
