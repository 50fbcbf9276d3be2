import Foundation
import InProcessHarness
import TestSupport
import Testing

/// The delegate's asynchronous side end to end: real usernotifyd, real receivers on loopback that verify
/// every signature with the official `standardwebhooks` library, the virtual clock for the retry schedule.
@Suite struct WebhookTests {
    static let secret = "whsec_" + Data((0..<32).map { UInt8($0) }).base64EncodedString()
    static let otherSecret = "whsec_" + Data((0..<32).map { UInt8(255 - $0) }).base64EncodedString()
    static let defaultAction = "com.apple.UNNotificationDefaultActionIdentifier"
    static let allowLoopback = ["--webhook-allow-networks", "127.0.0.0/8"]

    /// A server that may call loopback, an app with webhooks to `receiver`, and an authorized center
    /// "phone" with a delivered notification "m1"; returns (key, center token).
    static func setUp(
        _ server: some TestAPI, receiverURL: String, secrets: [String] = [secret], events: [String] = ["notification.response"]
    ) async throws -> (String, String) {
        let (_, key) = try await server.makeApp()
        let token = try await server.makeAuthorizedCenter("phone", key: key)
        let configured = try await server.call(
            "PUT", "/v1/webhooks", token: key, json: ["delegateURL": receiverURL, "secrets": secrets, "events": events])
        #expect(configured.status == 200, "\(configured.text)")
        try await addDelivered("m1", server: server, key: key)
        return (key, token)
    }

    static func addDelivered(_ identifier: String, server: some TestAPI, key: String) async throws {
        let added = try await server.call(
            "POST", "/v1/centers/phone/requests", token: key, json: ["identifier": identifier, "content": ["title": "Hi"]])
        #expect(added.status == 201, "\(added.text)")
    }

    static func respond(_ identifier: String, server: some TestAPI, token: String, action: String = defaultAction) async throws {
        let response = try await server.call(
            "POST", "/v1/me/delivered/\(identifier)/response", token: token, json: ["actionIdentifier": action])
        #expect(response.status == 200, "\(response.text)")
    }

