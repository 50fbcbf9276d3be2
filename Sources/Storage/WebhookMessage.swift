import Foundation
import NotificationCore
import StrictJSON
import Webhooks

/// Webhook bodies: the Standard Webhooks envelope `{"type", "timestamp", "data"}`, whose `data` names
/// the center and carries the event. Built here, the same for every store, so that a message written in
/// a change's transaction is exactly what the dispatcher later signs and sends.
package enum WebhookMessage {
    /// What a message's `data` holds: the center the event is about and the event's own members (the
    /// others left out). A `broadcast.completed` message's `data` is the broadcast instead.
    package struct Payload: Encodable, Sendable {
        package var centerID: String
        package var actionIdentifier: String?
        package var userText: String?
        package var notification: DeliveredNotification?
        package var settings: NotificationSettings?
        package var identifiers: [String]?
        package var request: NotificationRequest?
        package var subscriptionID: String?
        package var endpoint: String?
        package var registrationID: String?
        package var provider: PushProvider?
        package var reason: String?
        package var identifier: String?
        package var deliveredAt: Date?
        package var destination: String?
        package var summary: ScheduledSummary?

        package init(centerID: String) { self.centerID = centerID }

        package static func request(centerID: String, request: NotificationRequest) -> Payload {
            var data = Payload(centerID: centerID)
            data.request = request
            return data
        }

        package static func response(centerID: String, _ response: NotificationResponse, notification: DeliveredNotification) -> Payload {
            var data = Payload(centerID: centerID)
            data.actionIdentifier = response.actionIdentifier
            data.userText = response.userText
            data.notification = notification
            return data
        }
    }

    private struct Envelope<Data: Encodable>: Encodable {
        var type: String
        var timestamp: Date
        var data: Data
    }

    /// The body of one call: `type`, when, and the event's data.
    package static func body(type: String, at date: Date, data: some Encodable) throws -> [UInt8] {
        try WireFormat.bytes(Envelope(type: type, timestamp: date, data: data))
    }

    /// The wire forms of the notifications delivered last: a broadcast delivers the same one to every
    /// member, and each of their browsers and phones gets a message that carries it.
    private static let sharedNotifications = SharedForms<DeliveredNotification, [UInt8]>()

    /// How the body of every center's event begins (keys sorted: `data` first, the center's id first in
    /// it), before that id as a JSON string.
    package static let centerBodyPrefix = Array(#"{"data":{"centerID":"#.utf8)

    /// `body(type:at:data:)` of a delivery, as the encoder writes it (keys sorted), with the notification
    /// encoded once for every message that carries the same one.
    static func deliveredBody(type: String, centerID: String, notification: DeliveredNotification, at date: Date) throws -> [UInt8] {
        let shown = try sharedNotifications.value(for: notification) { try WireFormat.bytes(notification) }
        var body = centerBodyPrefix
        body += WireFormat.string(centerID)
        body += Array(#","notification":"#.utf8)
        body += shown
        body += Array(#"},"timestamp":""#.utf8)
        body += Array(WireFormat.timestamp(date).utf8)
        body += Array(#"","type":"#.utf8)
        body += WireFormat.string(type)
        body.append(UInt8(ascii: "}"))
        return body
    }

    /// `msg_`, the milliseconds it was made at (12 hex digits) and 10 random bytes (20 hex digits): the
    /// `webhook-id` of every attempt of one message, as long as it always was. Made in order, the ids
    /// join the outbox's unique index at its end (`RandomID.timeOrdered`).
    package static func newID() -> String { "msg_" + RandomID.timeOrdered(randomBytes: 10) }
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
        var data = WebhookMessage.Payload(centerID: centerID)
        switch self {
        case .response(let response, let notification): data = .response(centerID: centerID, response, notification: notification)
        case .authorizationChanged(let settings), .settingsChanged(let settings): data.settings = settings
        case .notificationRemoved(let identifiers): data.identifiers = identifiers
        case .backgroundPush(let request): data.request = request
        case .delivered(let notification): data.notification = notification
        case .pushSubscriptionRemoved(let id, let endpoint, let reason):
            (data.subscriptionID, data.endpoint, data.reason) = (id, endpoint, reason)
        case .deviceUnregistered(let id, let provider, let reason):
            (data.registrationID, data.provider, data.reason) = (id, provider, reason)
        case .displayed(let identifier, let deliveredAt, let destination):
            (data.identifier, data.deliveredAt, data.destination) = (identifier, deliveredAt, destination)
        case .summaryDelivered(let summary): data.summary = summary
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
                try WebhookMessage.body(type: WebhookEventType.broadcastCompleted.rawValue, at: date, data: broadcast)),
            nextAttempt: date, createdAt: date)
    }
}
