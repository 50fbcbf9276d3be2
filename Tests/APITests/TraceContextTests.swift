import Foundation
import InProcessHarness
import TestSupport
import Testing

/// The W3C `traceparent` of an API call goes with the webhook calls it leads to: the extension calls
/// and the outbox messages of the request it added, fired at once or later (across a restart of the
/// dispatcher's claim: it is stored with the request and the message), and the messages of what a user
/// does (answering the prompt, changing a setting, responding).
@Suite struct TraceContextTests {
    static let trace = "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01"
    static let now = "00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-00"

    @Test func aTraceparentFollowsItsRequestToTheAppsWebhooks() async throws {
        try await InProcessApp.run(arguments: WebhookTests.allowLoopback) { server in
            let receiver = try await WebhookReceiver(secrets: [WebhookTests.secret])
            let (_, key) = try await server.makeApp()
            let token = try await server.makeAuthorizedCenter("phone", key: key)
            let configured = try await server.call(
                "PUT", "/v1/webhooks", token: key,
                json: ["delegateURL": receiver.url, "secrets": [WebhookTests.secret], "events": ["notification.delivered"]])
            #expect(configured.status == 200, "\(configured.text)")
            // In the foreground: every firing asks willPresent first.
            #expect(try await server.call("PATCH", "/v1/me/state", token: token, json: ["appState": "foreground"]).status == 200)

            func add(_ identifier: String, traceparent: String?, trigger: Bool) async throws {
                var json: [String: Any] = ["identifier": identifier, "content": ["title": identifier]]
                if trigger { json["trigger"] = ["type": "timeInterval", "timeInterval": 60] }
                let added = try await server.call(
                    "POST", "/v1/centers/phone/requests", token: key, json: json, headers: traceparent.map { ["traceparent": $0] } ?? [:])
                #expect(added.status == 201, "\(added.text)")
            }
            try await add("later", traceparent: Self.trace, trigger: true)
            try await add("untraced", traceparent: nil, trigger: true)
            try await add("invalid", traceparent: "00-00000000000000000000000000000000-00f067aa0ba902b7-01", trigger: true)
            try await add("at-once", traceparent: Self.now, trigger: false)
            try await WebhookTests.advance(server, by: 60)

            var calls: [String: [(type: String, traceparent: String?)]] = [:]
            for call in try await receiver.received() {
                let body = call["body"] as? [String: Any] ?? [:]
                let data = body["data"] as? [String: Any] ?? [:]
                let request = ((data["notification"] as? [String: Any])?["request"] ?? data["request"]) as? [String: Any] ?? [:]
                calls[request["identifier"] as? String ?? "?", default: []].append(
                    (body["type"] as? String ?? "?", call["traceparent"] as? String))
            }
            for (identifier, expected) in [("later", Self.trace), ("at-once", Self.now), ("untraced", nil), ("invalid", nil)] {
                let types = Set(calls[identifier]?.map(\.type) ?? [])
                #expect(types == ["notification.willPresent", "notification.delivered"], "\(identifier): \(calls[identifier] ?? [])")
                #expect(calls[identifier]?.allSatisfy { $0.traceparent == expected } == true, "\(identifier): \(calls[identifier] ?? [])")
            }
            try await receiver.stop()
        }
    }

    @Test func aUsersCallsCarryTheirTraceparentToTheAppsWebhooks() async throws {
        try await InProcessApp.run(arguments: WebhookTests.allowLoopback) { server in
            let receiver = try await WebhookReceiver(secrets: [WebhookTests.secret])
            let (_, key) = try await server.makeApp()
            let token = try server.field("token", of: try await server.call("POST", "/v1/centers", token: key, json: ["id": "phone"]))
            let configured = try await server.call(
                "PUT", "/v1/webhooks", token: key,
                json: [
                    "delegateURL": receiver.url, "secrets": [WebhookTests.secret],
                    "events": ["notification.response", "authorization.changed", "settings.changed", "notification.removed"],
                ])
            #expect(configured.status == 200, "\(configured.text)")
            let asked = try await server.call("POST", "/v1/centers/phone/authorization", token: key, json: ["options": ["alert"]])
            #expect(asked.status == 202, "the prompt waits for the user: \(asked.text)")
            let traces = [
                "prompt": "00-11111111111111111111111111111111-1111111111111111-01",
                "settings": "00-22222222222222222222222222222222-2222222222222222-01",
                "response": "00-33333333333333333333333333333333-3333333333333333-01",
            ]
            func call(_ method: String, _ path: String, _ json: [String: Any], trace: String) async throws {
                let answer = try await server.call(method, path, token: token, json: json, headers: ["traceparent": trace])
                #expect(answer.status == 200, "\(path): \(answer.text)")
            }
            try await call("POST", "/v1/me/authorization", ["allowed": true], trace: traces["prompt"]!)
            try await call("PATCH", "/v1/me/settings", ["soundSetting": "disabled"], trace: traces["settings"]!)
            try await WebhookTests.addDelivered("m1", server: server, key: key)
            try await call(
                "POST", "/v1/me/delivered/m1/response", ["actionIdentifier": WebhookTests.defaultAction], trace: traces["response"]!)

            // The response opened the notification, which cleared it: notification.removed comes of the same call.
            try await WebhookTests.eventually("four webhooks") { try await receiver.received().count == 4 }
            var seen: [String: String] = [:]
            for call in try await receiver.received() {
                let type = (call["body"] as? [String: Any])?["type"] as? String ?? "?"
                seen[type] = call["traceparent"] as? String ?? "none"
            }
            #expect(
                seen == [
                    "authorization.changed": traces["prompt"]!, "settings.changed": traces["settings"]!,
                    "notification.response": traces["response"]!, "notification.removed": traces["response"]!,
                ])
            try await receiver.stop()
        }
    }
}
