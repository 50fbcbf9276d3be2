import Foundation
import TestSupport
import Testing

/// With `--otlp-endpoint`, each API request, each firing and each webhook attempt is a span exported over
/// OTLP/HTTP, with the incoming `traceparent` as the root's parent; a loopback collector
/// (`Tests/Fixtures/OTLPReceiver`) decodes them.
@Suite struct SpanExportTests {
    static let traceID = "4bf92f3577b34da6a3ce929d0e0e4736"
    static let callerSpan = "00f067aa0ba902b7"

    @Test func aRequestItsFiringAndItsWebhookAttemptAreSpansOfTheCallersTrace() async throws {
        let collector = try ServerProcess(
            executable: ServerProcess.packageRoot.appendingPathComponent(".venv/bin/python"),
            arguments: [ServerProcess.packageRoot.appendingPathComponent("Tests/Fixtures/OTLPReceiver/receiver.py").path])
        let collectorLine = try #require(try await collector.waitForLine(containing: "listening"))
        let collectorPort = try #require(Int(collectorLine.split(separator: " ").last ?? ""))
        let receiver = try await WebhookReceiver(secrets: [WebhookTests.secret])
        let server = try await APIServer(
            arguments: WebhookTests.allowLoopback + ["--otlp-endpoint", "http://127.0.0.1:\(collectorPort)/v1/traces"])
        let (_, key) = try await server.makeApp(policy: "grant")
        let configured = try await server.call(
            "PUT", "/v1/webhooks", token: key,
            json: ["delegateURL": receiver.url, "secrets": [WebhookTests.secret], "events": ["notification.delivered"]])
        #expect(configured.status == 200, "\(configured.text)")
        _ = try await server.makeAuthorizedCenter("phone", key: key)
        let added = try await server.call(
            "POST", "/v1/centers/phone/requests", token: key,
            json: ["identifier": "tea", "content": ["title": "Tea"], "trigger": ["type": "timeInterval", "timeInterval": 60]],
            headers: ["traceparent": "00-\(Self.traceID)-\(Self.callerSpan)-01"])
        #expect(added.status == 201, "\(added.text)")
        try await WebhookTests.advance(server, by: 60)

        var spans: [[String: Any]] = []
        try await waitUntil("the spans of the trace", within: 60) {
            let listed = try JSONSerialization.jsonObject(with: Data(try await loopbackRequest(port: collectorPort, "GET", "/spans").body))
            let document = listed as? [String: Any] ?? [:]
            #expect((document["errors"] as? [Any])?.isEmpty == true, "the collector decoded everything: \(document["errors"] ?? "")")
            spans = (document["spans"] as? [[String: Any]] ?? []).filter { $0["traceId"] as? String == Self.traceID }
            return spans.contains { $0["name"] as? String == "POST webhook" }
        }
        func span(_ name: String) -> [String: Any]? { spans.first { $0["name"] as? String == name } }
        let request = try #require(span("POST /v1/centers/{centerID}/requests"), "\(spans)")
        #expect(request["parentSpanId"] as? String == Self.callerSpan, "the caller's span is the request's parent")
        #expect(request["kind"] as? Int == 2)
        let attributes = request["attributes"] as? [String: Any] ?? [:]
        #expect(attributes["http.route"] as? String == "/v1/centers/{centerID}/requests")
        #expect(attributes["http.response.status_code"] as? Int == 201)
        #expect((request["resource"] as? [String: Any])?["service.name"] as? String == "usernotifyd")

        let firing = try #require(span("fire"), "\(spans)")
        #expect(firing["parentSpanId"] as? String == request["spanId"] as? String, "the firing is the request's child")
        #expect((firing["attributes"] as? [String: Any])?["usernotifyd.request"] as? String == "tea")

        let attempt = try #require(span("POST webhook"), "\(spans)")
        #expect(attempt["kind"] as? Int == 3)
        #expect(attempt["parentSpanId"] as? String == request["spanId"] as? String)
        #expect((attempt["attributes"] as? [String: Any])?["http.response.status_code"] as? Int == 200)
        #expect((attempt["attributes"] as? [String: Any])?["server.address"] as? String == "127.0.0.1")
        // The receiver continues the trace from the attempt.
        let call = try #require(try await receiver.received().first)
        #expect(call["traceparent"] as? String == "00-\(Self.traceID)-\(attempt["spanId"] as? String ?? "")-01")

        try await server.stop()
        try await receiver.stop()
        collector.signal(SIGTERM)
        _ = try await collector.waitForExit()
    }