    /// Polls until `condition` holds (the dispatcher works on its own); fails after `seconds`, a bound
    /// for a broken build rather than a timing (an attempt at a port that refuses takes the 5 s connect
    /// timeout, since the HTTP client retries connecting until then; a loaded CI machine adds to it).
    static func eventually(_ what: String, seconds: Double = 60, _ condition: () async throws -> Bool) async throws {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if try await condition() { return }
            try await Task.sleep(for: .milliseconds(20))
        }
        Issue.record("timed out waiting for \(what)")
    }

    /// The app's outbox messages (to one destination, if given).
    static func deliveries(_ server: some TestAPI, key: String, destination: String? = nil) async throws -> [[String: Any]] {
        let query = destination.map { "?destination=\($0)" } ?? ""
        return try await server.call("GET", "/v1/webhooks/deliveries" + query, token: key).json["deliveries"] as? [[String: Any]] ?? []
    }

    /// Moves the virtual clock; returns once everything due has fired and the dispatcher has attempted
    /// (and recorded) every message due, so that what has not arrived by then will not.
    static func advance(_ server: some TestAPI, by seconds: Double) async throws {
        #expect(try await server.call("POST", "/v1/clock", token: testAdminToken, json: ["advanceBy": seconds]).status == 200)
    }

    @Test func aResponseReachesTheDelegateSignedAndVerifiedByTheOfficialLibrary() async throws {
        try await InProcessApp.run(arguments: Self.allowLoopback) { server in
            let receiver = try await WebhookReceiver(secrets: [Self.secret])
            let (key, token) = try await Self.setUp(server, receiverURL: receiver.url)
            try await Self.respond("m1", server: server, token: token)
            try await Self.eventually("the call") { try await receiver.received().count == 1 }
            let call = try #require(try await receiver.received().first)
            #expect(call["verifiedWith"] as? [Int] == [0])
            #expect((call["id"] as? String)?.hasPrefix("msg_") == true)
            let body = try #require(call["body"] as? [String: Any])
            #expect(body["type"] as? String == "notification.response")
            let data = try #require(body["data"] as? [String: Any])
            #expect(data["centerID"] as? String == "phone")
            #expect(data["actionIdentifier"] as? String == Self.defaultAction)
            #expect(((data["notification"] as? [String: Any])?["request"] as? [String: Any])?["identifier"] as? String == "m1")
            try await Self.eventually("delivered") {
                try await Self.deliveries(server, key: key).first?["status"] as? String == "delivered"
            }
            let delivery = try #require(try await Self.deliveries(server, key: key).first)
            #expect(delivery["id"] as? String == call["id"] as? String)
            #expect(delivery["attemptCount"] as? Int == 1)
            try await receiver.stop()
        }
    }

    @Test func duringRotationEverySecretSigns() async throws {
        try await InProcessApp.run(arguments: Self.allowLoopback) { server in
            // The receiver already knows only the new secret, and one it was never given.
            let unrelated = "whsec_" + Data(repeating: 7, count: 32).base64EncodedString()
            let receiver = try await WebhookReceiver(secrets: [Self.otherSecret, unrelated])
            let (key, token) = try await Self.setUp(server, receiverURL: receiver.url, secrets: [Self.secret, Self.otherSecret])
            try await Self.respond("m1", server: server, token: token)
            try await Self.eventually("the call") { try await receiver.received().count == 1 }
            let first = try #require(try await receiver.received().first)
            #expect(first["verifiedWith"] as? [Int] == [0], "the new secret verifies, an unknown one does not")
            #expect((first["signature"] as? String)?.split(separator: " ").count == 2, "one v1 signature per secret")
            // Secrets are write-only: the settings show ids and prefixes, never a secret.
            let shown = try await server.call("GET", "/v1/webhooks", token: key)
            #expect(!shown.text.contains(Self.secret) && !shown.text.contains(Self.otherSecret))
            let ids = try #require((shown.json["secrets"] as? [[String: Any]])?.compactMap { $0["id"] as? String })
            #expect(ids.count == 2 && ids.allSatisfy { $0.hasPrefix("whsk_") })
            #expect((shown.json["secrets"] as? [[String: Any]])?.first?["prefix"] as? String == String(Self.secret.prefix(10)))
            // The old secret retired by keeping only the new one's id: still verified.
            let retired = try await server.call(
                "PUT", "/v1/webhooks", token: key,
                json: ["delegateURL": receiver.url, "secrets": [ids[1]], "events": ["notification.response"]])
            #expect(retired.status == 200)
            #expect((retired.json["secrets"] as? [[String: Any]])?.compactMap { $0["id"] as? String } == [ids[1]])
            // Settings without `secrets` keep the ones set.
            let kept = try await server.call(
                "PUT", "/v1/webhooks", token: key, json: ["delegateURL": receiver.url, "events": ["notification.response"]])
            #expect((kept.json["secrets"] as? [[String: Any]])?.compactMap { $0["id"] as? String } == [ids[1]], "\(kept.text)")
            try await Self.addDelivered("m2", server: server, key: key)
            try await Self.respond("m2", server: server, token: token)
            try await Self.eventually("the second call") { try await receiver.received().count == 2 }
            #expect(try await receiver.received().last?["verifiedWith"] as? [Int] == [0])
            try await receiver.stop()
        }
    }

    @Test func failuresAreRetriedOnTheScheduleWithTheSameIDAndFreshSignatures() async throws {
        try await InProcessApp.run(arguments: Self.allowLoopback) { server in
            let receiver = try await WebhookReceiver(secrets: [Self.secret], mode: "fail:2")
            let (key, token) = try await Self.setUp(server, receiverURL: receiver.url)
            try await Self.respond("m1", server: server, token: token)
            try await Self.eventually("attempt 1") { try await receiver.received().count == 1 }
            try await Self.eventually("attempt 1 recorded") {
                try await Self.deliveries(server, key: key).first?["attemptCount"] as? Int == 1
            }
            #expect(try await Self.deliveries(server, key: key).first?["status"] as? String == "pending")
            try await Self.advance(server, by: 6)  // 5 s ± 10 %
            try await Self.eventually("attempt 2") { try await receiver.received().count == 2 }
            try await Self.eventually("attempt 2 recorded") {
                try await Self.deliveries(server, key: key).first?["attemptCount"] as? Int == 2
            }
            try await Self.advance(server, by: 331)  // 5 min ± 10 %
            try await Self.eventually("attempt 3") { try await receiver.received().count == 3 }
            try await Self.eventually("delivered") {
                try await Self.deliveries(server, key: key).first?["status"] as? String == "delivered"
            }
            let calls = try await receiver.received()
            #expect(Set(calls.compactMap { $0["id"] as? String }).count == 1, "one webhook-id for every attempt")
            #expect(calls.allSatisfy { $0["verifiedWith"] as? [Int] == [0] })
            #expect(calls.map { $0["status"] as? Int } == [500, 500, 200])
            let id = try #require(calls.first?["id"] as? String)
            let detail = try await server.call("GET", "/v1/webhooks/deliveries/\(id)", token: key).json
            #expect((detail["attempts"] as? [[String: Any]])?.map { $0["statusCode"] as? Int } == [500, 500, 200])
            try await receiver.stop()
        }
    }

    @Test func goneDisablesTheEndpointUntilTheAppReEnablesIt() async throws {
        try await InProcessApp.run(arguments: Self.allowLoopback) { server in
            let receiver = try await WebhookReceiver(secrets: [Self.secret], mode: "gone")
            let (key, token) = try await Self.setUp(server, receiverURL: receiver.url)
            try await Self.respond("m1", server: server, token: token)
            try await Self.eventually("the endpoint disabled") {
                try await server.call("GET", "/v1/webhooks", token: key).json["disabledEndpoints"] as? [String] == [receiver.url]
            }
            try await Self.addDelivered("m2", server: server, key: key)
            try await Self.respond("m2", server: server, token: token)
            try await Self.advance(server, by: 60)
            #expect(try await receiver.received().count == 1, "nothing goes to a disabled endpoint")
            #expect(try await Self.deliveries(server, key: key).allSatisfy { $0["status"] as? String == "pending" })
            try await receiver.setMode("ok")
            let enabled = try await server.call("POST", "/v1/webhooks/endpoints/enable", token: key, json: ["url": receiver.url])
            #expect(enabled.status == 200 && enabled.json["disabledEndpoints"] as? [String] == [])
            try await Self.eventually("both delivered") {
                try await Self.deliveries(server, key: key).allSatisfy { $0["status"] as? String == "delivered" }
            }
            #expect(try await receiver.received().count == 3)
            #expect(try await server.call("POST", "/v1/webhooks/endpoints/enable", token: key, json: ["url": receiver.url]).status == 404)
            try await receiver.stop()
        }
    }

    @Test func abortMessageStopsRetriesAndReplaySendsAgain() async throws {
        try await InProcessApp.run(arguments: Self.allowLoopback) { server in
            let receiver = try await WebhookReceiver(secrets: [Self.secret], mode: "abort")
            let (key, token) = try await Self.setUp(server, receiverURL: receiver.url)
            try await Self.respond("m1", server: server, token: token)
            try await Self.eventually("aborted") { try await Self.deliveries(server, key: key).first?["status"] as? String == "aborted" }
            try await Self.advance(server, by: 3600)
            #expect(try await receiver.received().count == 1)
            try await receiver.setMode("ok")
            let id = try #require(try await Self.deliveries(server, key: key).first?["id"] as? String)
            #expect(try await server.call("POST", "/v1/webhooks/deliveries/\(id)/replay", token: key).status == 202)
            try await Self.eventually("delivered on replay") {
                try await Self.deliveries(server, key: key).first?["status"] as? String == "delivered"
            }
            #expect(try await receiver.received().map { $0["id"] as? String } == [id, id])
            #expect(try await server.call("POST", "/v1/webhooks/deliveries/msg_nope/replay", token: key).status == 404)
            try await receiver.stop()
        }
    }

    @Test func redirectsAreNotFollowed() async throws {
        try await InProcessApp.run(arguments: Self.allowLoopback) { server in
            let receiver = try await WebhookReceiver(secrets: [Self.secret], mode: "redirect")
            let (key, token) = try await Self.setUp(server, receiverURL: receiver.url)
            try await Self.respond("m1", server: server, token: token)
            try await Self.eventually("attempt 1 recorded") {
                try await Self.deliveries(server, key: key).first?["attemptCount"] as? Int == 1
            }
            // The clock's move returns once the dispatcher has attempted everything due and settled.
            try await Self.advance(server, by: 0)
            #expect(try await receiver.received().count == 1, "a 302 is a failed attempt, not a second call")
            let delivery = try #require(try await Self.deliveries(server, key: key).first)
            #expect(delivery["status"] as? String == "pending")
            try await receiver.stop()
        }
    }

    @Test func retryAfterIsHonoured() async throws {
        try await InProcessApp.run(arguments: Self.allowLoopback) { server in
            let receiver = try await WebhookReceiver(secrets: [Self.secret], mode: "retry-after:120")
            let (key, token) = try await Self.setUp(server, receiverURL: receiver.url)
            try await Self.respond("m1", server: server, token: token)
            try await Self.eventually("attempt 1 recorded") {
                try await Self.deliveries(server, key: key).first?["attemptCount"] as? Int == 1
            }
            try await Self.advance(server, by: 10)
            #expect(try await receiver.received().count == 1, "not before Retry-After, though the schedule says 5 s")
            try await Self.advance(server, by: 111)
            try await Self.eventually("delivered") {
                try await Self.deliveries(server, key: key).first?["status"] as? String == "delivered"
            }
            try await receiver.stop()
        }
    }

    @Test func aMessageForAReceiverThatIsDownArrivesOnceAfterARestart() async throws {
        let first = try await APIServer(arguments: Self.allowLoopback)
        var receiver = try await WebhookReceiver(secrets: [Self.secret])
        let port = receiver.port
        let url = receiver.url
        try await receiver.stop()  // down
        let (key, token) = try await Self.setUp(first, receiverURL: url)
        try await Self.respond("m1", server: first, token: token)
        try await Self.eventually("a failed attempt") { try await Self.deliveries(first, key: key).first?["attemptCount"] as? Int == 1 }
        try await first.stop()

        receiver = try await WebhookReceiver(secrets: [Self.secret], port: port)
        let second = try await APIServer(dataDirectory: first.dataDirectory, arguments: Self.allowLoopback)
        try await Self.advance(second, by: 6)
        try await Self.eventually("delivered after the restart") {
            try await Self.deliveries(second, key: key).first?["status"] as? String == "delivered"
        }
        try await Self.advance(second, by: 86_400)
        let calls = try await receiver.received()
        #expect(calls.count == 1, "exactly once: \(calls.map { $0["id"] ?? "" })")
        #expect(calls.first?["verifiedWith"] as? [Int] == [0])
        try await receiver.stop()
        try await second.stop()
    }

    @Test func theUsersOtherActsReachTheDelegate() async throws {
        try await InProcessApp.run(arguments: Self.allowLoopback) { server in
            let receiver = try await WebhookReceiver(secrets: [Self.secret])
            let (_, key) = try await server.makeApp()
            let token = try server.field("token", of: try await server.call("POST", "/v1/centers", token: key, json: ["id": "phone"]))
            #expect(
                try await server.call("PUT", "/v1/webhooks", token: key, json: ["delegateURL": receiver.url, "secrets": [Self.secret]])
                    .status
                    == 200)
            _ = try await server.call("POST", "/v1/centers/phone/authorization", token: key, json: ["options": ["alert", "sound"]])
            _ = try await server.call("POST", "/v1/me/authorization", token: token, json: ["allowed": true])
            _ = try await server.call("PATCH", "/v1/me/settings", token: token, json: ["soundSetting": "disabled"])
            try await Self.addDelivered("m1", server: server, key: key)
            try await Self.respond("m1", server: server, token: token, action: "com.apple.UNNotificationDismissActionIdentifier")
            try await Self.eventually("three events") { try await receiver.received().count == 3 }
            let types = try await receiver.received().compactMap { ($0["body"] as? [String: Any])?["type"] as? String }
            #expect(
                Set(types) == ["authorization.changed", "settings.changed", "notification.removed"],
                "dismiss is no response without customDismissAction")
            try await receiver.stop()
        }
    }

    @Test(arguments: [
        ("http://127.0.0.1:9/hook", "webhookURLRefused", "loopback"),
        ("http://10.1.2.3/hook", "webhookURLRefused", "private"),
        ("http://169.254.169.254/latest", "webhookURLRefused", "link-local"),
        ("http://[::1]:9/hook", "webhookURLRefused", "loopback"),
        ("http://0.0.0.0/hook", "webhookURLRefused", "unspecified"),
        ("http://[::ffff:127.0.0.1]/hook", "webhookURLRefused", "loopback"),
        ("http://[::127.0.0.1]/hook", "webhookURLRefused", "loopback"),
        ("http://[64:ff9b::a9fe:a9fe]/latest", "webhookURLRefused", "link-local"),
        ("http://[2002:a9fe:a9fe::1]/latest", "webhookURLRefused", "link-local"),
        ("http://198.18.0.1/hook", "webhookURLRefused", "benchmarking"),
        ("http://192.0.0.1/hook", "webhookURLRefused", "protocol-assignment"),
        ("http://localhost:9/hook", "webhookURLRefused", "loopback"),
        ("ftp://example.com/hook", "invalidWebhookURL", "scheme"),
        ("http://user:pw@example.com/hook", "invalidWebhookURL", "credentials"),
        ("not a url", "invalidWebhookURL", "URL"),
    ])
    func theSSRFGuardRefusesAndSaysWhichRule(url: String, code: String, rule: String) async throws {
        try await InProcessApp.run { server in
            let (_, key) = try await server.makeApp()
            let response = try await server.call("PUT", "/v1/webhooks", token: key, json: ["delegateURL": url, "secrets": [Self.secret]])
            #expect(response.status == 422, "\(response.text)")
            #expect(response.json["code"] as? String == code)
            #expect((response.json["detail"] as? String)?.contains(rule) == true, "\(response.text)")
        }
    }

    @Test func settingsThatCannotWorkAreRefused() async throws {
        try await InProcessApp.run(arguments: Self.allowLoopback) { server in
            let (_, key) = try await server.makeApp()
            let url = "http://127.0.0.1:9/hook"
            for (body, code) in [
                (["delegateURL": url] as [String: Any], "missingWebhookSecret"),
                (["delegateURL": url, "secrets": ["whsec_short"]], "invalidWebhookSecret"),
                (["delegateURL": url, "secrets": ["nope"]], "unknownWebhookSecret"),
                (["delegateURL": url, "secrets": ["whsk_000000000000"]], "unknownWebhookSecret"),
                (["delegateURL": url, "secrets": [Self.secret], "retryDelays": []], "invalidRetrySchedule"),
                (["delegateURL": url, "secrets": [Self.secret], "willPresentTimeout": 90], "invalidTimeout"),
            ] {
                let response = try await server.call("PUT", "/v1/webhooks", token: key, json: body)
                #expect(response.status == 422 && response.json["code"] as? String == code, "\(body): \(response.text)")
            }
            let unknownEvent = try await server.call(
                "PUT", "/v1/webhooks", token: key, json: ["delegateURL": url, "secrets": [Self.secret], "events": ["nope"]])
            #expect(unknownEvent.status == 400)
            // Another app's messages are not this app's.
            let (_, otherKey) = try await server.makeApp()
            #expect(try await server.call("GET", "/v1/webhooks/deliveries/msg_x", token: otherKey).status == 404)
            #expect(try await server.call("GET", "/v1/webhooks", token: "unk_x_y").status == 401)
        }
    }
}
