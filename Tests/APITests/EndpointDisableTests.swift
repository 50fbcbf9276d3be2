import Foundation
import TestSupport
import Testing

/// Svix's rule: an endpoint whose every attempt failed for long enough (5 days by default; 1 hour
/// here) is disabled; the app's event stream tells of it and `getWebhookSettings` shows it.
@Suite struct EndpointDisableTests {
    @Test func anEndpointFailingForTheLimitIsDisabledAndTheAppIsTold() async throws {
        let server = try await APIServer(arguments: WebhookTests.allowLoopback + ["--webhook-disable-after", "1h"])
        let receiver = try await WebhookReceiver(secrets: [WebhookTests.secret], mode: "fail:100000")
        let (key, token) = try await WebhookTests.setUp(server, receiverURL: receiver.url)
        let settings = try await server.call(
            "PUT", "/v1/webhooks", token: key,
            json: ["delegateURL": receiver.url, "events": ["notification.response"], "retryDelays": Array(repeating: 600, count: 20)])
        #expect(settings.status == 200, "\(settings.text)")

        let stream = try await LoopbackConnection.open(port: server.port)
        try await stream.send("GET /v1/events HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer \(key)\r\nAccept: text/event-stream\r\n\r\n")
        #expect(try await stream.readHead().status == 200)

        try await WebhookTests.respond("m1", server: server, token: token)
        try await WebhookTests.eventually("the first attempt") { try await receiver.received().count == 1 }
        // The attempt is recorded after the receiver answered: wait for the record, not the call.
        var failing: [[String: Any]]?
        try await WebhookTests.eventually("the failure recorded") {
            failing = try await server.call("GET", "/v1/webhooks", token: key).json["endpoints"] as? [[String: Any]]
            return failing?.isEmpty == false
        }
        #expect(failing?.first?["url"] as? String == receiver.url && failing?.first?["disabled"] as? Bool == false)
        #expect(failing?.first?["failingSince"] is String)

        // Retries every 10 minutes (±10 %), each failing: past an hour of failures the endpoint is disabled.
        var disabled: [String: Any]?
        for _ in 0..<10 where disabled == nil {
            try await WebhookTests.advance(server, by: 660)
            let endpoints = try await server.call("GET", "/v1/webhooks", token: key).json["endpoints"] as? [[String: Any]]
            disabled = endpoints?.first { $0["disabled"] as? Bool == true }
        }
        let endpoint = try #require(disabled)
        #expect(endpoint["reason"] as? String == "failing" && endpoint["disabledAt"] is String)
        #expect(try await server.call("GET", "/v1/webhooks", token: key).json["disabledEndpoints"] as? [String] == [receiver.url])

        var event = ""
        var data = ""
        while data.isEmpty, let line = try await stream.readChunkedLine() {
            if line.hasPrefix("event: ") { event = String(line.dropFirst(7)) }
            if line.hasPrefix("data: ") { data = String(line.dropFirst(6)) }
        }
        #expect(event == "webhook.endpoint.disabled")
        let body = try JSONSerialization.jsonObject(with: Data(data.utf8)) as? [String: Any]
        #expect(body?["url"] as? String == receiver.url && body?["reason"] as? String == "failing")

        // No more attempts while disabled; enabling it sends the message again.
        let attempts = try await receiver.received().count
        try await WebhookTests.advance(server, by: 3600)
        #expect(try await receiver.received().count == attempts)
        try await receiver.setMode("ok")
        let enabled = try await server.call("POST", "/v1/webhooks/endpoints/enable", token: key, json: ["url": receiver.url])
        #expect(enabled.status == 200 && (enabled.json["endpoints"] as? [Any])?.isEmpty == true, "\(enabled.text)")
        try await WebhookTests.advance(server, by: 0)
        try await WebhookTests.eventually("the message delivered") { try await receiver.received().count == attempts + 1 }
        try await receiver.stop()
        try await server.stop()
    }
}
