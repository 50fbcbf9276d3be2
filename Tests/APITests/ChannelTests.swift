import Foundation
import InProcessHarness
import TestSupport
import Testing

/// Apple's broadcast channel API over topics, end to end in process: a channel made, read, listed and
/// deleted as Apple's management API does it; a message published on it reaches every center subscribed
/// to its topic, the next one replacing it; every refusal with APNs' status and `reason`.
@Suite struct ChannelTests {
    struct Setup {
        let server: any TestAPI
        let appID: String
        let key: String
    }

    static func setUp(_ server: some TestAPI) async throws -> Setup {
        let (appID, key) = try await server.makeApp()
        return Setup(server: server, appID: appID, key: key)
    }

    /// A call to the channel API with the app key as the provider token (none when `key` is empty).
    static func call(
        _ setup: Setup, _ method: String, _ path: String, channel: String? = nil, headers: [String: String] = [:], json: Any? = nil,
        key: String? = nil
    ) async throws -> LoopbackResponse {
        var all = headers
        if let channel { all["apns-channel-id"] = channel }
        let credential = key ?? setup.key
        if !credential.isEmpty { all["Authorization"] = "bearer \(credential)" }
        var body: [UInt8] = []
        if let json {
            body = Array(try JSONSerialization.data(withJSONObject: json))
            all["Content-Type"] = "application/json"
        }
        return try await setup.server.send(method, path, headers: all, body: body)
    }

    static func create(_ setup: Setup, policy: Int = 1) async throws -> (id: String, topic: String) {
        let made = try await call(
            setup, "POST", "/1/apps/\(setup.appID)/channels", json: ["message-storage-policy": policy, "push-type": "LiveActivity"])
        #expect(made.status == 201, "\(made.text)")
        let id = try #require(made.header("apns-channel-id"))
        let topic = try #require(made.header("Location")?.replacingOccurrences(of: "/v1/topics/", with: ""))
        return (id, topic)
    }

    static func expect(_ response: LoopbackResponse, _ status: Int, _ reason: String, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(response.status == status, "\(response.text)", sourceLocation: sourceLocation)
        #expect(response.json["reason"] as? String == reason, "\(response.text)", sourceLocation: sourceLocation)
        #expect(response.json["code"] as? String == reason, sourceLocation: sourceLocation)
        #expect(response.header("Content-Type") == "application/problem+json", sourceLocation: sourceLocation)
    }

