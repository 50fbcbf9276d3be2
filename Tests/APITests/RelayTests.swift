import Foundation
import Synchronization
import TestSupport
import Testing

/// The stand-ins for APNs, FCM and Google's token endpoint (`Tests/Fixtures/Relay/fake_providers.py`):
/// HTTP/2 over TLS with a CA made at start, signatures and Apple's and Google's rules checked.
final class FakeProviders: Sendable {
    let process: ServerProcess
    let tlsPort: Int
    let controlPort: Int
    let directory: URL

    init() async throws {
        let root = ServerProcess.packageRoot
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("providers-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        process = try ServerProcess(
            executable: root.appendingPathComponent(".venv/bin/python"),
            arguments: [root.appendingPathComponent("Tests/Fixtures/Relay/fake_providers.py").path, "--dir", directory.path])
        guard let line = try await process.waitForLine(containing: "listening") else {
            throw LoopbackConnection.Failure("the fake providers did not start: \(process.outputSoFar)")
        }
        let words = line.split(separator: " ")
        guard words.count == 4, let tls = Int(words[1]), let control = Int(words[3]) else {
            throw LoopbackConnection.Failure("unexpected: \(line)")
        }
        (tlsPort, controlPort) = (tls, control)
    }

    var origin: String { "https://127.0.0.1:\(tlsPort)" }

    /// The server's flags that send every relay here, trusting the test CA.
    var serverArguments: [String] {
        [
            "--apns-production-url", origin, "--apns-sandbox-url", origin, "--fcm-url", origin, "--google-token-url", "\(origin)/token",
            "--relay-trust-roots", directory.appendingPathComponent("ca.pem").path,
        ]
    }

    func credentials() async throws -> [String: Any] {
        try await loopbackRequest(port: controlPort, "GET", "/credentials").json
    }

    func script(_ provider: String, token: String, _ answers: [[String: Any]]) async throws {
        _ = try await loopbackRequest(
            port: controlPort, "POST", "/script", headers: ["Content-Type": "application/json"],
            body: Array(try JSONSerialization.data(withJSONObject: ["provider": provider, "token": token, "answers": answers])))
    }

    func revokeAccessTokens() async throws {
        _ = try await loopbackRequest(port: controlPort, "POST", "/revoke")
    }

    /// What the provider received for the token: `headers`, `payload`, `status` (as answered), `jwt` (APNs).
    func messages(_ provider: String, token: String) async throws -> [[String: Any]] {
        let response = try await loopbackRequest(port: controlPort, "GET", "/messages?provider=\(provider)&token=\(token)")
        return (try JSONSerialization.jsonObject(with: Data(response.body)) as? [[String: Any]]) ?? []
    }

    func stats() async throws -> [String: Any] {
        try await loopbackRequest(port: controlPort, "GET", "/stats").json
    }

    /// Requests a real service would have refused; none, in a passing test.
    func problems() async throws -> [String] {
        let response = try await loopbackRequest(port: controlPort, "GET", "/problems")
        return (try JSONSerialization.jsonObject(with: Data(response.body)) as? [String]) ?? []
    }

    func stop() async throws {
        process.signal(SIGTERM)
        _ = try await process.waitForExit()
        try? FileManager.default.removeItem(at: directory)
    }
}

/// Relays to phones end to end on the real binary: the app's credentials, a phone's registration, a
/// notification fired and relayed (the fakes check the JWTs, the headers and the payload), the phone's
/// answer becoming the app's signed `didReceive`, removal, and what each answer of APNs and FCM does.
@Suite struct RelayTests {
    static let apnsToken = String(repeating: "0123456789abcdef", count: 4)
    static let otherAPNsToken = String(repeating: "fedcba9876543210", count: 4)
    static let fcmToken = "cAbCdEf0123:APA91b" + String(repeating: "Fq8_-z", count: 22)

    struct Setup {
        var server: APIServer
        var providers: FakeProviders
        var receiver: WebhookReceiver
        var key: String
        var token: String

        func stop() async throws {
            try await server.stop()
            try await receiver.stop()
            try await providers.stop()
        }
    }

