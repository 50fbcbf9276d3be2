import Foundation
import TestSupport
import Testing

/// Receipts end to end on the real binary: a notification to a browser (the Web Push stand-in) and three
/// phones (the APNs and FCM stand-ins), one of them uninstalled (410); one phone confirms the display with
/// its push's token, the browser's user clicks an action, the Android phone says nothing; the receipts say
/// each stage per device with its time and provider id, for the app and the user, and still say it after
/// a restart.
@Suite struct ReceiptTests {
    static let shown = String(repeating: "0123456789abcdef", count: 4)
    static let uninstalled = String(repeating: "fedcba9876543210", count: 4)

    @Test func eachDeviceSaysHowFarTheNotificationGot() async throws {
        let push = try await StandInPushService()
        let providers = try await FakeProviders()
        let receiver = try await WebhookReceiver(secrets: [WebhookTests.secret])
        let arguments = WebPushTests.arguments(push) + providers.serverArguments
        let server = try await APIServer(arguments: arguments)
        let (_, key) = try await server.makeApp()
        let token = try await server.makeAuthorizedCenter("phone", key: key)
        _ = try await server.call(
            "PUT", "/v1/webhooks", token: key,
            json: ["delegateURL": receiver.url, "secrets": [WebhookTests.secret], "events": ["notification.displayed"]])
        var apns = try #require(try await providers.credentials()["apns"] as? [String: Any])
        apns["topic"] = "com.example.tea"
        apns["environment"] = "production"
        #expect(try await server.call("PUT", "/v1/relay/credentials/apns", token: key, json: apns).status == 200)
        let fcm = try #require(try await providers.credentials()["fcm"])
        #expect(try await server.call("PUT", "/v1/relay/credentials/fcm", token: key, json: ["serviceAccount": fcm]).status == 200)
        _ = try await server.call(
            "PUT", "/v1/categories", token: key,
            json: ["categories": [["identifier": "TEA", "actions": [["identifier": "DRINK", "title": "Drink"]]]]])
        let channel = try await push.channel()
        let browser = try await WebPushTests.subscribe(channel, server: server, token: token)
        try await providers.script("apns", token: Self.uninstalled, [["status": 410, "reason": "Unregistered"]])
        var phones: [String: String] = [:]
        for device in [Self.shown, Self.uninstalled] {
            let registered = try await server.call(
                "POST", "/v1/me/devices", token: token, json: ["provider": "apns", "token": device] as [String: Any])
            phones[device] = try server.field("id", of: registered)
        }
        let (shownID, goneID) = (try #require(phones[Self.shown]), try #require(phones[Self.uninstalled]))
        let android = try server.field(
            "id",
            of: try await server.call("POST", "/v1/me/devices", token: token, json: ["provider": "fcm", "token": RelayTests.fcmToken]))
        #expect(
            try await server.call("GET", "/v1/centers/phone/delivered/tea/receipts", token: key).json["code"] as? String
                == "notificationNotFound")

        let added = try await server.call(
            "POST", "/v1/centers/phone/requests", token: key,
            json: [
                "identifier": "tea", "trigger": ["type": "timeInterval", "timeInterval": 60],
                "content": ["title": "Tea is ready", "categoryIdentifier": "TEA"],
            ])
        #expect(added.status == 201, "\(added.text)")
        try await WebhookTests.advance(server, by: 60)
        try await WebhookTests.eventually("the push and the relays") {
            let pushed = try await push.messages(channel).count
            let relayed = try await providers.messages("apns", token: Self.shown).count
            let refused = try await providers.messages("apns", token: Self.uninstalled).count
            let toAndroid = try await providers.messages("fcm", token: RelayTests.fcmToken).count
            return pushed == 1 && relayed == 1 && refused == 1 && toAndroid == 1
        }
        // The phone shows it and confirms with its push's token; a second confirmation and a forged one are refused.
        let relayed = try #require(try await providers.messages("apns", token: Self.shown).first)
        let phoneToken = try #require(
            ((relayed["payload"] as? [String: Any])?["usernotifyd"] as? [String: Any])?["responseToken"] as? String)
        let confirmed = try await server.call("POST", "/v1/displays", token: nil, json: ["token": phoneToken])
        #expect(confirmed.status == 204, "\(confirmed.text)")
        let again = try await server.call("POST", "/v1/displays", token: nil, json: ["token": phoneToken])
        #expect(again.status == 409 && again.json["code"] as? String == "displayAlreadyConfirmed", "\(again.text)")
        let forged = try await server.call("POST", "/v1/displays", token: nil, json: ["token": phoneToken.dropLast(4) + "AAAA"])
        #expect(forged.status == 403 && forged.json["code"] as? String == "invalidResponseToken", "\(forged.text)")
        let unknownField = try await server.call("POST", "/v1/displays", token: nil, json: ["token": phoneToken, "at": 1])
        #expect(unknownField.status == 400 || unknownField.status == 422, "\(unknownField.text)")
        // The browser's user clicks the action (which the receipt records, and takes it off the list).
        let browserToken = try #require((try await push.messages(channel).first?["payload"] as? [String: Any])?["token"] as? String)
        let clicked = try await server.call(
            "POST", "/v1/web-push/responses", token: nil, json: ["token": browserToken, "actionIdentifier": "DRINK"])
        #expect(clicked.status == 200, "\(clicked.text)")
        try await WebhookTests.eventually("the refused relay recorded") {
            let receipts = try await server.call("GET", "/v1/centers/phone/delivered/tea/receipts", token: key)
            let devices = ((receipts.json["deliveries"] as? [[String: Any]])?.first?["devices"] as? [[String: Any]]) ?? []
            return devices.count == 4 && devices.filter { $0["stage"] as? String == "sent" }.count == 1
        }
        try await WebhookTests.eventually("notification.displayed") {
            try await receiver.received().contains { ($0["body"] as? [String: Any])?["type"] as? String == "notification.displayed" }
        }
        let displayed = try #require(
            try await receiver.received().first { ($0["body"] as? [String: Any])?["type"] as? String == "notification.displayed" })
        let data = try #require((displayed["body"] as? [String: Any])?["data"] as? [String: Any])
        #expect(
            data["identifier"] as? String == "tea" && data["destination"] as? String == shownID && data["centerID"] as? String == "phone")

        func check(_ receipts: LoopbackResponse) throws {
            #expect(receipts.status == 200, "\(receipts.text)")
            let deliveries = try #require(receipts.json["deliveries"] as? [[String: Any]])
            #expect(deliveries.count == 1)
            let delivery = try #require(deliveries.first)
            #expect(delivery["decision"] as? String == "presented" && delivery["scheduledAt"] as? String != nil)
            #expect(delivery["response"] as? String == "action" && delivery["action"] as? String == "DRINK")
            #expect(delivery["removedAt"] as? String != nil, "an action the category does not keep removes it")
            let devices = Dictionary(
                uniqueKeysWithValues: try #require(delivery["devices"] as? [[String: Any]]).map { ($0["id"] as? String ?? "", $0) })
            let onBrowser = try #require(devices[browser])
            #expect(onBrowser["kind"] as? String == "browser" && onBrowser["stage"] as? String == "action", "\(onBrowser)")
            #expect((onBrowser["providerMessageID"] as? String)?.contains("/messages/") == true, "the push service's Location")
            #expect(onBrowser["sentAt"] as? String != nil && onBrowser["respondedAt"] as? String != nil)
            let onPhone = try #require(devices[shownID])
            #expect(onPhone["kind"] as? String == "phone" && onPhone["stage"] as? String == "displayed", "\(onPhone)")
            #expect((onPhone["providerMessageID"] as? String)?.count == 36, "APNs' apns-id")
            #expect(onPhone["confirmation"] as? String == "confirmed" && onPhone["displayedAt"] as? String != nil)
            let gone = try #require(devices[goneID])
            #expect(gone["stage"] as? String == "unregistered" && gone["error"] as? String == "Unregistered", "\(gone)")
            #expect(gone["sentAt"] == nil && gone["confirmation"] == nil)
            // The Android phone took it, and has said nothing since: awaiting its confirmation.
            let onAndroid = try #require(devices[android])
            #expect(onAndroid["stage"] as? String == "sent" && onAndroid["confirmation"] as? String == "awaiting", "\(onAndroid)")
            #expect((onAndroid["providerMessageID"] as? String)?.hasPrefix("projects/") == true, "FCM's message name")
            #expect(delivery["counts"] as? [String: Int] == ["action": 1, "displayed": 1, "unregistered": 1, "sent": 1])
            let timeline = try #require(delivery["timeline"] as? [[String: Any]])
            let stages = timeline.compactMap { $0["stage"] as? String }
            #expect(stages.first == "scheduled" && stages.dropFirst().first == "fired", "\(stages)")
            for stage in ["sent", "unregistered", "displayed", "action", "removed"] { #expect(stages.contains(stage), "\(stage)") }
            let times = timeline.compactMap { $0["at"] as? String }
            #expect(times == times.sorted(), "in time order")
        }
        try check(try await server.call("GET", "/v1/centers/phone/delivered/tea/receipts", token: key))
        let mine = try await server.call("GET", "/v1/me/delivered/tea/receipts", token: token)
        try check(mine)
        // Another app's key reaches nothing of this center.
        let (_, other) = try await server.makeApp("Other")
        #expect(
            try await server.call("GET", "/v1/centers/phone/delivered/tea/receipts", token: other).json["code"] as? String
                == "centerNotFound")
        let metrics = try await server.call("GET", "/metrics", token: APIServer.adminToken).text
        for (stage, destination) in [
            ("fired", "center"), ("sent", "browser"), ("displayed", "phone"), ("unregistered", "phone"), ("removed", "center"),
            ("action", "browser"),
        ] {
            #expect(
                metrics.contains(#"usernotifyd_notifications_total{stage="\#(stage)",destination="\#(destination)"}"#),
                "\(stage) \(destination)")
        }
        let problems = try await providers.problems() + push.problems()
        #expect(problems.isEmpty, "\(problems)")

        // Durable: the same after a restart on the same data.
        try await server.stop()
        let restarted = try await APIServer(dataDirectory: server.dataDirectory, arguments: arguments)
        let kept = try await restarted.call("GET", "/v1/me/delivered/tea/receipts", token: token)
        try check(kept)
        #expect(
            ((kept.json["deliveries"] as? [[String: Any]])?.first?["timeline"] as? [[String: Any]])?.count
                == ((mine.json["deliveries"] as? [[String: Any]])?.first?["timeline"] as? [[String: Any]])?.count)
        try await restarted.stop()
        try await receiver.stop()
        try await providers.stop()
        try await push.stop()
    }
}
