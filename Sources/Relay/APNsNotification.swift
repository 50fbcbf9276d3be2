import Crypto
import Foundation
import HTTPTypes
import NotificationCore
import StrictJSON

/// One APNs request (`POST /3/device/<token>`): its headers and its JSON payload, made from what the
/// center presented — Apple's `aps` dictionary with the content as the framework has it (`alert` with
/// title, subtitle and body or their `loc-key`s, `badge` and `sound` as the settings allowed them,
/// `thread-id`, `category`, `interruption-level`…), the request's `userInfo` beside it, and a
/// `usernotifyd` dictionary with what the app posts back to answer and where its attachment downloads.
package struct APNsNotification: Sendable {
    package var headers: HTTPFields
    package var payload: [UInt8]
    /// The payload before it was encoded (what FCM's `apns.payload` carries).
    package var json: JSONValue

    /// APNs refuses a payload larger than this (`PayloadTooLarge`).
    package static let maxPayload = 4096
    /// How long APNs keeps a notification for an offline device, and a removal (after a day, nothing is
    /// left to remove): as the Web Push messages' TTLs.
    package static let notificationLifetime: TimeInterval = 28 * 86_400
    package static let removalLifetime: TimeInterval = 86_400

    /// The notification the center presented, for a device of the app with bundle id `topic`, kept by
    /// APNs for an offline device until `expires` (`apns-expiration`: what is left of its lifetime).
    package static func alert(
        _ delivered: DeliveredNotification, centerID: String, topic: String, links: DeliveryLinks, expires: Date
    ) throws -> APNsNotification {
        let content = delivered.request.content
        let level = delivered.level
        var aps: [String: JSONValue] = [:]
        var alert: [String: JSONValue] = [:]
        alert["title"] = content.title.map(JSONValue.string)
        alert["subtitle"] = content.subtitle.map(JSONValue.string)
        alert["body"] = content.body.map(JSONValue.string)
        alert["launch-image"] = content.launchImageName.map(JSONValue.string)
        for (key, text) in [
            ("title-loc", content.titleLocalization), ("subtitle-loc", content.subtitleLocalization), ("loc", content.bodyLocalization),
        ] {
            guard let text else { continue }
            alert["\(key)-key"] = .string(text.key)
            if !text.arguments.isEmpty { alert["\(key)-args"] = .array(text.arguments.map(JSONValue.string)) }
        }
        if !alert.isEmpty { aps["alert"] = .object(alert) }
        if delivered.presentation.badge, let badge = content.badge { aps["badge"] = .number(Double(badge)) }
        if delivered.presentation.sound, let sound = content.sound {
            switch sound {
            case .default: aps["sound"] = .string("default")
            case .named(let name): aps["sound"] = .string(name)
            case .critical(let name, let volume):
                aps["sound"] = .object(["critical": .number(1), "name": .string(name ?? "default"), "volume": .number(volume)])
            }
        }
        aps["thread-id"] = content.threadIdentifier.map(JSONValue.string)
        aps["category"] = content.categoryIdentifier.map(JSONValue.string)
        aps["target-content-id"] = content.targetContentIdentifier.map(JSONValue.string)
        aps["interruption-level"] = .string(level.apnsName)
        aps["relevance-score"] = content.relevanceScore.map(JSONValue.number)
        aps["filter-criteria"] = content.filterCriteria.map(JSONValue.string)
        // The app's notification service extension runs for every alert: it may change it on the device
        // (attachments are fetched there), and it confirms the display (`POST /v1/displays`, receipts).
        aps["mutable-content"] = .number(1)
        var usernotifyd: [String: JSONValue] = [
            "center": .string(centerID), "identifier": .string(delivered.request.identifier), "responseToken": .string(links.responseToken),
        ]
        // What the service extension donates as an `INSendMessageIntent` (a communication notification).
        if let communication = content.communication {
            var sender: [String: JSONValue] = ["handle": .string(communication.sender.handle)]
            sender["displayName"] = communication.sender.displayName.map(JSONValue.string)
            sender["imageURL"] = communication.sender.imageURL.map(JSONValue.string)
            var conversation: [String: JSONValue] = ["sender": .object(sender)]
            conversation["conversationIdentifier"] = communication.conversationIdentifier.map(JSONValue.string)
            conversation["groupName"] = communication.groupName.map(JSONValue.string)
            usernotifyd["communication"] = .object(conversation)
        }
        if let attachment = links.attachment {
            usernotifyd["attachment"] = .object(["identifier": .string(attachment.identifier), "path": .string(attachment.path)])
        }
        let ours: JSONValue = .object(usernotifyd)
        var root = (content.userInfo ?? [:]).filter { $0.key != "aps" && $0.key != "usernotifyd" }
        root["aps"] = .object(aps)
        root["usernotifyd"] = ours
        var payload = try JSONValue.object(root).wireBytes()
        // Too large for APNs: the custom keys go first, then the end of the body.
        if payload.count > maxPayload {
            root = ["aps": .object(aps), "usernotifyd": ours]
            payload = try JSONValue.object(root).wireBytes()
        }
        while payload.count > maxPayload, case .string(let body)? = alert["body"], !body.isEmpty {
            let shorter = String(body.prefix(max(0, body.count - max(16, (payload.count - maxPayload) / 2))))
            alert["body"] = .string(shorter.isEmpty ? "" : shorter + "…")
            if shorter.isEmpty { alert["body"] = nil }
            aps["alert"] = .object(alert)
            root["aps"] = .object(aps)
            payload = try JSONValue.object(root).wireBytes()
        }
        let headers: HTTPFields = [
            .apnsPushType: "alert",
            .apnsTopic: topic,
            // Passive notifications wait for the device's convenience (5); the others go now (10).
            .apnsPriority: level == .passive ? "5" : "10",
            .apnsExpiration: String(Int(expires.timeIntervalSince1970)),
            // An update of the same identifier replaces the one shown, as the framework does.
            .apnsCollapseID: collapseID(delivered.request.identifier),
        ]
        return APNsNotification(headers: headers, payload: payload, json: .object(root))
    }

    /// The background push that tells the app to remove delivered notifications
    /// (`removeDeliveredNotifications(withIdentifiers:)` in its `didReceiveRemoteNotification`): APNs
    /// has no way to remove a notification itself. Kept by APNs until `expires`, as a notification.
    package static func removal(_ identifiers: [String], centerID: String, topic: String, expires: Date) throws -> APNsNotification {
        let root: JSONValue = .object([
            "aps": .object(["content-available": .number(1)]),
            "usernotifyd": .object(["center": .string(centerID), "remove": .array(identifiers.map(JSONValue.string))]),
        ])
        return APNsNotification(
            headers: [
                .apnsPushType: "background", .apnsTopic: topic, .apnsPriority: "5",
                .apnsExpiration: String(Int(expires.timeIntervalSince1970)),
            ],
            payload: try root.wireBytes(), json: root)
    }

    /// The request identifier when it fits APNs' 64 bytes, else a digest of it (the same every time).
    package static func collapseID(_ identifier: String) -> String {
        guard identifier.utf8.count > 64 else { return identifier }
        return "sha256-" + SHA256.hash(data: Data(identifier.utf8)).prefix(24).map { String(format: "%02x", $0) }.joined()
    }
}

extension InterruptionLevel {
    /// `aps.interruption-level`'s spelling.
    package var apnsName: String {
        switch self {
        case .passive: "passive"
        case .active: "active"
        case .timeSensitive: "time-sensitive"
        case .critical: "critical"
        }
    }
}

/// APNs' request fields (Apple's "Sending notification requests to APNs").
extension HTTPField.Name {
    package static let apnsPushType = HTTPField.Name("apns-push-type")!
    package static let apnsTopic = HTTPField.Name("apns-topic")!
    package static let apnsPriority = HTTPField.Name("apns-priority")!
    package static let apnsExpiration = HTTPField.Name("apns-expiration")!
    package static let apnsCollapseID = HTTPField.Name("apns-collapse-id")!
}