    /// A server that relays to the fakes, an app with both credentials and a webhook receiver, and an
    /// authorized center.
    static func setUp(apns: Bool = true, fcm: Bool = true) async throws -> Setup {
        let providers = try await FakeProviders()
        let receiver = try await WebhookReceiver(secrets: [WebhookTests.secret])
        let server = try await APIServer(arguments: WebhookTests.allowLoopback + providers.serverArguments)
        let (_, key) = try await server.makeApp()
        let token = try await server.makeAuthorizedCenter("phone", key: key)
        _ = try await server.call("PUT", "/v1/webhooks", token: key, json: ["delegateURL": receiver.url, "secrets": [WebhookTests.secret]])
        let credentials = try await providers.credentials()
        if apns {
            var body = try #require(credentials["apns"] as? [String: Any])
            body["topic"] = "com.example.tea"
            body["environment"] = "production"
            let set = try await server.call("PUT", "/v1/relay/credentials/apns", token: key, json: body)
            #expect(set.status == 200, "\(set.text)")
        }
        if fcm {
            let set = try await server.call(
                "PUT", "/v1/relay/credentials/fcm", token: key, json: ["serviceAccount": credentials["fcm"] as Any])
            #expect(set.status == 200, "\(set.text)")
        }
        return Setup(server: server, providers: providers, receiver: receiver, key: key, token: token)
    }

    static func register(_ provider: String, _ deviceToken: String, _ setup: Setup, environment: String? = nil) async throws -> String {
        var body: [String: Any] = ["provider": provider, "token": deviceToken]
        if let environment { body["environment"] = environment }
        let answer = try await setup.server.call("POST", "/v1/me/devices", token: setup.token, json: body)
        #expect(answer.status == 201, "\(answer.text)")
        return try setup.server.field("id", of: answer)
    }

    static func webhookTypes(_ receiver: WebhookReceiver) async throws -> [String] {
        try await receiver.received().compactMap { ($0["body"] as? [String: Any])?["type"] as? String }
    }

