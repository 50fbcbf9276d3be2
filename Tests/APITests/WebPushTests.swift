import Foundation
import InProcessHarness
import Synchronization
import TestSupport
import Testing

/// `Tests/Fixtures/PushService/push_service.py`: a push service on loopback that holds the browsers' keys,
/// checks VAPID and the headers of every push, decrypts it, and answers as each channel is scripted.
final class StandInPushService: Sendable {
    struct Channel: Sendable {
        var id: String
        var endpoint: String
        var p256dh: String
        var auth: String

        /// `PushSubscription.toJSON()` of this browser.
        var subscription: [String: Any] { ["endpoint": endpoint, "expirationTime": NSNull(), "keys": ["p256dh": p256dh, "auth": auth]] }
    }

    let process: ServerProcess
    let port: Int

    init() async throws {
        let root = ServerProcess.packageRoot
        process = try ServerProcess(
            executable: root.appendingPathComponent(".venv/bin/python"),
            arguments: [root.appendingPathComponent("Tests/Fixtures/PushService/push_service.py").path])
        guard let line = try await process.waitForLine(containing: "listening"), let port = Int(line.split(separator: " ").last ?? "")
        else { throw LoopbackConnection.Failure("the push service did not start: \(process.outputSoFar)") }
        self.port = port
    }

    var origin: String { "http://127.0.0.1:\(port)" }

    func channel(answers: [[String: Any]] = []) async throws -> Channel {
        let made = try await loopbackRequest(port: port, "POST", "/channels")
        let json = made.json
        let channel = Channel(
            id: json["id"] as? String ?? "", endpoint: json["endpoint"] as? String ?? "", p256dh: json["p256dh"] as? String ?? "",
            auth: json["auth"] as? String ?? "")
        if !answers.isEmpty {
            _ = try await loopbackRequest(
                port: port, "POST", "/channels/\(channel.id)/script", headers: ["Content-Type": "application/json"],
                body: Array(try JSONSerialization.data(withJSONObject: ["answers": answers])))
        }
        return channel
    }

    /// What the channel received, decrypted: `status` (as answered), `headers`, `length`, `payload`, `vapidKey`.
    func messages(_ channel: Channel) async throws -> [[String: Any]] {
        let response = try await loopbackRequest(port: port, "GET", "/channels/\(channel.id)/messages")
        return (try JSONSerialization.jsonObject(with: Data(response.body)) as? [[String: Any]]) ?? []
    }

    /// Pushes a browser would have dropped (bad VAPID, headers, encryption); none, in a passing test.
    func problems() async throws -> [String] {
        let response = try await loopbackRequest(port: port, "GET", "/problems")
        return (try JSONSerialization.jsonObject(with: Data(response.body)) as? [String]) ?? []
    }

    func stop() async throws {
        process.signal(SIGTERM)
        _ = try await process.waitForExit()
    }
}

/// Web Push end to end on the real binary: a subscription, a notification fired and pushed (VAPID,
/// headers and encryption checked by the stand-in, which decrypts it), the service worker's answer
/// becoming the app's signed `didReceive`, a close when the notification leaves the list, and what each
/// answer of a push service does.
@Suite struct WebPushTests {
    static func arguments(_ push: StandInPushService) -> [String] {
        WebhookTests.allowLoopback + ["--web-push-allowed-services", push.origin]
    }

    static func start(_ push: StandInPushService) async throws -> APIServer {
        try await APIServer(arguments: arguments(push))
    }

    static func subscribe(_ channel: StandInPushService.Channel, server: some TestAPI, token: String) async throws -> String {
        let answer = try await server.call("POST", "/v1/me/push-subscriptions", token: token, json: channel.subscription)
        #expect(answer.status == 201, "\(answer.text)")
        return try server.field("id", of: answer)
    }

