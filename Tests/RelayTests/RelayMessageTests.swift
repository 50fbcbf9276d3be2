import Foundation
import HTTPTypes
import NotificationCore
import Relay
import Testing

@Suite struct RelayMessageTests {
    static let date = Date(timeIntervalSince1970: 1_800_000_000)
    /// What is left of a notification's lifetime when it is sent at `date`: a week (it waited three), and of a removal's an hour.
    static let expires = date.addingTimeInterval(7 * 86_400)
    static let removalExpires = date.addingTimeInterval(3600)

    static func delivered(
        _ content: NotificationContent, identifier: String = "tea",
        presentation: Presentation = Presentation(banner: true, list: true, sound: true, badge: true)
    ) -> DeliveredNotification {
        DeliveredNotification(
            date: date, request: NotificationRequest(identifier: identifier, content: content), presentation: presentation)
    }

    static func json(_ bytes: [UInt8]) throws -> [String: Any] {
        try JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any] ?? [:]
    }

    @Test func apnsHeadersFollowTheInterruptionLevelAndTheIdentifier() throws {
        let passive = try APNsNotification.alert(
            Self.delivered(NotificationContent(title: "Later", interruptionLevel: .passive)), centerID: "c", topic: "com.example.tea",
            links: DeliveryLinks(responseToken: "wpr_x"), expires: Self.expires)
        let headers = passive.headers
        #expect(headers[.apnsPriority] == "5" && headers[.apnsPushType] == "alert" && headers[.apnsTopic] == "com.example.tea")
        #expect(headers[.apnsExpiration] == String(1_800_000_000 + 7 * 86_400) && headers[.apnsCollapseID] == "tea")
        let long = String(repeating: "é", count: 40)
        let collapsed = APNsNotification.collapseID(long)
        #expect(
            collapsed.utf8.count <= 64 && collapsed == APNsNotification.collapseID(long)
                && collapsed != APNsNotification.collapseID(long + "x"))
    }

    @Test func apnsPayloadCarriesWhatThePresentationAllowed() throws {
        let content = NotificationContent(
            bodyLocalization: LocalizedText(key: "TEA_READY", arguments: ["green"]), badge: 2, sound: .named("kettle.caf"),
            categoryIdentifier: "TEA", mutableContent: true)
        let quiet = try APNsNotification.alert(
            Self.delivered(content, presentation: Presentation(banner: true, list: true)), centerID: "c", topic: "t",
            links: DeliveryLinks(responseToken: "wpr_x"), expires: Self.expires)
        let aps = try #require(try Self.json(quiet.payload)["aps"] as? [String: Any])
        #expect(aps["badge"] == nil && aps["sound"] == nil, "the settings turned sound and badge off")
        let alert = try #require(aps["alert"] as? [String: Any])
        #expect(alert.count == 2 && alert["loc-key"] as? String == "TEA_READY" && alert["loc-args"] as? [String] == ["green"])
        #expect(aps["mutable-content"] as? Int == 1 && aps["interruption-level"] as? String == "active")
        let loud = try APNsNotification.alert(
            Self.delivered(content), centerID: "c", topic: "t", links: DeliveryLinks(responseToken: "wpr_x"), expires: Self.expires)
        let loudAPS = try #require(try Self.json(loud.payload)["aps"] as? [String: Any])
        #expect(loudAPS["badge"] as? Int == 2 && loudAPS["sound"] as? String == "kettle.caf")
        let critical = try APNsNotification.alert(
            Self.delivered(NotificationContent(title: "Fire", sound: .critical(name: nil, volume: 0.8), interruptionLevel: .critical)),
            centerID: "c", topic: "t", links: DeliveryLinks(responseToken: "wpr_x"), expires: Self.expires)
        let criticalAPS = try #require(try Self.json(critical.payload)["aps"] as? [String: Any])
        let sound = try #require(criticalAPS["sound"] as? [String: Any])
        #expect(sound["critical"] as? Int == 1 && sound["name"] as? String == "default" && sound["volume"] as? Double == 0.8)
        #expect(critical.headers[.apnsPriority] == "10")
    }

    @Test func aQuietPresentationIsPassiveAndAMessageCarriesItsSenderForTheExtension() throws {
        let content = NotificationContent(
            title: "Mom", body: "Call me", sound: .default,
            communication: Communication(sender: .init(handle: "mom@example.com", displayName: "Mom"), conversationIdentifier: "family"))
        let quiet = try APNsNotification.alert(
            Self.delivered(content, presentation: Presentation(list: true, reasons: ["focus"])), centerID: "c", topic: "t",
            links: DeliveryLinks(responseToken: "wpr_x"), expires: Self.expires)
        let payload = try Self.json(quiet.payload)
        let aps = try #require(payload["aps"] as? [String: Any])
        #expect(aps["interruption-level"] as? String == "passive" && aps["sound"] == nil && quiet.headers[.apnsPriority] == "5")
        let communication = try #require((payload["usernotifyd"] as? [String: Any])?["communication"] as? [String: Any])
        #expect((communication["sender"] as? [String: Any])?["handle"] as? String == "mom@example.com")
        #expect(communication["conversationIdentifier"] as? String == "family")
        let shown = try APNsNotification.alert(
            Self.delivered(content), centerID: "c", topic: "t", links: DeliveryLinks(responseToken: "wpr_x"), expires: Self.expires)
        #expect((try Self.json(shown.payload)["aps"] as? [String: Any])?["interruption-level"] as? String == "active")
    }

    @Test func aPayloadTooLargeForAPNsLosesItsCustomKeysThenTheEndOfItsBody() throws {
        let content = NotificationContent(
            title: "Big", body: String(repeating: "word ", count: 1200), userInfo: ["blob": .string(String(repeating: "x", count: 3000))])
        let notification = try APNsNotification.alert(
            Self.delivered(content), centerID: "c", topic: "t", links: DeliveryLinks(responseToken: "wpr_x"), expires: Self.expires)
        #expect(notification.payload.count <= APNsNotification.maxPayload)
        let payload = try Self.json(notification.payload)
        #expect(payload["blob"] == nil && (payload["usernotifyd"] as? [String: String])?["responseToken"] == "wpr_x")
        let body = try #require(((payload["aps"] as? [String: Any])?["alert"] as? [String: Any])?["body"] as? String)
        #expect(body.hasPrefix("word word") && body.hasSuffix("…"))
    }

    @Test func fcmMessagesCarryStringDataAndShowByThemselvesOnlyWithoutActions() throws {
        let category = NotificationCategory(
            identifier: "TEA", actions: [NotificationAction(identifier: "DRINK", title: "Drink", options: [.foreground])])
        let content = NotificationContent(title: "Tea", body: "Ready", userInfo: ["orderID": .number(42)], categoryIdentifier: "TEA")
        let withActions = try Self.json(
            try FCMMessage.notification(
                Self.delivered(content), token: "tok", centerID: "c", category: category, links: DeliveryLinks(responseToken: "wpr_x"),
                expires: Self.expires, now: Self.date
            )
            .body)
        let message = try #require(withActions["message"] as? [String: Any])
        #expect(message["notification"] == nil && message["token"] as? String == "tok")
        let data = try #require(message["data"] as? [String: String])
        #expect(data["orderID"] == "42" && data["usernotifyd.title"] == "Tea" && data["usernotifyd.responseToken"] == "wpr_x")
        let actions = try JSONSerialization.jsonObject(with: Data((data["usernotifyd.actions"] ?? "").utf8)) as? [[String: Any]]
        #expect(actions?.first?["identifier"] as? String == "DRINK")
        let apnsHeaders = (message["apns"] as? [String: Any])?["headers"] as? [String: String]
        #expect(apnsHeaders?["apns-topic"] == nil && apnsHeaders?["apns-push-type"] == "alert", "FCM sets the topic")
        let plain = try Self.json(
            try FCMMessage.notification(
                Self.delivered(NotificationContent(title: "Tea")), token: "tok", centerID: "c", category: nil,
                links: DeliveryLinks(responseToken: "t", attachment: ("kettle", "/v1/web-push/attachments/wpa_k")),
                expires: Self.expires, now: Self.date
            ).body)
        #expect((plain["message"] as? [String: Any])?["notification"] as? [String: String] == ["title": "Tea"])
        // Not collapsible (FCM keeps four collapsible messages for an offline phone); shown under its identifier.
        for sent in [withActions, plain] {
            let android = (sent["message"] as? [String: Any])?["android"] as? [String: Any]
            #expect(android?["collapse_key"] == nil && android?["ttl"] as? String == "604800s")
        }
        #expect(
            (((plain["message"] as? [String: Any])?["android"] as? [String: Any])?["notification"] as? [String: Any])?["tag"] as? String
                == "tea")
        let plainData = (plain["message"] as? [String: Any])?["data"] as? [String: String]
        #expect(plainData?["usernotifyd.attachmentPath"] == "/v1/web-push/attachments/wpa_k")
        let apnsOurs = (((plain["message"] as? [String: Any])?["apns"] as? [String: Any])?["payload"] as? [String: Any])?["usernotifyd"]
        #expect(
            (apnsOurs as? [String: Any])?["attachment"] as? [String: String] == [
                "identifier": "kettle", "path": "/v1/web-push/attachments/wpa_k",
            ])
        let removal = try Self.json(
            try FCMMessage.removal(["a", "b"], token: "tok", centerID: "c", expires: Self.removalExpires, now: Self.date).body)
        #expect(((removal["message"] as? [String: Any])?["data"] as? [String: String])?["usernotifyd.identifiers"] == #"["a","b"]"#)
        // Kept for what is left of its lifetime: by FCM, and by APNs for an iOS app reached through FCM.
        #expect(((removal["message"] as? [String: Any])?["android"] as? [String: Any])?["ttl"] as? String == "3600s")
        let removalAPNs = ((removal["message"] as? [String: Any])?["apns"] as? [String: Any])?["headers"] as? [String: String]
        #expect(removalAPNs?["apns-expiration"] == String(1_800_000_000 + 3600))
    }

    @Test func eachAnswerMeansWhatAppleAndGoogleSay() {
        func apns(_ status: Int, _ reason: String? = nil, retryAfter: String? = nil) -> RelayAnswer {
            let body = reason.map { Array(#"{"reason":"\#($0)"}"#.utf8) } ?? []
            return RelayAnswer.apns(
                status: status, header: { $0 == "apns-id" ? "ID-1" : $0 == "retry-after" ? retryAfter : nil }, body: body)
        }
        #expect(apns(200) == .sent(messageID: "ID-1"))
        #expect(apns(410, "Unregistered") == .unregistered(reason: "Unregistered"))
        #expect(apns(400, "BadDeviceToken") == .unregistered(reason: "BadDeviceToken"))
        #expect(apns(403, "ExpiredProviderToken") == .expiredToken)
        #expect(apns(403, "InvalidProviderToken") == .rejected(reason: "403 InvalidProviderToken"))
        #expect(apns(429, "TooManyRequests", retryAfter: "30") == .retry(reason: "TooManyRequests", retryAfter: 30))
        #expect(apns(503, "ServiceUnavailable") == .retry(reason: "ServiceUnavailable", retryAfter: nil))
        #expect(apns(413, "PayloadTooLarge") == .rejected(reason: "413 PayloadTooLarge"))
        func fcm(_ status: Int, _ code: String?) -> RelayAnswer {
            let body =
                code.map { Array(#"{"error":{"code":\#(status),"status":"X","details":[{"errorCode":"\#($0)"}]}}"#.utf8) }
                ?? Array(#"{"name":"projects/p/messages/1"}"#.utf8)
            return RelayAnswer.fcm(status: status, header: { _ in nil }, body: body)
        }
        #expect(fcm(200, nil) == .sent(messageID: "projects/p/messages/1"))
        #expect(fcm(404, "UNREGISTERED") == .unregistered(reason: "UNREGISTERED"))
        #expect(fcm(403, "SENDER_ID_MISMATCH") == .unregistered(reason: "SENDER_ID_MISMATCH"))
        #expect(fcm(401, "THIRD_PARTY_AUTH_ERROR") == .expiredToken)
        #expect(fcm(503, "UNAVAILABLE") == .retry(reason: "UNAVAILABLE", retryAfter: nil))
        #expect(fcm(400, "INVALID_ARGUMENT") == .rejected(reason: "400 INVALID_ARGUMENT"))
    }
}