    /// Without an endpoint nothing is traced: the `traceparent` goes on to the webhooks as it came.
    @Test func withoutAnEndpointTheTraceparentGoesOnAsItCame() async throws {
        let receiver = try await WebhookReceiver(secrets: [WebhookTests.secret])
        let server = try await APIServer(arguments: WebhookTests.allowLoopback)
        let (_, key) = try await server.makeApp(policy: "grant")
        _ = try await server.call(
            "PUT", "/v1/webhooks", token: key,
            json: ["delegateURL": receiver.url, "secrets": [WebhookTests.secret], "events": ["notification.delivered"]])
        _ = try await server.makeAuthorizedCenter("phone", key: key)
        let traceparent = "00-\(Self.traceID)-\(Self.callerSpan)-01"
        _ = try await server.call(
            "POST", "/v1/centers/phone/requests", token: key, json: ["identifier": "now", "content": ["title": "Now"]],
            headers: ["traceparent": traceparent])
        try await waitUntil("the webhook") { try await !receiver.received().isEmpty }
        #expect(try await receiver.received().first?["traceparent"] as? String == traceparent)
        try await server.stop()
        try await receiver.stop()
    }

    /// A loopback collector (`Tests/Fixtures/OTLPReceiver`) and its port.
    static func collector() async throws -> (ServerProcess, Int) {
        let collector = try ServerProcess(
            executable: ServerProcess.packageRoot.appendingPathComponent(".venv/bin/python"),
            arguments: [ServerProcess.packageRoot.appendingPathComponent("Tests/Fixtures/OTLPReceiver/receiver.py").path])
        let line = try #require(try await collector.waitForLine(containing: "listening"))
        return (collector, try #require(Int(line.split(separator: " ").last ?? "")))
    }

    /// Capabilities in a path (an attachment's signed token, a device token) never reach the collector:
    /// `url.path` names them as the route does; a path no route serves has no `url.path`; an unknown
    /// method is `_OTHER`.
    @Test func capabilitiesAndClientTextAreCutFromSpans() async throws {
        let (collector, collectorPort) = try await Self.collector()
        let server = try await APIServer(arguments: ["--otlp-endpoint", "http://127.0.0.1:\(collectorPort)/v1/traces"])
        let secret = "tok3n-that-must-not-leave"
        let traceparent = "00-\(Self.traceID)-\(Self.callerSpan)-01"
        for (method, path) in [
            ("GET", "/v1/web-push/attachments/\(secret)"), ("GET", "/nowhere/\(secret)"), ("BREW\(secret.prefix(4))", "/v1/apps"),
        ] {
            _ = try await server.call(method, path, token: nil, headers: ["traceparent": traceparent])
        }
        var document = ""
        var spans: [[String: Any]] = []
        try await waitUntil("three spans", within: 60) {
            let listed = try await loopbackRequest(port: collectorPort, "GET", "/spans")
            document = listed.text
            spans = ((listed.json["spans"] as? [[String: Any]]) ?? []).filter { $0["traceId"] as? String == Self.traceID }
            return spans.count >= 3
        }
        #expect(!document.contains(secret) && !document.contains("BREW"), "\(document)")
        let paths = spans.map { ($0["attributes"] as? [String: Any])?["url.path"] as? String }
        #expect(paths.contains("/v1/web-push/attachments/{token}"), "\(paths)")
        #expect(paths.filter { $0 == nil }.count == 2, "no url.path for an unserved path or method: \(paths)")
        #expect(spans.contains { $0["name"] as? String == "_OTHER" })
        try await server.stop()
        collector.signal(SIGTERM)
        _ = try await collector.waitForExit()
    }

    /// The exporter sends spans to its endpoint only: a redirect is refused and logged, not followed.
    @Test func theExporterDoesNotFollowRedirects() async throws {
        let (collector, collectorPort) = try await Self.collector()
        let server = try await APIServer(arguments: ["--otlp-endpoint", "http://127.0.0.1:\(collectorPort)/redirect"])
        _ = try await server.call("GET", "/v1/apps", token: nil)
        let refused = try #require(try await server.process.waitForLine(containing: "the collector refused spans"))
        #expect(refused.contains("307"), "\(refused)")
        let listed = try await loopbackRequest(port: collectorPort, "GET", "/spans")
        #expect((listed.json["spans"] as? [Any])?.isEmpty == true, "nothing reached the redirect's target: \(listed.text)")
        try await server.stop()
        collector.signal(SIGTERM)
        _ = try await collector.waitForExit()
    }
}