    /// Apple's channel and broadcast calls take an `Idempotency-Key` and count against the app key's rate
    /// limits, as every POST of the API does (they did neither: the fuzzer's invalid key was accepted).
    @Test func channelCallsTakeAnIdempotencyKeyAndTheKeysRateLimits() async throws {
        try await InProcessApp.run { server in
            let setup = try await Self.setUp(server)
            // The same bytes each time (a dictionary's keys may serialize in another order).
            let body = Array(#"{"message-storage-policy": 1, "push-type": "LiveActivity"}"#.utf8)
            func create(key: String) async throws -> LoopbackResponse {
                try await server.send(
                    "POST", "/1/apps/\(setup.appID)/channels",
                    headers: ["Authorization": "bearer \(setup.key)", "Content-Type": "application/json", "Idempotency-Key": key],
                    body: body)
            }
            let first = try await create(key: "channel-1")
            #expect(first.status == 201 && first.header("Idempotent-Replayed") == nil, "\(first.text)")
            #expect(first.header("RateLimit") != nil)
            let again = try await create(key: "channel-1")
            #expect(again.status == 201 && again.header("Idempotent-Replayed") == "true", "\(again.status) \(again.text)")
            #expect(again.header("apns-channel-id") == first.header("apns-channel-id"), "the first channel, not a second")
            let invalid = try await create(key: "no spaces")
            Self.expect(invalid, 400, "invalidIdempotencyKey")
            let channel = try #require(first.header("apns-channel-id"))
            let published = try await Self.call(
                setup, "POST", "/4/broadcasts/apps/\(setup.appID)", channel: channel,
                headers: ["Idempotency-Key": "news-1", "apns-push-type": "alert"],
                json: ["aps": ["alert": ["title": "News"]]])
            #expect(published.status == 200 && published.header("RateLimit") != nil, "\(published.text)")
            let replayed = try await Self.call(
                setup, "POST", "/4/broadcasts/apps/\(setup.appID)", channel: channel,
                headers: ["Idempotency-Key": "news-1", "apns-push-type": "alert"],
                json: ["aps": ["alert": ["title": "News"]]])
            #expect(replayed.header("Idempotent-Replayed") == "true")
        }
    }

    @Test func channelsAreMadeReadListedAndDeletedAsApplesAPIDoes() async throws {
        try await InProcessApp.run { server in
            let setup = try await Self.setUp(server)
            let stored = try await Self.create(setup, policy: 1)
            let unstored = try await Self.create(setup, policy: 0)
            #expect(Data(base64Encoded: stored.id).map { String(decoding: $0, as: UTF8.self) } == stored.topic)
            // The channel is a topic of the app's, as any other.
            let topic = try await server.call("GET", "/v1/topics/\(stored.topic)", token: setup.key)
            #expect(topic.status == 200 && topic.json["displayName"] as? String == "APNs broadcast channel", "\(topic.text)")

            let requestID = "6b9c1e4e-3b8f-4b0e-9d7a-1c2d3e4f5a6b"
            let read = try await Self.call(
                setup, "GET", "/1/apps/\(setup.appID)/channels", channel: stored.id, headers: ["apns-request-id": requestID.uppercased()])
            #expect(read.status == 200, "\(read.text)")
            #expect(read.json["message-storage-policy"] as? Int == 1 && read.json["push-type"] as? String == "LiveActivity")
            #expect(read.header("apns-request-id") == requestID, "echoed, lowercased")
            let readUnstored = try await Self.call(setup, "GET", "/1/apps/\(setup.appID)/channels", channel: unstored.id)
            #expect(readUnstored.json["message-storage-policy"] as? Int == 0)
            #expect(readUnstored.header("apns-request-id")?.count == 36, "made when none was sent")

            // Only channels are listed: a topic made through the topic API is not one.
            #expect(try await server.call("POST", "/v1/topics", token: setup.key, json: ["identifier": "episodes"]).status == 201)
            let all = try await Self.call(setup, "GET", "/1/apps/\(setup.appID)/all-channels")
            #expect(Set(all.json["channels"] as? [String] ?? []) == [stored.id, unstored.id], "\(all.text)")

            let deleted = try await Self.call(setup, "DELETE", "/1/apps/\(setup.appID)/channels", channel: unstored.id)
            #expect(deleted.status == 204, "\(deleted.text)")
            Self.expect(
                try await Self.call(setup, "GET", "/1/apps/\(setup.appID)/channels", channel: unstored.id), 400, "ChannelNotRegistered")
            Self.expect(
                try await Self.call(setup, "DELETE", "/1/apps/\(setup.appID)/channels", channel: unstored.id), 400, "ChannelNotRegistered")
            #expect((try await Self.call(setup, "GET", "/1/apps/\(setup.appID)/all-channels").json["channels"] as? [String]) == [stored.id])
        }
    }

    @Test func aMessageOnAChannelReachesItsSubscribersAndTheNextReplacesIt() async throws {
        try await InProcessApp.run { server in
            let setup = try await Self.setUp(server)
            let channel = try await Self.create(setup)
            let fan = try await server.makeAuthorizedCenter("fan", key: setup.key)
            _ = try await server.makeAuthorizedCenter("other", key: setup.key)
            #expect(try await server.call("PUT", "/v1/me/topics/\(channel.topic)", token: fan).status == 200)

            func publish(_ payload: [String: Any], type: String = "liveactivity") async throws -> LoopbackResponse {
                try await Self.call(
                    setup, "POST", "/4/broadcasts/apps/\(setup.appID)", channel: channel.id, headers: ["apns-push-type": type],
                    json: payload)
            }
            func delivered(_ center: String) async throws -> [[String: Any]] {
                try await server.call("GET", "/v1/centers/\(center)/delivered", token: setup.key).json["notifications"] as? [[String: Any]]
                    ?? []
            }
            func content(_ notification: [String: Any]?) -> [String: Any] {
                ((notification?["request"] as? [String: Any])?["content"] as? [String: Any]) ?? [:]
            }

            let first = try await publish([
                "aps": [
                    "event": "update", "timestamp": 1_800_000_000, "content-state": ["home": 1, "away": 0], "alert": ["title": "Goal"],
                ]
            ])
            #expect(first.status == 200, "\(first.text)")
            let location = try #require(first.header("Location"))
            #expect(location.hasPrefix("/v1/broadcasts/bc_") && first.header("apns-request-id")?.count == 36)
            // APNs' id of the published message names the broadcast: its hex digits, as a UUID.
            let hex = location.dropFirst("/v1/broadcasts/bc_".count)
            #expect(first.header("apns-unique-id") == "00000000-0000-0000-\(hex.prefix(4))-\(hex.dropFirst(4))", "\(location)")
            try await WebhookTests.eventually("the fan gets the update") { try await delivered("fan").count == 1 }
            let update = try await delivered("fan").first
            #expect(content(update)["title"] as? String == "Goal")
            let state = (content(update)["userInfo"] as? [String: Any])?["liveActivity"] as? [String: Any]
            #expect((state?["content-state"] as? [String: Any])?["home"] as? Int == 1, "\(String(describing: update))")
            #expect((update?["request"] as? [String: Any])?["identifier"] as? String == channel.topic)

            let second = try await publish(["aps": ["alert": ["title": "Full time", "body": "1-0"]]], type: "alert")
            #expect(second.status == 200, "\(second.text)")
            try await WebhookTests.eventually("the next message replaces the first") {
                content(try await delivered("fan").first)["title"] as? String == "Full time"
            }
            #expect(try await delivered("fan").count == 1)
            #expect(try await delivered("other").isEmpty, "not subscribed")
            let progress = try await server.call("GET", location, token: setup.key)
            #expect((progress.json["audience"] as? [String: Any])?["topic"] as? String == channel.topic, "\(progress.text)")
        }
    }

    @Test func everyRefusalHasAPNsStatusAndReason() async throws {
        // No write limit: the app makes its 10,000 topics at once.
        try await InProcessApp.run(arguments: ["--rate-limit-write", "0"]) { server in
            let setup = try await Self.setUp(server)
            let channel = try await Self.create(setup, policy: 0)
            let path = "/1/apps/\(setup.appID)/channels"
            let publish = "/4/broadcasts/apps/\(setup.appID)"
            let alert: [String: Any] = ["aps": ["alert": "Goal"]]
            Self.expect(try await Self.call(setup, "GET", path, channel: channel.id, key: ""), 403, "MissingProviderToken")
            Self.expect(try await Self.call(setup, "GET", path, channel: channel.id, key: "unk_nope"), 403, "InvalidProviderToken")
            Self.expect(try await Self.call(setup, "GET", "/1/apps/com.example.other/channels", channel: channel.id), 400, "TopicMismatch")
            Self.expect(try await Self.call(setup, "GET", path), 400, "MissingChannelId")
            Self.expect(try await Self.call(setup, "GET", path, channel: "bm90LWEtY2hhbm5lbA=="), 400, "BadChannelId")
            Self.expect(
                try await Self.call(setup, "POST", path, json: ["message-storage-policy": 2, "push-type": "LiveActivity"]), 400,
                "BadMessageStoragePolicy")
            Self.expect(
                try await Self.call(setup, "POST", path, json: ["message-storage-policy": 1, "push-type": "alert"]), 400, "InvalidPushType")
            let unknownField = try await Self.call(
                setup, "POST", path, json: ["message-storage-policy": 1, "push-type": "LiveActivity", "colour": "red"])
            Self.expect(unknownField, 400, "BadPayload")
            #expect((unknownField.json["detail"] as? String)?.contains("colour") == true, "\(unknownField.text)")
            Self.expect(
                try await Self.call(setup, "POST", path, json: ["message-storage-policy": 0.5, "push-type": "LiveActivity"]), 400,
                "BadPayload")

            Self.expect(try await Self.call(setup, "POST", publish, channel: channel.id, json: alert), 400, "MissingPushType")
            Self.expect(
                try await Self.call(setup, "POST", publish, channel: channel.id, headers: ["apns-push-type": "voip"], json: alert), 400,
                "InvalidPushType")
            Self.expect(
                try await Self.call(
                    setup, "POST", publish, channel: channel.id, headers: ["apns-push-type": "alert", "apns-expiration": "1800000000"],
                    json: alert), 400, "BadExpirationDate")
            Self.expect(
                try await Self.call(setup, "POST", publish, channel: channel.id, headers: ["apns-push-type": "liveactivity"], json: alert),
                400, "BadPayload")
            Self.expect(
                try await Self.call(
                    setup, "POST", publish, channel: channel.id, headers: ["apns-push-type": "alert"], json: ["aps": ["alert": 7]]), 400,
                "BadPayload")
            let empty = try await Self.call(setup, "POST", publish, channel: channel.id, headers: ["apns-push-type": "alert"])
            Self.expect(empty, 400, "PayloadEmpty")

            // A channel is one of the app's 10,000 topics.
            try await withThrowingTaskGroup { group in
                for worker in 0..<16 {
                    group.addTask {
                        for index in stride(from: worker, to: 9_999, by: 16) {
                            let made = try await server.call("POST", "/v1/topics", token: setup.key, json: ["identifier": "t\(index)"])
                            #expect(made.status == 201, "\(made.status) \(made.text)")
                        }
                    }
                }
                try await group.waitForAll()
            }
            Self.expect(
                try await Self.call(setup, "POST", path, json: ["message-storage-policy": 1, "push-type": "LiveActivity"]), 400,
                "CannotCreateChannelConfig")

            // Another app's channel is as unknown as one never made.
            let (otherApp, otherKey) = try await server.makeApp("Other")
            Self.expect(
                try await Self.call(setup, "GET", "/1/apps/\(otherApp)/channels", channel: channel.id, key: otherKey), 400,
                "ChannelNotRegistered")
            Self.expect(
                try await Self.call(
                    setup, "POST", "/4/broadcasts/apps/\(otherApp)", channel: channel.id, headers: ["apns-push-type": "alert"], json: alert,
                    key: otherKey), 400, "ChannelNotRegistered")
        }
    }
}
