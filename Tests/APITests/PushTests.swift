import Foundation
import InProcessHarness
import TestSupport
import Testing

/// APNs-format pushes over HTTP: push tokens, the `aps` mapping, every APNs error reason, collapse ids,
/// expiration for offline centers, background pushes, and mutable content through the service extension.
@Suite struct PushTests {
    struct Setup {
        let server: any TestAPI
        let appID: String
        let key: String
        let userToken: String
        let pushToken: String
    }

    static func setUp(_ server: some TestAPI) async throws -> Setup {
        let (appID, key) = try await server.makeApp()
        let userToken = try await server.makeAuthorizedCenter("phone", key: key)
        let pushToken = try server.field("token", of: try await server.call("GET", "/v1/centers/phone/push-token", token: key))
        return Setup(server: server, appID: appID, key: key, userToken: userToken, pushToken: pushToken)
    }

    /// POST /3/device/<token> with APNs headers (`apns-topic` is the app unless given) and a raw payload.
    static func push(
        _ setup: Setup, _ payload: Any?, token: String? = nil, headers: [String: String] = [:], raw: [UInt8]? = nil, key: String? = nil
    ) async throws -> LoopbackResponse {
        var all = ["apns-topic": setup.appID, "Content-Type": "application/json"].merging(headers) { _, new in new }
        let credential = key ?? setup.key
        if !credential.isEmpty { all["Authorization"] = "bearer \(credential)" }
        let body = try raw ?? payload.map { Array(try JSONSerialization.data(withJSONObject: $0)) } ?? []
        return try await setup.server.send("POST", "/3/device/\(token ?? setup.pushToken)", headers: all, body: body)
    }

    static func settle(_ server: some TestAPI) async throws {
        #expect(try await server.call("POST", "/v1/clock", token: testAdminToken, json: ["advanceBy": 0]).status == 200)
    }

    static func delivered(_ setup: Setup) async throws -> [[String: Any]] {
        try await setup.server.call("GET", "/v1/centers/phone/delivered", token: setup.key).json["notifications"] as? [[String: Any]] ?? []
    }

    static func content(_ notification: [String: Any]?) -> [String: Any] {
        ((notification?["request"] as? [String: Any])?["content"] as? [String: Any]) ?? [:]
    }

