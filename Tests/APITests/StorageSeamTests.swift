import Foundation
import TestSupport
import Testing

/// What the storage seam fixed, through the real binary: center ids are the app's own, an event is
/// written with the change it reports (a SIGKILL cannot separate them), and one hanging receiver holds
/// up only its own messages.
@Suite struct StorageSeamTests {
    static let secret = WebhookTests.secret

    @Test func twoAppsEachHaveTheirOwnPhone1() async throws {
        let server = try await APIServer()
        let (_, keyA) = try await server.makeApp("A")
        let (_, keyB) = try await server.makeApp("B")
        let tokenA = try await server.makeAuthorizedCenter("phone-1", key: keyA)
        let created = try await server.call("POST", "/v1/centers", token: keyB, json: ["id": "phone-1"])
        #expect(created.status == 201, "another app's phone-1 is no conflict: \(created.text)")
        let tokenB = try #require(created.json["token"] as? String)
        let duplicate = try await server.call("POST", "/v1/centers", token: keyA, json: ["id": "phone-1"])
        #expect(duplicate.status == 409)
        #expect(duplicate.json["code"] as? String == "centerExists")
        #expect((duplicate.json["detail"] as? String)?.contains("This app") == true, "it speaks of the caller's own centers")
        for (key, title) in [(keyA, "for A"), (keyB, "for B")] {
            let added = try await server.call(
                "POST", "/v1/centers/phone-1/requests", token: key,
                json: ["identifier": "same", "content": ["title": title], "trigger": ["type": "timeInterval", "timeInterval": 60]])
            #expect(added.status == 201 || added.status == 403, "\(added.text)")
        }
        let pendingA = try await server.call("GET", "/v1/centers/phone-1/requests", token: keyA).json["requests"] as? [[String: Any]]
        #expect(pendingA?.map { ($0["content"] as? [String: Any])?["title"] as? String } == ["for A"])
        #expect(try await server.call("GET", "/v1/me", token: tokenA).json["appID"] as? String != nil)
        let meB = try await server.call("GET", "/v1/me", token: tokenB).json
        #expect(meB["id"] as? String == "phone-1")
        let tokenA1 = try await server.call("GET", "/v1/centers/phone-1/push-token", token: keyA).json["token"] as? String
        let tokenB1 = try await server.call("GET", "/v1/centers/phone-1/push-token", token: keyB).json["token"] as? String
        #expect(tokenA1 != nil && tokenA1 != tokenB1)
        #expect(try await server.call("DELETE", "/v1/centers/phone-1", token: keyA).status == 204)
        #expect(try await server.call("GET", "/v1/centers/phone-1", token: keyB).status == 200, "B's phone-1 stays")
        #expect(try await server.call("GET", "/v1/me", token: tokenA).status == 401, "A's token went with its center")
        #expect(try await server.call("GET", "/v1/me", token: tokenB).status == 200)
        try await server.stop()
    }

    /// Users answer prompts while the process is SIGKILLed: every answer that committed has its
    /// `authorization.changed` message in the outbox — the two are one transaction.
    @Test func aSigkillCannotSeparateAChangeFromItsWebhookEvent() async throws {
        let first = try await APIServer(arguments: WebhookTests.allowLoopback)
        let (_, key) = try await first.makeApp()
        // A delegate URL nobody listens on: the messages stay in the outbox, which is what is checked.
        let configured = try await first.call(
            "PUT", "/v1/webhooks", token: key,
            json: ["delegateURL": "http://127.0.0.1:9/hook", "secrets": [Self.secret], "events": ["authorization.changed"]])
        #expect(configured.status == 200, "\(configured.text)")
        var tokens: [String: String] = [:]
        for index in 0..<60 {
            let id = "c\(index)"
            tokens[id] = try first.field("token", of: try await first.call("POST", "/v1/centers", token: key, json: ["id": id]))
            _ = try await first.call("POST", "/v1/centers/\(id)/authorization", token: key, json: ["options": ["alert"]])
        }
        let acknowledged = AsyncCounter()
        try await withThrowingTaskGroup(of: Void.self) { group in
            for (_, token) in tokens {
                group.addTask {
                    let answer = try? await first.call("POST", "/v1/me/authorization", token: token, json: ["allowed": true])
                    if answer?.status == 200 { acknowledged.add(1) }
                }
            }
            // Killed mid-flight: some answers committed, some not, some maybe between the two writes of old.
            _ = await acknowledged.eventually { $0 >= 10 }
            first.process.signal(SIGKILL)
            try await group.waitForAll()
        }
        _ = try await first.process.waitForExit()

        let second = try await APIServer(dataDirectory: first.dataDirectory, arguments: WebhookTests.allowLoopback)
        var messages: [String] = []
        var cursor: String?
        repeat {
            let page = try await second.call(
                "GET", "/v1/webhooks/deliveries?limit=500" + (cursor.map { "&cursor=\($0)" } ?? ""), token: key
            ).json
            for delivery in page["deliveries"] as? [[String: Any]] ?? [] {
                let payload = (delivery["payload"] as? String).flatMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) }
                if let centerID = ((payload as? [String: Any])?["data"] as? [String: Any])?["centerID"] as? String {
                    messages.append(centerID)
                }
            }
            cursor = page["nextCursor"] as? String
        } while cursor != nil
        var answered: [String] = []
        for id in tokens.keys.sorted() {
            let center = try await second.call("GET", "/v1/centers/\(id)", token: key).json
            if center["authorizationStatus"] as? String == "authorized" { answered.append(id) }
        }
        #expect(answered.count >= acknowledged.current, "every acknowledged answer survived")
        #expect(Set(messages) == Set(answered), "answered without a message: \(Set(answered).subtracting(messages).sorted())")
        #expect(messages.count == Set(messages).count, "one message per answer")
        try await second.stop()
    }

    /// App A's receiver hangs; app B's webhook arrives all the same, while A's wait for their own
    /// endpoint's room (16 attempts in flight, the rest queued). Attempts may take 10 minutes here, so
    /// A's 16 hang for the whole test however slow the machine: no stopwatch decides it.
    @Test func aHangingReceiverHoldsUpOnlyItsOwnMessages() async throws {
        let server = try await APIServer(arguments: WebhookTests.allowLoopback + ["--outbox-attempt-timeout", "600"])
        let hanging = try await WebhookReceiver(secrets: [Self.secret], mode: "hang")
        let healthy = try await WebhookReceiver(secrets: [Self.secret])
        let (keyA, tokenA) = try await WebhookTests.setUp(server, receiverURL: hanging.url)
        let (keyB, tokenB) = try await WebhookTests.setUp(server, receiverURL: healthy.url)
        for index in 0..<30 {
            try await WebhookTests.addDelivered("a\(index)", server: server, key: keyA)
            try await WebhookTests.respond("a\(index)", server: server, token: tokenA)
        }
        try await WebhookTests.eventually("A's endpoint full") { try await hanging.received().count >= 16 }
        try await WebhookTests.respond("m1", server: server, token: tokenB)
        try await WebhookTests.eventually("B's webhook") { try await healthy.received().count == 1 }
        // B's came while A's endpoint had 16 in flight and 14 waiting; and never more than 16 at once.
        #expect(try await hanging.received().count == 16, "A's endpoint had more than 16 attempts in flight")
        let stuck = try await WebhookTests.deliveries(server, key: keyA)
        #expect(stuck.allSatisfy { $0["status"] as? String == "pending" })
        _ = keyB
        try await hanging.stop()
        try await healthy.stop()
        try await server.stop()
    }
}