    @Test func apnsGetsTheFrameworksPayloadAndHeadersAndTheAnswerIsTheAppsDidReceive() async throws {
        let setup = try await Self.setUp(fcm: false)
        let (server, providers, key) = (setup.server, setup.providers, setup.key)
        _ = try await server.call(
            "PUT", "/v1/categories", token: key,
            json: ["categories": [["identifier": "TEA", "actions": [["identifier": "DRINK", "title": "Drink"]]]]])
        _ = try await Self.register("apns", Self.apnsToken.uppercased(), setup)
        let added = try await server.call(
            "POST", "/v1/centers/phone/requests", token: key,
            json: [
                "identifier": "tea", "trigger": ["type": "timeInterval", "timeInterval": 60],
                "content": [
                    "title": "Tea is ready", "subtitle": "Green", "body": "Steeped for 4 minutes.", "categoryIdentifier": "TEA",
                    "threadIdentifier": "kitchen", "interruptionLevel": "timeSensitive", "badge": 3, "sound": ["type": "default"],
                    "relevanceScore": 0.5, "targetContentIdentifier": "pot-1", "userInfo": ["orderID": 42],
                ],
            ])
        #expect(added.status == 201, "\(added.text)")
        try await WebhookTests.advance(server, by: 60)
        try await WebhookTests.eventually("the relay") { try await providers.messages("apns", token: Self.apnsToken).count == 1 }
        let message = try #require(try await providers.messages("apns", token: Self.apnsToken).first)
        #expect(message["status"] as? Int == 200 && message["httpVersion"] as? String == "2")
        let headers = try #require(message["headers"] as? [String: String])
        #expect(headers["apns-push-type"] == "alert" && headers["apns-topic"] == "com.example.tea")
        #expect(headers["apns-priority"] == "10" && headers["apns-collapse-id"] == "tea")
        let expiration = try #require(headers["apns-expiration"].flatMap(Double.init))
        #expect(abs(expiration - Date().addingTimeInterval(28 * 86_400 + 60).timeIntervalSince1970) < 3600)
        let payload = try #require(message["payload"] as? [String: Any])
        let aps = try #require(payload["aps"] as? [String: Any])
        #expect(aps["alert"] as? [String: String] == ["title": "Tea is ready", "subtitle": "Green", "body": "Steeped for 4 minutes."])
        #expect(aps["badge"] as? Int == 3 && aps["sound"] as? String == "default" && aps["thread-id"] as? String == "kitchen")
        #expect(aps["category"] as? String == "TEA" && aps["interruption-level"] as? String == "time-sensitive")
        #expect(aps["relevance-score"] as? Double == 0.5 && aps["target-content-id"] as? String == "pot-1")
        #expect(payload["orderID"] as? Int == 42, "userInfo beside aps")
        let ours = try #require(payload["usernotifyd"] as? [String: String])
        #expect(ours["center"] == "phone" && ours["identifier"] == "tea")
        let responseToken = try #require(ours["responseToken"])

        // The phone app posts the action with the token, and nothing else: the app's didReceive.
        let answered = try await server.call(
            "POST", "/v1/responses", token: nil, json: ["token": responseToken, "actionIdentifier": "DRINK"])
        #expect(answered.status == 200 && answered.json["forwardedToDelegate"] as? Bool == true, "\(answered.text)")
        try await WebhookTests.eventually("didReceive") { try await Self.webhookTypes(setup.receiver).contains("notification.response") }
        // It left the list, and the phone that answered took it down itself: it is sent no removal (the
        // response's change wrote the outbox messages it wrote, so none can come later).
        let toPhone = try await WebhookTests.deliveries(server, key: key, destination: "phone")
        #expect(toPhone.count == 1, "\(toPhone)")
        #expect(
            (toPhone.first?["recipientID"] as? String)?.hasPrefix("dev_") == true
                && toPhone.first?["url"] as? String == "apns", "the lane of every phone APNs serves")
        // Each destination lists its own: the app's webhooks are not the phone's.
        let toWebhook = try await WebhookTests.deliveries(server, key: key, destination: "webhook")
        #expect(!toWebhook.isEmpty && toWebhook.allSatisfy { $0["destination"] as? String == "webhook" && $0["recipientID"] == nil })
        #expect(try await WebhookTests.deliveries(server, key: key).count == toPhone.count + toWebhook.count)
        let unknown = try await server.call("GET", "/v1/webhooks/deliveries?destination=pager", token: key)
        #expect(unknown.status == 400 && unknown.text.contains("webhook, browser, phone"), "\(unknown.text)")
        // The app removes another: a background push tells the phone to remove it.
        _ = try await server.call(
            "POST", "/v1/centers/phone/requests", token: key, json: ["identifier": "kettle", "content": ["title": "Kettle"]])
        try await WebhookTests.eventually("the kettle") { try await providers.messages("apns", token: Self.apnsToken).count == 2 }
        let removed = try await server.call("POST", "/v1/centers/phone/delivered/remove", token: key, json: ["identifiers": ["kettle"]])
        #expect(removed.status == 200, "\(removed.text)")
        try await WebhookTests.advance(server, by: 0)
        try await WebhookTests.eventually("the removal") { try await providers.messages("apns", token: Self.apnsToken).count == 3 }
        let removal = try #require(try await providers.messages("apns", token: Self.apnsToken).last)
        let removalHeaders = try #require(removal["headers"] as? [String: String])
        #expect(removalHeaders["apns-push-type"] == "background" && removalHeaders["apns-priority"] == "5")
        let removalPayload = try #require(removal["payload"] as? [String: Any])
        #expect((removalPayload["aps"] as? [String: Int]) == ["content-available": 1])
        #expect((removalPayload["usernotifyd"] as? [String: Any])?["remove"] as? [String] == ["kettle"])
        // The attempt records APNs' id for the message.
        let relayed = try await WebhookTests.deliveries(server, key: key, destination: "phone")
        let first = try #require(relayed.last?["id"] as? String)
        let detail = try await server.call("GET", "/v1/webhooks/deliveries/\(first)", token: key)
        let attempt = try #require((detail.json["attempts"] as? [[String: Any]])?.first)
        #expect((attempt["providerMessageID"] as? String)?.count == 36, "\(detail.text)")
        let metrics = try await server.call("GET", "/metrics", token: APIServer.adminToken).text
        #expect(metrics.contains(#"usernotifyd_relay_attempts_total{provider="apns",outcome="sent"} 3"#), "\(metrics)")
        #expect(metrics.contains(#"usernotifyd_outbox_attempts_total{destination="phone",outcome="delivered"} 3"#), "\(metrics)")
        #expect(!metrics.contains(#"usernotifyd_webhook_attempts_total{outcome="delivered"} 4"#), "a relay is not a webhook")
        // Three messages, each over the next of the three HTTP/2 connections to APNs' host.
        #expect(try await providers.stats()["apnsConnections"] as? Int == 3)
        let problems = try await providers.problems()
        #expect(problems.isEmpty, "\(problems)")
        try await setup.stop()
    }

    @Test func fcmTradesOneAssertionForATokenAndSendsDataTheAppAnswersWith() async throws {
        let setup = try await Self.setUp(apns: false)
        let (server, providers, key) = (setup.server, setup.providers, setup.key)
        _ = try await server.call(
            "PUT", "/v1/categories", token: key,
            json: ["categories": [["identifier": "TEA", "actions": [["identifier": "DRINK", "title": "Drink"]]]]])
        _ = try await Self.register("fcm", Self.fcmToken, setup)
        for (identifier, category) in [("plain", nil), ("tea", "TEA")] as [(String, String?)] {
            var content: [String: Any] = ["title": "Hello \(identifier)", "body": "Body of \(identifier)"]
            if let category { content["categoryIdentifier"] = category }
            _ = try await server.call(
                "POST", "/v1/centers/phone/requests", token: key, json: ["identifier": identifier, "content": content])
        }
        try await WebhookTests.advance(server, by: 0)
        try await WebhookTests.eventually("both messages") { try await providers.messages("fcm", token: Self.fcmToken).count == 2 }
        let messages = try await providers.messages("fcm", token: Self.fcmToken)
        let byIdentifier = Dictionary(
            uniqueKeysWithValues: messages.compactMap { message -> (String, [String: Any])? in
                guard let payload = message["payload"] as? [String: Any], let data = payload["data"] as? [String: String],
                    let identifier = data["usernotifyd.identifier"]
                else { return nil }
                return (identifier, payload)
            })
        // Without actions: a notification Android shows by itself.
        let plain = try #require(byIdentifier["plain"])
        #expect(plain["notification"] as? [String: String] == ["title": "Hello plain", "body": "Body of plain"])
        #expect(((plain["android"] as? [String: Any])?["notification"] as? [String: Any])?["tag"] as? String == "plain")
        // With actions: data the app builds its notification from, buttons included.
        let tea = try #require(byIdentifier["tea"])
        #expect(tea["notification"] == nil)
        let data = try #require(tea["data"] as? [String: String])
        #expect(data["usernotifyd.title"] == "Hello tea" && data["usernotifyd.category"] == "TEA" && data["usernotifyd.center"] == "phone")
        #expect(data["usernotifyd.actions"]?.contains(#""identifier":"DRINK""#) == true)
        #expect((tea["android"] as? [String: Any])?["priority"] as? String == "HIGH")
        #expect(
            (((tea["apns"] as? [String: Any])?["payload"] as? [String: Any])?["aps"] as? [String: Any])?["category"] as? String == "TEA")
        // One token exchange for both (cached).
        #expect(try await providers.stats()["oauthExchanges"] as? Int == 1)

        // The answer, with the token from the data.
        let responseToken = try #require(data["usernotifyd.responseToken"])
        let answered = try await server.call(
            "POST", "/v1/responses", token: nil, json: ["token": responseToken, "actionIdentifier": "DRINK"])
        #expect(answered.status == 200, "\(answered.text)")
        try await WebhookTests.eventually("didReceive") { try await Self.webhookTypes(setup.receiver).contains("notification.response") }
        // The phone that answered gets no removal; the app's removal of the other reaches it.
        let removed = try await server.call("POST", "/v1/centers/phone/delivered/remove", token: key, json: ["identifiers": ["plain"]])
        #expect(removed.status == 200, "\(removed.text)")
        try await WebhookTests.advance(server, by: 0)
        try await WebhookTests.eventually("the removal") { try await providers.messages("fcm", token: Self.fcmToken).count == 3 }
        let removal = try #require(try await providers.messages("fcm", token: Self.fcmToken).last?["payload"] as? [String: Any])
        #expect(
            removal["data"] as? [String: String] == [
                "usernotifyd.kind": "remove", "usernotifyd.center": "phone", "usernotifyd.identifiers": #"["plain"]"#,
            ])
        #expect(removal["notification"] == nil)

        // An access token the service no longer takes (401): a new one, and the message goes again.
        try await providers.revokeAccessTokens()
        _ = try await server.call(
            "POST", "/v1/centers/phone/requests", token: key, json: ["identifier": "late", "content": ["title": "Late"]])
        try await WebhookTests.advance(server, by: 0)
        try await WebhookTests.eventually("the message after the new token") {
            try await providers.messages("fcm", token: Self.fcmToken).count == 4
        }
        #expect(try await providers.stats()["oauthExchanges"] as? Int == 2)
        let problems = try await providers.problems()
        #expect(problems.isEmpty, "\(problems)")
        try await setup.stop()
    }

    @Test func eachAnswerOfAPNsAndFCMDoesWhatItMeans() async throws {
        let setup = try await Self.setUp()
        let (server, providers, key) = (setup.server, setup.providers, setup.key)
        let tokens = (0..<6).map { String(format: "%064x", 0xA0 + $0) }
        let (gone, badToken, expired, busy, failing, refused) = (tokens[0], tokens[1], tokens[2], tokens[3], tokens[4], tokens[5])
        try await providers.script("apns", token: gone, [["status": 410, "reason": "Unregistered"]])
        try await providers.script("apns", token: badToken, [["status": 400, "reason": "BadDeviceToken"]])
        try await providers.script("apns", token: expired, [["status": 403, "reason": "ExpiredProviderToken"]])
        try await providers.script("apns", token: busy, [["status": 429, "reason": "TooManyRequests", "retryAfter": 3000]])
        try await providers.script("apns", token: failing, [["status": 500, "reason": "InternalServerError"]])
        try await providers.script("apns", token: refused, [["status": 400, "reason": "BadTopic"]])
        let fcmGone = "gone:" + String(repeating: "g", count: 60)
        let fcmBusy = "busy:" + String(repeating: "b", count: 60)
        try await providers.script("fcm", token: fcmGone, [["status": 404, "reason": "UNREGISTERED"]])
        try await providers.script("fcm", token: fcmBusy, [["status": 503, "reason": "UNAVAILABLE"]])
        var ids: [String: String] = [:]
        for token in tokens { ids[token] = try await Self.register("apns", token, setup) }
        for token in [fcmGone, fcmBusy] { ids[token] = try await Self.register("fcm", token, setup) }
        _ = try await server.call(
            "POST", "/v1/centers/phone/requests", token: key, json: ["identifier": "news", "content": ["title": "News"]])
        try await WebhookTests.advance(server, by: 0)
        for token in tokens {
            try await WebhookTests.eventually("the first relay to \(token)") { try await !providers.messages("apns", token: token).isEmpty }
        }
        // 410 Unregistered, 400 BadDeviceToken, FCM's UNREGISTERED: the registration goes, the app hears why.
        try await WebhookTests.eventually("three device.unregistered") {
            try await Self.webhookTypes(setup.receiver).filter { $0 == "device.unregistered" }.count == 3
        }
        let reasons = try await setup.receiver.received().compactMap { call -> String? in
            guard let body = call["body"] as? [String: Any], body["type"] as? String == "device.unregistered" else { return nil }
            return (body["data"] as? [String: Any])?["reason"] as? String
        }
        #expect(Set(reasons) == ["Unregistered", "BadDeviceToken", "UNREGISTERED"])
        let listed = try await server.call("GET", "/v1/centers/phone/devices", token: key)
        let remaining = Set((listed.json["devices"] as? [[String: Any]] ?? []).compactMap { $0["id"] as? String })
        #expect(remaining == Set([expired, busy, failing, refused, fcmBusy].compactMap { ids[$0] }), "\(listed.text)")
        // 403 ExpiredProviderToken: a new provider token, and the message again, at once.
        let renewed = try await providers.messages("apns", token: expired)
        #expect(renewed.map { $0["status"] as? Int } == [403, 200])
        #expect(renewed.count == 2 && renewed[0]["jwt"] as? String != renewed[1]["jwt"] as? String)
        // 500 and 503 retry after 5 s of real time, the virtual clock standing still (a provider counts real
        // time); 429 not before its Retry-After (3000 s, on either clock); 400 BadTopic never.
        try await WebhookTests.eventually("the retries in real time") {
            let apns = try await providers.messages("apns", token: failing).count
            let fcm = try await providers.messages("fcm", token: fcmBusy).count
            return apns == 2 && fcm == 2
        }
        #expect(try await providers.messages("apns", token: failing).map { $0["status"] as? Int } == [500, 200])
        #expect(try await providers.messages("fcm", token: fcmBusy).map { $0["status"] as? Int } == [503, 200])
        try await WebhookTests.advance(server, by: 6)
        #expect(try await providers.messages("apns", token: busy).count == 1, "not before Retry-After")
        try await WebhookTests.advance(server, by: 3000)
        #expect(try await providers.messages("apns", token: busy).map { $0["status"] as? Int } == [429, 200])
        try await WebhookTests.advance(server, by: 3600)
        #expect(try await providers.messages("apns", token: refused).count == 1, "a refusal is not retried")
        let metrics = try await server.call("GET", "/metrics", token: APIServer.adminToken).text
        for (provider, outcome) in [
            ("apns", "unregistered"), ("apns", "token_expired"), ("apns", "retried"), ("apns", "rejected"), ("fcm", "unregistered"),
            ("fcm", "retried"),
        ] {
            #expect(metrics.contains(#"usernotifyd_relay_attempts_total{provider="\#(provider)",outcome="\#(outcome)"}"#), "\(outcome)")
        }
        let problems = try await providers.problems()
        #expect(problems.isEmpty, "\(problems)")
        try await setup.stop()
    }

    @Test func badInputIsAClearProblemAndNothingIsStored() async throws {
        let setup = try await Self.setUp(apns: false, fcm: false)
        let (server, providers, key) = (setup.server, setup.providers, setup.key)
        let credentials = try await providers.credentials()
        let apns = try #require(credentials["apns"] as? [String: Any])
        let account = try #require(credentials["fcm"] as? [String: Any])
        func apnsBody(_ change: (inout [String: Any]) -> Void) -> [String: Any] {
            var body = apns
            body["topic"] = "com.example.tea"
            body["environment"] = "sandbox"
            change(&body)
            return body
        }
        let badCredentials: [(String, String, [String: Any], String)] = [
            ("apns", "a P-384 key", apnsBody { $0["privateKey"] = credentials["p384Key"] }, "P-256"),
            ("apns", "not a PEM", apnsBody { $0["privateKey"] = "hello" }, "P-256"),
            ("apns", "a short key id", apnsBody { $0["keyID"] = "ABC" }, "keyID"),
            ("apns", "a bad team id", apnsBody { $0["teamID"] = "TEAM 12345" }, "teamID"),
            ("apns", "a bad topic", apnsBody { $0["topic"] = "com example" }, "topic"),
            ("fcm", "no private key", ["serviceAccount": account.filter { $0.key != "private_key" }], "private_key"),
            ("fcm", "not a service account", ["serviceAccount": account.merging(["type": "authorized_user"]) { $1 }], "service_account"),
            ("fcm", "an EC key", ["serviceAccount": account.merging(["private_key": apns["privateKey"] as Any]) { $1 }], "RSA"),
            ("fcm", "a string", ["serviceAccount": "{}"], "JSON object"),
        ]
        for (provider, what, body, mention) in badCredentials {
            let answer = try await server.call("PUT", "/v1/relay/credentials/\(provider)", token: key, json: body)
            #expect(answer.status == 422 && answer.json["code"] as? String == "invalidRelayCredential", "\(what): \(answer.text)")
            #expect((answer.json["detail"] as? String)?.contains(mention) == true, "\(what): \(answer.text)")
        }
        let environment = try await server.call(
            "PUT", "/v1/relay/credentials/apns", token: key, json: apnsBody { $0["environment"] = "staging" })
        #expect(environment.status == 400, "\(environment.text)")
        #expect((try await server.call("GET", "/v1/relay/credentials", token: key).json["credentials"] as? [Any])?.isEmpty == true)

        // Malformed device tokens, an unknown provider, an environment for FCM.
        let badDevices: [[String: Any]] = [
            ["provider": "apns", "token": "1234"], ["provider": "apns", "token": String(repeating: "zz", count: 32)],
            ["provider": "fcm", "token": "short"], ["provider": "fcm", "token": Self.fcmToken + "!"],
            ["provider": "fcm", "token": Self.fcmToken, "environment": "sandbox"],
        ]
        for body in badDevices {
            let answer = try await server.call("POST", "/v1/me/devices", token: setup.token, json: body)
            #expect(answer.status == 422 && answer.json["code"] as? String == "invalidDeviceToken", "\(body): \(answer.text)")
        }
        let unknown = try await server.call(
            "POST", "/v1/me/devices", token: setup.token, json: ["provider": "hms", "token": Self.fcmToken])
        #expect(unknown.status == 400, "\(unknown.text)")
        let extra = try await server.call(
            "POST", "/v1/me/devices", token: setup.token, json: ["provider": "apns", "token": Self.apnsToken, "colour": "red"])
        #expect(extra.status == 400, "unknown members are refused: \(extra.text)")
        #expect((try await server.call("GET", "/v1/me/devices", token: setup.token).json["devices"] as? [Any])?.isEmpty == true)

        // The credential is write-only: an id and a fingerprint, never the key.
        let set = try await server.call("PUT", "/v1/relay/credentials/apns", token: key, json: apnsBody { _ in })
        #expect(
            set.status == 200 && !set.text.contains("PRIVATE KEY") && (set.json["fingerprint"] as? String)?.hasPrefix("sha256:") == true)
        let listed = try await server.call("GET", "/v1/relay/credentials", token: key)
        #expect(!listed.text.contains("PRIVATE KEY") && (listed.json["credentials"] as? [[String: Any]])?.count == 1, "\(listed.text)")
        // Set again: a rotation, a new id.
        let rotated = try await server.call("PUT", "/v1/relay/credentials/apns", token: key, json: apnsBody { _ in })
        let (rotatedID, setID) = (try server.field("id", of: rotated), try server.field("id", of: set))
        #expect(rotatedID != setID)

        // Another app sees none of it, and cannot remove it or this app's devices.
        let device = try await Self.register("apns", Self.apnsToken, setup)
        let (_, otherKey) = try await server.makeApp("Other")
        let otherCenter = try await server.makeAuthorizedCenter("phone", key: otherKey)
        #expect((try await server.call("GET", "/v1/relay/credentials", token: otherKey).json["credentials"] as? [Any])?.isEmpty == true)
        let removeOther = try await server.call("DELETE", "/v1/relay/credentials/apns", token: otherKey)
        #expect(removeOther.status == 404 && removeOther.json["code"] as? String == "relayCredentialNotFound")
        #expect((try await server.call("GET", "/v1/centers/phone/devices", token: otherKey).json["devices"] as? [Any])?.isEmpty == true)
        let removeDevice = try await server.call("DELETE", "/v1/centers/phone/devices/\(device)", token: otherKey)
        #expect(removeDevice.status == 404 && removeDevice.json["code"] as? String == "deviceRegistrationNotFound")
        #expect((try await server.call("GET", "/v1/centers/phone/devices", token: key).json["devices"] as? [Any])?.count == 1)
        // Without a credential of its own, the other app's phone gets nothing: the message fails, saying why.
        let otherPhone = try await setup.server.call(
            "POST", "/v1/me/devices", token: otherCenter, json: ["provider": "apns", "token": Self.otherAPNsToken])
        #expect(otherPhone.status == 201, "\(otherPhone.text)")
        _ = try await server.call(
            "POST", "/v1/centers/phone/requests", token: otherKey, json: ["identifier": "x", "content": ["title": "X"]])
        try await WebhookTests.advance(server, by: 0)
        let failed = try await WebhookTests.deliveries(server, key: otherKey).filter { $0["url"] as? String == "apns" }
        #expect(failed.map { $0["status"] as? String } == ["failed"])
        let failedID = try #require(failed.first?["id"] as? String)
        let detail = try await server.call("GET", "/v1/webhooks/deliveries/\(failedID)", token: otherKey)
        #expect(
            (detail.json["attempts"] as? [[String: Any]])?.first?["error"] as? String == "the app has no apns credential", "\(detail.text)")
        #expect(try await providers.messages("apns", token: Self.otherAPNsToken).isEmpty)
        // The same token registered again: the same id (200); the user removes it.
        let again = try await server.call(
            "POST", "/v1/me/devices", token: setup.token, json: ["provider": "apns", "token": Self.apnsToken])
        let againID = try server.field("id", of: again)
        #expect(again.status == 200 && againID == device)
        #expect(try await server.call("DELETE", "/v1/me/devices/\(device)", token: setup.token).status == 204)
        #expect(try await server.call("DELETE", "/v1/me/devices/\(device)", token: setup.token).status == 404)
        try await setup.stop()
    }
}