    @Test func tokensAreReadRotatedAndRetired() async throws {
        let started = Date()
        try await InProcessApp.run { server in
            let setup = try await Self.setUp(server)
            #expect(setup.pushToken.count == 64 && setup.pushToken.allSatisfy(\.isHexDigit))
            let rotated = try server.field(
                "token", of: try await server.call("POST", "/v1/centers/phone/push-token/rotate", token: setup.key))
            #expect(rotated != setup.pushToken && rotated.count == 64)
            let old = try await Self.push(setup, ["aps": ["alert": "hi"]])
            #expect(old.status == 410 && old.json["reason"] as? String == "Unregistered" && old.json["code"] as? String == "Unregistered")
            let timestamp = try #require(old.json["timestamp"] as? Int)
            // On the server's (virtual) clock, which started when it did: within this test's own span, however
            // long a loaded machine made it.
            #expect(
                (started.timeIntervalSince1970 - 1...Date().timeIntervalSince1970 + 1).contains(Double(timestamp) / 1000),
                "ms since the epoch, when the token was retired")
            #expect(old.header("Content-Type") == "application/problem+json")
            #expect(try await Self.push(setup, ["aps": ["alert": "hi"]], token: rotated).status == 200)

            // Another app knows nothing of this app's tokens or centers.
            let (otherApp, otherKey) = try await server.makeApp("Other")
            #expect(try await server.call("GET", "/v1/centers/phone/push-token", token: otherKey).status == 404)
            let foreign = try await Self.push(
                setup, ["aps": ["alert": "hi"]], token: rotated, headers: ["apns-topic": otherApp], key: otherKey)
            #expect(foreign.status == 400 && foreign.json["reason"] as? String == "BadDeviceToken")
            let foreignRetired = try await Self.push(setup, ["aps": ["alert": "hi"]], headers: ["apns-topic": otherApp], key: otherKey)
            #expect(foreignRetired.status == 400 && foreignRetired.json["reason"] as? String == "BadDeviceToken")

            #expect(try await server.call("DELETE", "/v1/centers/phone", token: setup.key).status == 204)
            let deleted = try await Self.push(setup, ["aps": ["alert": "hi"]], token: rotated)
            #expect(deleted.status == 410 && deleted.json["reason"] as? String == "Unregistered")
        }
    }

    @Test func everyApsKeyMapsToContent() async throws {
        try await InProcessApp.run { server in
            let setup = try await Self.setUp(server)
            _ = try await server.call("PUT", "/v1/localizations/en", token: setup.key, json: ["strings": ["GREETING": "Hello %@"]])
            let payload: [String: Any] = [
                "aps": [
                    "alert": [
                        "title": "Title", "subtitle": "Sub", "body": "Body", "launch-image": "launch.png",
                        "title-loc-key": "GREETING", "title-loc-args": ["Ann"],
                    ],
                    "badge": 7, "sound": ["critical": 1, "name": "alarm.caf", "volume": 0.5], "thread-id": "chat-1",
                    "category": "MESSAGE", "target-content-id": "window-2", "interruption-level": "time-sensitive",
                    "relevance-score": 0.75, "filter-criteria": "work", "mutable-content": 1, "content-available": 1,
                    "ignored-inside-aps": true,
                ],
                "conversation": 42, "from": ["name": "Ann"],
            ]
            let response = try await Self.push(setup, payload, headers: ["apns-id": "123E4567-E89B-12D3-A456-4266554400A0"])
            #expect(response.status == 200 && response.body.isEmpty, "\(response.text)")
            #expect(response.header("apns-id") == "123e4567-e89b-12d3-a456-4266554400a0")
            try await Self.settle(server)
            let notification = try #require(try await Self.delivered(setup).first)
            let request = notification["request"] as? [String: Any]
            #expect(request?["identifier"] as? String == "123e4567-e89b-12d3-a456-4266554400a0", "no collapse id: the apns-id")
            #expect((request?["trigger"] as? [String: Any])?["type"] as? String == "push")
            let content = Self.content(notification)
            #expect(content["title"] as? String == "Hello Ann", "title-loc-key resolved at delivery: \(content)")
            #expect(content["subtitle"] as? String == "Sub" && content["body"] as? String == "Body")
            #expect(content["launchImageName"] as? String == "launch.png" && content["badge"] as? Int == 7)
            let sound = content["sound"] as? [String: Any]
            #expect(
                sound?["type"] as? String == "critical" && sound?["name"] as? String == "alarm.caf" && sound?["volume"] as? Double == 0.5)
            #expect(content["threadIdentifier"] as? String == "chat-1" && content["categoryIdentifier"] as? String == "MESSAGE")
            #expect(
                content["targetContentIdentifier"] as? String == "window-2" && content["interruptionLevel"] as? String == "timeSensitive")
            #expect(content["relevanceScore"] as? Double == 0.75 && content["filterCriteria"] as? String == "work")
            #expect(content["mutableContent"] as? Bool == true)
            let userInfo = content["userInfo"] as? [String: Any]
            #expect(userInfo?["conversation"] as? Int == 42 && (userInfo?["from"] as? [String: Any])?["name"] as? String == "Ann")
            #expect(userInfo?["aps"] == nil && userInfo?["ignored-inside-aps"] == nil)
            #expect(try await server.call("GET", "/v1/me", token: setup.userToken).json["badge"] as? Int == 7)
            let pending = try await server.call("GET", "/v1/centers/phone/requests", token: setup.key).json["requests"] as? [Any]
            #expect(pending?.isEmpty == true, "a push is never a pending request")

            // A string alert is the body; "default" is the default sound.
            #expect(
                try await Self.push(setup, ["aps": ["alert": "Just a body", "sound": "default"]], headers: ["apns-collapse-id": "s"]).status
                    == 200)
            try await Self.settle(server)
            let simple = Self.content(
                try await Self.delivered(setup).first { ($0["request"] as? [String: Any])?["identifier"] as? String == "s" })
            #expect(simple["body"] as? String == "Just a body" && (simple["sound"] as? [String: Any])?["type"] as? String == "default")
        }
    }

    @Test func eachAPNsErrorReason() async throws {
        let server = try await APIServer()
        let setup = try await Self.setUp(server)
        let alert: [String: Any] = ["aps": ["alert": "hi"]]
        let silent: [String: Any] = ["aps": ["content-available": 1]]
        func expect(_ response: LoopbackResponse, _ status: Int, _ reason: String, sourceLocation: SourceLocation = #_sourceLocation) {
            #expect(response.status == status, "\(reason): \(response.status) \(response.text)", sourceLocation: sourceLocation)
            #expect(response.json["reason"] as? String == reason, "\(response.text)", sourceLocation: sourceLocation)
            #expect(response.json["code"] as? String == reason, sourceLocation: sourceLocation)
            #expect((response.json["detail"] as? String)?.isEmpty == false, sourceLocation: sourceLocation)
        }
        expect(try await Self.push(setup, alert, token: "abc"), 400, "BadDeviceToken")
        expect(try await Self.push(setup, alert, token: String(repeating: "0", count: 64)), 400, "BadDeviceToken")
        expect(try await Self.push(setup, nil), 400, "PayloadEmpty")
        let padding = String(repeating: "x", count: 4096 - 27)
        let exactly = Array("{\"aps\":{\"alert\":\"\"},\"p\":\"\(padding)\"}".utf8)
        #expect(exactly.count == 4096)
        #expect(try await Self.push(setup, nil, raw: exactly).status == 200, "4096 bytes is allowed")
        expect(try await Self.push(setup, nil, raw: Array("{\"aps\":{\"alert\":\"\"},\"p\":\"\(padding)x\"}".utf8)), 413, "PayloadTooLarge")
        expect(try await Self.push(setup, alert, headers: ["apns-collapse-id": String(repeating: "c", count: 65)]), 400, "BadCollapseId")
        #expect(try await Self.push(setup, alert, headers: ["apns-collapse-id": String(repeating: "c", count: 64)]).status == 200)
        expect(try await Self.push(setup, alert, headers: ["apns-priority": "7"]), 400, "BadPriority")
        expect(try await Self.push(setup, silent, headers: ["apns-push-type": "background", "apns-priority": "10"]), 400, "BadPriority")
        expect(try await Self.push(setup, alert, headers: ["apns-expiration": "tomorrow"]), 400, "BadExpirationDate")
        expect(try await Self.push(setup, alert, headers: ["apns-expiration": "-1"]), 400, "BadExpirationDate")
        expect(try await Self.push(setup, alert, headers: ["apns-topic": "com.example.other"]), 400, "TopicDisallowed")
        var noTopic = try await loopbackRequest(
            port: server.port, "POST", "/3/device/\(setup.pushToken)", headers: ["Authorization": "bearer \(setup.key)"],
            body: Array("{\"aps\":{\"alert\":\"hi\"}}".utf8))
        expect(noTopic, 400, "MissingTopic")
        expect(try await Self.push(setup, alert, headers: ["apns-id": "not-a-uuid"]), 400, "BadMessageId")
        let twice = try await LoopbackConnection.open(port: server.port)
        try await twice.send(
            "POST /3/device/\(setup.pushToken) HTTP/1.1\r\nHost: x\r\nAuthorization: bearer \(setup.key)\r\napns-topic: \(setup.appID)\r\n"
                + "apns-priority: 10\r\napns-priority: 5\r\nContent-Length: 21\r\n\r\n{\"aps\":{\"alert\":\"x\"}}")
        expect(try await twice.readResponse(), 400, "DuplicateHeaders")
        twice.close()
        expect(try await Self.push(setup, alert, headers: ["apns-push-type": "voip"]), 400, "InvalidPushType")
        expect(try await Self.push(setup, alert, headers: ["apns-push-type": "carrier-pigeon"]), 400, "InvalidPushType")
        expect(try await Self.push(setup, alert, headers: ["apns-push-type": "background"]), 400, "InvalidPushType")
        expect(try await Self.push(setup, silent, headers: ["apns-push-type": "alert"]), 400, "InvalidPushType")
        expect(try await Self.push(setup, nil, raw: Array("[1,2]".utf8)), 400, "BadPayload")
        expect(try await Self.push(setup, ["notaps": 1]), 400, "BadPayload")
        expect(try await Self.push(setup, ["aps": ["badge": "seven"]]), 400, "BadPayload")
        expect(try await Self.push(setup, ["aps": ["interruption-level": "loud"]]), 400, "BadPayload")
        expect(try await Self.push(setup, ["aps": ["relevance-score": 3]]), 400, "BadPayload")
        expect(try await Self.push(setup, alert, key: ""), 403, "MissingProviderToken")
        expect(try await Self.push(setup, alert, key: "unk_nope_nope"), 403, "InvalidProviderToken")
        noTopic = try await Self.push(setup, alert, key: setup.userToken)
        expect(noTopic, 403, "InvalidProviderToken")
        try await server.stop()
    }

    @Test func aCollapseIDReplacesTheEarlierPush() async throws {
        try await InProcessApp.run { server in
            let setup = try await Self.setUp(server)
            let first = try await Self.push(setup, ["aps": ["alert": "Score 1-0"]], headers: ["apns-collapse-id": "match-7"])
            try await Self.settle(server)
            let second = try await Self.push(setup, ["aps": ["alert": "Score 2-0"]], headers: ["apns-collapse-id": "match-7"])
            try await Self.settle(server)
            #expect(first.status == 200 && second.status == 200 && first.header("apns-id") != second.header("apns-id"))
            let notifications = try await Self.delivered(setup)
            #expect(notifications.count == 1, "one notification, replaced: \(notifications)")
            #expect(Self.content(notifications.first)["body"] as? String == "Score 2-0")
            #expect((notifications.first?["request"] as? [String: Any])?["identifier"] as? String == "match-7")
        }
    }

    @Test func anOfflineCenterGetsTheLatestUnexpiredPushWhenItComesBack() async throws {
        try await InProcessApp.run { server in
            let setup = try await Self.setUp(server)
            func setOnline(_ online: Bool) async throws {
                #expect(try await server.call("PATCH", "/v1/me/state", token: setup.userToken, json: ["online": online]).status == 200)
                try await Self.settle(server)
            }
            let clock = try await server.call("GET", "/v1/clock", token: testAdminToken)
            let now = try #require(ISO8601DateFormatter.withFractions.date(from: try server.field("now", of: clock)))
            let epoch = Int(now.timeIntervalSince1970)

            // apns-expiration 0: one attempt, not kept.
            try await setOnline(false)
            #expect(try await Self.push(setup, ["aps": ["alert": "now or never"]], headers: ["apns-expiration": "0"]).status == 200)
            try await setOnline(true)
            #expect(try await Self.delivered(setup).isEmpty)

            // Kept until its expiration; only the latest is kept.
            try await setOnline(false)
            #expect(try await Self.push(setup, ["aps": ["alert": "first"]], headers: ["apns-expiration": "\(epoch + 3600)"]).status == 200)
            #expect(try await Self.push(setup, ["aps": ["alert": "second"]], headers: ["apns-expiration": "\(epoch + 3600)"]).status == 200)
            try await Self.settle(server)
            #expect(try await Self.delivered(setup).isEmpty, "offline: nothing delivered yet")
            try await setOnline(true)
            let kept = try await Self.delivered(setup)
            #expect(kept.count == 1 && Self.content(kept.first)["body"] as? String == "second", "\(kept)")

            // Expired while offline: dropped.
            _ = try await server.call("POST", "/v1/centers/phone/delivered/remove-all", token: setup.key)
            try await setOnline(false)
            #expect(try await Self.push(setup, ["aps": ["alert": "stale"]], headers: ["apns-expiration": "\(epoch + 60)"]).status == 200)
            #expect(try await server.call("POST", "/v1/clock", token: testAdminToken, json: ["advanceBy": 120]).status == 200)
            try await setOnline(true)
            #expect(try await Self.delivered(setup).isEmpty)
        }
    }

    @Test func aBackgroundPushGoesToTheAppNotTheUser() async throws {
        try await InProcessApp.run(arguments: WebhookTests.allowLoopback) { server in
            let receiver = try await WebhookReceiver(secrets: [WebhookTests.secret])
            let setup = try await Self.setUp(server)
            let configured = try await server.call(
                "PUT", "/v1/webhooks", token: setup.key,
                json: ["delegateURL": receiver.url, "secrets": [WebhookTests.secret], "events": ["push.background"]])
            #expect(configured.status == 200, "\(configured.text)")
            let response = try await Self.push(
                setup, ["aps": ["content-available": 1], "sync": "inbox"], headers: ["apns-push-type": "background", "apns-priority": "5"])
            #expect(response.status == 200, "\(response.text)")
            try await WebhookTests.eventually("the background push at the delegate") { try await !receiver.received().isEmpty }
            let call = try #require(try await receiver.received().first)
            let body = call["body"] as? [String: Any]
            #expect(body?["type"] as? String == "push.background" && call["verifiedWith"] as? [Int] == [0])
            let request = (body?["data"] as? [String: Any])?["request"] as? [String: Any]
            #expect(((request?["content"] as? [String: Any])?["userInfo"] as? [String: Any])?["sync"] as? String == "inbox")
            try await Self.settle(server)
            #expect(try await Self.delivered(setup).isEmpty, "not presented")
            try await receiver.stop()
        }
    }

    @Test func mutableContentGoesThroughTheServiceExtensionWhichMayAttachMedia() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("push-media-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        _ = FileManager.default.createFile(atPath: directory + "/photo.jpg", contents: Data(MediaSamples.jpeg()))
        let files = try await AttachmentTests.FileServer(directory: directory)
        try await InProcessApp.run(arguments: WebhookTests.allowLoopback) { server in
            let receiver = try await WebhookReceiver(secrets: [WebhookTests.secret])
            let setup = try await Self.setUp(server)
            // The longest deadline: neither case is about missing it (on a loaded machine 2 s was missed).
            _ = try await server.call(
                "PUT", "/v1/webhooks", token: setup.key,
                json: ["secrets": [WebhookTests.secret], "serviceExtension": ["url": receiver.url, "timeout": 30]])
            try await receiver.setService("attach:http://127.0.0.1:\(files.port)/photo.jpg")
            let mutable: [String: Any] = ["aps": ["alert": ["title": "Original"], "mutable-content": 1]]
            #expect(try await Self.push(setup, mutable, headers: ["apns-collapse-id": "photo"]).status == 200)
            try await Self.settle(server)
            let changed = try #require(try await Self.delivered(setup).first)
            let content = Self.content(changed)
            #expect(content["title"] as? String == "Attached", "\(content)")
            let attachment = (content["attachments"] as? [[String: Any]])?.first
            #expect(attachment?["type"] as? String == "public.jpeg")
            let download = try await server.send(
                "GET", "/v1/me/delivered/photo/attachments/img", headers: ["Authorization": "Bearer \(setup.userToken)"])
            #expect(download.status == 200 && download.body == MediaSamples.jpeg())

            // An attachment that cannot be fetched: the original content, as with any invalid change.
            try await receiver.setService("attach:http://127.0.0.1:\(files.port)/missing.jpg")
            #expect(try await Self.push(setup, mutable, headers: ["apns-collapse-id": "broken"]).status == 200)
            try await Self.settle(server)
            let original = try await Self.delivered(setup).first { ($0["request"] as? [String: Any])?["identifier"] as? String == "broken" }
            #expect(Self.content(original)["title"] as? String == "Original")
            try await receiver.stop()
        }
        try await files.stop()
    }
}

extension ISO8601DateFormatter {
    static var withFractions: ISO8601DateFormatter {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return formatter
    }
}
