import Foundation
import HTTPTypes
import NotificationCore
import StrictJSON

/// One FCM HTTP v1 `messages:send` body (`{"message": {…}}`) for one registration token, made from what
/// the center presented.
///
/// Android has no categories: a notification whose category has actions goes as a data message (high
/// priority), whose `data` carries the title, body and the actions as JSON, so that the app's
/// `onMessageReceived` builds it with its buttons; one without actions carries a `notification` block,
/// which Android shows by itself even when the app is not running. An iOS device reached through FCM gets
/// the `aps` dictionary the APNs relay sends (`apns.payload`). `data` always names the center, the
/// identifier, the category and the response token the app posts back (FCM takes only strings there).
package struct FCMMessage: Sendable {
    package var body: [UInt8]

    /// How long FCM keeps a message for an offline device (`android.ttl`) when it is sent at `now`: until
    /// `expires`, what is left of its lifetime.
    static func ttl(until expires: Date, now: Date) -> JSONValue {
        .string("\(max(0, Int(expires.timeIntervalSince(now))))s")
    }

    /// The notification the center presented, kept for an offline device until `expires` (at most FCM's
    /// 28 days).
    package static func notification(
        _ delivered: DeliveredNotification, token: String, centerID: String, category: NotificationCategory?, links: DeliveryLinks,
        expires: Date, now: Date
    ) throws -> FCMMessage {
        let content = delivered.request.content
        let level = delivered.level
        let identifier = delivered.request.identifier
        let actions = category?.actions ?? []
        var data: [String: JSONValue] = [
            "usernotifyd.kind": .string("notification"), "usernotifyd.center": .string(centerID),
            "usernotifyd.identifier": .string(identifier),
            "usernotifyd.responseToken": .string(links.responseToken),
        ]
        data["usernotifyd.attachmentPath"] = links.attachment.map { .string($0.path) }
        data["usernotifyd.category"] = content.categoryIdentifier.map(JSONValue.string)
        data["usernotifyd.threadIdentifier"] = content.threadIdentifier.map(JSONValue.string)
        data["usernotifyd.interruptionLevel"] = .string(level.apnsName)
        for (key, value) in content.userInfo ?? [:] where !key.hasPrefix("usernotifyd.") {
            data[key] = .string(value.flatText)
        }
        // No `collapse_key`: FCM keeps at most four collapsible messages for an offline device, so a phone
        // offline through five notifications would lose some. An update replaces what is shown by its tag
        // (the identifier) instead, and an app building its own notification does the same.
        var android: [String: JSONValue] = [
            "priority": .string(level == .passive ? "NORMAL" : "HIGH"), "ttl": ttl(until: expires, now: now),
        ]
        var message: [String: JSONValue] = ["token": .string(token)]
        var notification: [String: JSONValue] = [:]
        notification["title"] = content.title.map(JSONValue.string)
        notification["body"] = content.body.map(JSONValue.string)
        if actions.isEmpty {
            message["notification"] = notification.isEmpty ? nil : .object(notification)
            var shown: [String: JSONValue] = ["tag": .string(identifier)]
            if delivered.presentation.sound, content.sound != nil { shown["default_sound"] = .bool(true) }
            if delivered.presentation.badge, let badge = content.badge { shown["notification_count"] = .number(Double(badge)) }
            android["notification"] = .object(shown)
        } else {
            data["usernotifyd.title"] = content.title.map(JSONValue.string)
            data["usernotifyd.subtitle"] = content.subtitle.map(JSONValue.string)
            data["usernotifyd.body"] = content.body.map(JSONValue.string)
            data["usernotifyd.actions"] = .string(String(decoding: try WireFormat.bytes(actions), as: UTF8.self))
        }
        message["data"] = .object(data)
        message["android"] = .object(android)
        // An iOS app reached through FCM: the same aps as the APNs relay (FCM adds the topic).
        let apns = try APNsNotification.alert(delivered, centerID: centerID, topic: "", links: links, expires: expires)
        message["apns"] = block(apns)
        return FCMMessage(body: try JSONValue.object(["message": .object(message)]).wireBytes())
    }

    /// A data message that tells the app to cancel delivered notifications (`NotificationManager.cancel`
    /// by tag), and iOS devices through FCM a background push with the same; kept until `expires`.
    package static func removal(_ identifiers: [String], token: String, centerID: String, expires: Date, now: Date) throws -> FCMMessage {
        let list = String(decoding: try WireFormat.bytes(identifiers), as: UTF8.self)
        let apns = try APNsNotification.removal(identifiers, centerID: centerID, topic: "", expires: expires)
        let message: JSONValue = .object([
            "token": .string(token),
            "data": .object([
                "usernotifyd.kind": .string("remove"), "usernotifyd.center": .string(centerID), "usernotifyd.identifiers": .string(list),
            ]),
            "android": .object(["priority": .string("NORMAL"), "ttl": ttl(until: expires, now: now)]),
            "apns": block(apns),
        ])
        return FCMMessage(body: try JSONValue.object(["message": message]).wireBytes())
    }

    /// FCM's `apns` block: the APNs request's headers (FCM sets the topic) and payload.
    private static func block(_ apns: APNsNotification) -> JSONValue {
        .object([
            "headers": .object(
                Dictionary(uniqueKeysWithValues: apns.headers.filter { $0.name != .apnsTopic }.map { ($0.name.rawName, .string($0.value)) })
            ),
            "payload": apns.json,
        ])
    }
}

extension JSONValue {
    /// A value as FCM's string-only `data` takes it: a string as is, anything else as its JSON.
    var flatText: String {
        if case .string(let text) = self { return text }
        return (try? wireBytes()).map { String(decoding: $0, as: UTF8.self) } ?? ""
    }
}
