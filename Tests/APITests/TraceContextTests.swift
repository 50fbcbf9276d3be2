import Foundation
import TestSupport
import Testing

/// The W3C `traceparent` of an API call goes with the webhook calls it leads to: the extension calls
/// and the outbox messages of the request it added, fired at once or later (across a restart of the
/// dispatcher's claim: it is stored with the request and the message).
@Suite struct TraceContextTests {
    static let trace = "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01"
    static let now = "00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-00"

    @Test func aTraceparentFollowsItsRequestToTheAppsWebhooks() async throws {
        let server = try await APIServer(arguments: WebhookTests.allowLoopback)
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
        try await server.stop()
    }
}