    @Test func aPushDecryptsToTheNotificationAndItsAnswerIsTheAppsDidReceive() async throws {
        let push = try await StandInPushService()
        let receiver = try await WebhookReceiver(secrets: [WebhookTests.secret])
        try await InProcessApp.run(arguments: Self.arguments(push)) { server in
            let (_, key) = try await server.makeApp()
            let token = try await server.makeAuthorizedCenter("phone", key: key)
            _ = try await server.call(
                "PUT", "/v1/categories", token: key,
                json: [
                    "categories": [
                        [
                            "identifier": "TEA",
                            "actions": [["identifier": "DRINK", "title": "Drink"], ["identifier": "LATER", "title": "Later"]],
                        ]
                    ]
                ])
            _ = try await server.call(
                "PUT", "/v1/webhooks", token: key,
                json: ["delegateURL": receiver.url, "secrets": [WebhookTests.secret], "events": ["notification.response"]])
            let channel = try await push.channel()
            _ = try await Self.subscribe(channel, server: server, token: token)
            let otherChannel = try await push.channel()
            _ = try await Self.subscribe(otherChannel, server: server, token: token)
            let publicKey = try server.field("publicKey", of: try await server.call("GET", "/v1/web-push/key", token: token))

            let added = try await server.call(
                "POST", "/v1/centers/phone/requests", token: key,
                json: [
                    "identifier": "tea", "trigger": ["type": "timeInterval", "timeInterval": 60],
                    "content": [
                        "title": "Tea is ready", "body": "Steeped for 4 minutes.", "categoryIdentifier": "TEA",
                        "threadIdentifier": "kitchen",
                        "interruptionLevel": "timeSensitive",
                    ],
                ])
            #expect(added.status == 201, "\(added.text)")
            try await WebhookTests.advance(server, by: 60)
            try await WebhookTests.eventually("the pushes") {
                let (mine, other) = (try await push.messages(channel).count, try await push.messages(otherChannel).count)
                return mine == 1 && other == 1
            }
            let message = try #require(try await push.messages(channel).first)
            #expect(message["length"] as? Int == 4096, "padded: the length says nothing")
            #expect(message["vapidKey"] as? String == publicKey)
            let headers = try #require(message["headers"] as? [String: String])
            #expect(headers["TTL"] == "2419200" && headers["Urgency"] == "high" && headers["Topic"]?.count == 32)
            let payload = try #require(message["payload"] as? [String: Any])
            #expect(
                payload["kind"] as? String == "notification" && payload["tag"] as? String == "tea"
                    && payload["centerID"] as? String == "phone")
            #expect(payload["title"] as? String == "Tea is ready" && payload["body"] as? String == "Steeped for 4 minutes.")
            #expect(payload["thread"] as? String == "kitchen" && payload["requireInteraction"] as? Bool == true)
            #expect((payload["actions"] as? [[String: Any]])?.compactMap { $0["action"] as? String } == ["DRINK", "LATER"])
            let responseToken = try #require(payload["token"] as? String)

            // The worker posts the action with the token, and nothing else: the app's didReceive.
            let answered = try await server.call(
                "POST", "/v1/web-push/responses", token: nil, json: ["token": responseToken, "actionIdentifier": "DRINK"])
            #expect(answered.status == 200 && answered.json["forwardedToDelegate"] as? Bool == true, "\(answered.text)")
            try await WebhookTests.eventually("didReceive") { try await receiver.received().count == 1 }
            let call = try #require(try await receiver.received().first)
            let data = try #require((call["body"] as? [String: Any])?["data"] as? [String: Any])
            #expect(
                call["verifiedWith"] as? [Int] == [0] && data["actionIdentifier"] as? String == "DRINK"
                    && data["centerID"] as? String == "phone")
            // It left the list, so it closes on every other browser; the one that answered closed it itself.
            try await WebhookTests.advance(server, by: 0)
            try await WebhookTests.eventually("the close") { try await push.messages(otherChannel).count == 2 }
            let close = try #require(try await push.messages(otherChannel).last?["payload"] as? [String: Any])
            #expect(close["kind"] as? String == "close" && close["tags"] as? [String] == ["tea"])
            #expect(try await push.messages(channel).count == 1, "written in the response's change, or never")
            // Once only.
            let again = try await server.call(
                "POST", "/v1/web-push/responses", token: nil, json: ["token": responseToken, "actionIdentifier": "DRINK"])
            #expect(again.status == 403 && again.json["code"] as? String == "invalidResponseToken")
            let problems = try await push.problems()
            #expect(problems.isEmpty, "\(problems)")
        }
        try await receiver.stop()
        try await push.stop()
    }

    /// A response token answers once, also when the content extension keeps the notification up
    /// (`doNotDismiss`, which once let it answer again and again); a reply longer than a text-input action
    /// takes is refused with its own code and leaves the token unused.
    @Test func aTokenAnswersOnceThoughTheContentExtensionKeepsTheNotification() async throws {
        let push = try await StandInPushService()
        let receiver = try await WebhookReceiver(secrets: [WebhookTests.secret])
        try await receiver.setExtension("doNotDismiss")
        try await InProcessApp.run(arguments: Self.arguments(push)) { server in
            let (_, key) = try await server.makeApp()
            let token = try await server.makeAuthorizedCenter("phone", key: key)
            let categories: [String: Any] = [
                "categories": [
                    [
                        "identifier": "MESSAGE",
                        "actions": [["identifier": "REPLY", "title": "Reply", "textInput": ["buttonTitle": "Send", "placeholder": ""]]],
                    ]
                ]
            ]
            #expect(try await server.call("PUT", "/v1/categories", token: key, json: categories).status == 200)
            let configured = try await server.call(
                "PUT", "/v1/webhooks", token: key,
                json: [
                    "delegateURL": receiver.url, "secrets": [WebhookTests.secret], "events": ["notification.response"],
                    "contentExtensions": [["url": receiver.url, "categories": ["MESSAGE"], "timeout": 30]],
                ])
            #expect(configured.status == 200, "\(configured.text)")
            let channel = try await push.channel()
            _ = try await Self.subscribe(channel, server: server, token: token)
            let added = try await server.call(
                "POST", "/v1/centers/phone/requests", token: key,
                json: ["identifier": "m1", "content": ["title": "Anna", "body": "Lunch?", "categoryIdentifier": "MESSAGE"]])
            #expect(added.status == 201, "\(added.text)")
            try await WebhookTests.eventually("the push") { try await push.messages(channel).count == 1 }
            let payload = try #require(try await push.messages(channel).first?["payload"] as? [String: Any])
            let responseToken = try #require(payload["token"] as? String)
            func reply(_ text: String) async throws -> LoopbackResponse {
                try await server.call(
                    "POST", "/v1/web-push/responses", token: nil,
                    json: ["token": responseToken, "actionIdentifier": "REPLY", "userText": text])
            }
            let long = try await reply(String(repeating: "a", count: 4001))
            #expect(long.status == 422 && long.json["code"] as? String == "userTextTooLong", "\(long.text)")
            let kept = try await reply("On my way")
            #expect(kept.status == 200 && kept.json["removed"] as? Bool == false, "\(kept.text)")
            let again = try await reply("On my way")
            #expect(again.status == 403 && again.json["code"] as? String == "invalidResponseToken", "\(again.text)")
            #expect(
                (try await server.call("GET", "/v1/centers/phone/delivered", token: key).json["notifications"] as? [Any])?.count == 1,
                "still delivered: only the token is spent")
        }
        try await receiver.stop()
        try await push.stop()
    }

    /// A push endpoint is unique within its app: another app's center subscribing with it takes nothing
    /// from the owner, whose pushes keep arriving; a move within the app tells the center that lost it.
    @Test func anotherAppCannotTakeASubscriptionAndAMoveIsTold() async throws {
        let push = try await StandInPushService()
        let receiver = try await WebhookReceiver(secrets: [WebhookTests.secret])
        try await InProcessApp.run(arguments: Self.arguments(push)) { server in
            let (_, key) = try await server.makeApp()
            let (_, otherKey) = try await server.makeApp("Other")
            _ = try await server.call(
                "PUT", "/v1/webhooks", token: key,
                json: ["delegateURL": receiver.url, "secrets": [WebhookTests.secret], "events": ["webpush.subscription.removed"]])
            let owner = try await server.makeAuthorizedCenter("phone", key: key)
            let intruder = try await server.makeAuthorizedCenter("phone", key: otherKey)
            let channel = try await push.channel()
            let mine = try await Self.subscribe(channel, server: server, token: owner)
            _ = try await Self.subscribe(channel, server: server, token: intruder)
            let listed = try await server.call("GET", "/v1/me/push-subscriptions", token: owner).json["subscriptions"] as? [[String: Any]]
            #expect(listed?.compactMap { $0["id"] as? String } == [mine], "the owner keeps it")
            _ = try await server.call(
                "POST", "/v1/centers/phone/requests", token: key, json: ["identifier": "n", "content": ["title": "Still here"]])
            try await WebhookTests.eventually("the owner's push") {
                try await push.messages(channel).contains { ($0["payload"] as? [String: Any])?["title"] as? String == "Still here" }
            }
            // Another user signs in on the same browser for another center of the app: it moves, the loser hears.
            let other = try await server.makeAuthorizedCenter("tablet", key: key)
            _ = try await Self.subscribe(channel, server: server, token: other)
            try await WebhookTests.eventually("the move's event") { try await !receiver.received().isEmpty }
            let data = try #require((try await receiver.received().first?["body"] as? [String: Any])?["data"] as? [String: Any])
            #expect(
                data["centerID"] as? String == "phone" && data["subscriptionID"] as? String == mine && data["reason"] as? String == "moved")
        }
        try await receiver.stop()
        try await push.stop()
    }

    @Test func eachAnswerOfAPushServiceDoesWhatItMeans() async throws {
        let push = try await StandInPushService()
        let receiver = try await WebhookReceiver(secrets: [WebhookTests.secret])
        let server = try await Self.start(push)
        let (_, key) = try await server.makeApp()
        let token = try await server.makeAuthorizedCenter("phone", key: key)
        _ = try await server.call("PUT", "/v1/webhooks", token: key, json: ["delegateURL": receiver.url, "secrets": [WebhookTests.secret]])
        let gone = try await push.channel(answers: [["status": 410]])
        let busy = try await push.channel(answers: [["status": 429, "retryAfter": "3000"]])
        let small = try await push.channel(answers: [["status": 413]])
        let refused = try await push.channel(answers: [["status": 400]])
        let failing = try await push.channel(answers: [["status": 500]])
        var ids: [String: String] = [:]
        for (name, channel) in [("gone", gone), ("busy", busy), ("small", small), ("refused", refused), ("failing", failing)] {
            ids[name] = try await Self.subscribe(channel, server: server, token: token)
        }
        _ = try await server.call(
            "POST", "/v1/centers/phone/requests", token: key,
            json: ["identifier": "news", "content": ["title": "News", "body": String(repeating: "A long story. ", count: 100)]])
        try await WebhookTests.advance(server, by: 0)
        for channel in [gone, busy, small, refused, failing] {
            try await WebhookTests.eventually("the first push to \(channel.id)") { try await !push.messages(channel).isEmpty }
        }
        // 410: the subscription is gone, and the app hears of it.
        try await WebhookTests.eventually("webpush.subscription.removed") {
            try await receiver.received().contains { ($0["body"] as? [String: Any])?["type"] as? String == "webpush.subscription.removed" }
        }
        let listed = try await server.call("GET", "/v1/centers/phone/push-subscriptions", token: key)
        let remaining = Set((listed.json["subscriptions"] as? [[String: Any]] ?? []).compactMap { $0["id"] as? String })
        #expect(remaining == Set([ids["busy"], ids["small"], ids["refused"], ids["failing"]].compactMap { $0 }), "\(listed.text)")
        // 413: sent again at once, small and unpadded; 400: failed, not retried, the subscription kept.
        let resent = try await push.messages(small)
        #expect(resent.map { $0["status"] as? Int } == [413, 201] && (resent.last?["length"] as? Int ?? 4096) < 1200)
        #expect(((resent.last?["payload"] as? [String: Any])?["body"] as? String)?.hasSuffix("…") == true)
        // 500 retries after 5 s of real time, the virtual clock standing still (a push service counts real
        // time); 429 not before its Retry-After (3000 s, on either clock).
        try await WebhookTests.eventually("the retry in real time") { try await push.messages(failing).count == 2 }
        #expect(try await push.messages(failing).map { $0["status"] as? Int } == [500, 201])
        try await WebhookTests.advance(server, by: 6)
        #expect(try await push.messages(busy).count == 1, "not before Retry-After")
        try await WebhookTests.advance(server, by: 3000)
        #expect(try await push.messages(busy).map { $0["status"] as? Int } == [429, 201])
        try await WebhookTests.advance(server, by: 3600)
        #expect(try await push.messages(refused).count == 1, "a refusal is not retried")
        let outbox = try await WebhookTests.deliveries(server, key: key, destination: "browser").filter {
            $0["recipientID"] as? String == ids["refused"]
        }
        #expect(outbox.map { $0["status"] as? String } == ["failed"])
        // The five browsers share one lane: their push service's origin.
        let origin = try #require(URL(string: refused.endpoint).map { "\($0.scheme ?? "")://\($0.host ?? ""):\($0.port ?? 0)" })
        #expect(outbox.first?["url"] as? String == origin)
        // Counted by what each push service answered.
        let metrics = try await server.call("GET", "/metrics", token: APIServer.adminToken).text
        for line in [
            #"usernotifyd_web_push_attempts_total{outcome="gone"} 1"#, #"usernotifyd_web_push_attempts_total{outcome="too_large"} 1"#,
            #"usernotifyd_web_push_attempts_total{outcome="rejected"} 1"#, "# HELP usernotifyd_web_push_attempts_total ",
        ] {
            #expect(metrics.contains(line), "\(line)")
        }
        let problems = try await push.problems()
        #expect(problems.isEmpty, "\(problems)")
        try await server.stop()
        try await receiver.stop()
        try await push.stop()
    }
}
