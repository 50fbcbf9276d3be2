import Foundation
import TestSupport
import Testing

/// `GET /metrics`: Prometheus' text format for the operator, with what the service did.
@Suite struct MetricsTests {
    @Test func metricsCountRequestsFiringsAndWebhooksForTheOperatorOnly() async throws {
        let server = try await APIServer(arguments: WebhookTests.allowLoopback)
        let receiver = try await WebhookReceiver(secrets: [WebhookTests.secret])
        let (_, key) = try await server.makeApp(policy: "grant")
        let configured = try await server.call(
            "PUT", "/v1/webhooks", token: key,
            json: ["delegateURL": receiver.url, "secrets": [WebhookTests.secret], "events": ["notification.delivered"]])
        #expect(configured.status == 200, "\(configured.text)")
        _ = try await server.makeAuthorizedCenter("phone", key: key)
        for identifier in ["one", "two"] {
            let added = try await server.call(
                "POST", "/v1/centers/phone/requests", token: key,
                json: ["identifier": identifier, "content": ["title": "Tea"], "trigger": ["type": "timeInterval", "timeInterval": 60]])
            #expect(added.status == 201)
        }
        try await WebhookTests.advance(server, by: 60)
        _ = try await server.call(
            "POST", "/v1/centers/phone/requests", token: key,
            json: ["identifier": "later", "content": ["title": "Tea"], "trigger": ["type": "timeInterval", "timeInterval": 600]])

        #expect(try await server.call("GET", "/metrics", token: nil).status == 401)
        #expect(try await server.call("GET", "/metrics", token: key).status == 403, "an app key is not the operator's")
        let metrics = try await server.call("GET", "/metrics", token: APIServer.adminToken)
        #expect(metrics.status == 200)
        #expect(metrics.header("Content-Type")?.hasPrefix("text/plain; version=0.0.4") == true)
        let samples = Self.samples(metrics.text)
        #expect(samples[#"usernotifyd_http_requests_total{route="/v1/centers/{centerID}/requests",method="POST",status="201"}"#] == 3)
        #expect(samples[#"usernotifyd_firings_total"#] == 2)
        #expect(samples[#"usernotifyd_firing_lateness_seconds_count"#] == 2)
        #expect(samples[#"usernotifyd_outbox_attempts_total{destination="webhook",outcome="delivered"}"#] == 2)
        #expect(samples[#"usernotifyd_outbox_delivery_latency_seconds_count{destination="webhook"}"#] == 2)
        #expect(samples[#"usernotifyd_outbox_attempts_in_flight"#] == 0)
        // The names of before destinations, kept for one release.
        #expect(samples[#"usernotifyd_webhook_attempts_total{outcome="delivered"}"#] == 2)
        #expect(samples[#"usernotifyd_webhook_delivery_latency_seconds_count"#] == 2)
        #expect(samples[#"usernotifyd_pending_requests"#] == 1)
        #expect(samples[#"usernotifyd_outbox_depth"#] == 0)
        #expect(samples[#"usernotifyd_event_streams"#] == 0)
        #expect(samples.keys.contains { $0.hasPrefix("usernotifyd_http_request_duration_seconds_bucket{") })
        #expect(!samples.keys.contains { $0.contains("/v1/centers/phone") }, "routes by template, never by raw path")
        try Self.expectMonitoringUsesOnly(exported: metrics.text)
        try await receiver.stop()
        try await server.stop()
    }

    /// Every metric that `deploy/monitoring`'s alert rules and dashboard use is one this exposition has
    /// (a histogram by its `_bucket`, `_sum` or `_count`), but for Prometheus' own `up`, the store errors'
    /// counter, which appears with the first error, the failed firings' counter, which appears with the
    /// first (`FiringFailureTests` finds it), the pushes' and relays' counters, which appear with
    /// the first attempt (`WebPushTests` and `RelayTests` find them), the receipts' steps, which appear
    /// with the first firing (`ReceiptTests` finds them), and the PostgreSQL pool's gauges and its
    /// transactions run again, which `aReplicaReportsItsDatabasePool` finds on a replica; and none whose help says it is deprecated.
    static func expectMonitoringUsesOnly(exported exposition: String) throws {
        let exported = Set(
            exposition.split(separator: "\n").filter { $0.hasPrefix("# TYPE ") }.map { String($0.split(separator: " ")[2]) }
                + [
                    "up", "usernotifyd_store_errors_total", "usernotifyd_firing_failures_total", "usernotifyd_web_push_attempts_total",
                    "usernotifyd_relay_attempts_total", "usernotifyd_notifications_total",
                    "usernotifyd_database_transactions_run_again_total",
                ]
                + postgresOnly)
        let monitoring = ServerProcess.packageRoot.appendingPathComponent("deploy/monitoring")
        for file in ["alerts.yaml", "dashboard.json"] {
            let text = try String(contentsOf: monitoring.appendingPathComponent(file), encoding: .utf8)
            let used = Set(
                text.matches(of: /\b(usernotifyd_[a-z_]+|process_[a-z_]+|up)(?:\{|\[|\)| )/).map { match in
                    String(match.1).replacing(/_(bucket|sum|count)$/, with: "")
                })
            #expect(!used.isEmpty, "\(file) uses metrics")
            let unknown = used.subtracting(exported)
            #expect(unknown.isEmpty, "\(file) uses metrics the server does not export: \(unknown.sorted())")
            let deprecated = used.intersection(
                exposition.split(separator: "\n").filter { $0.hasPrefix("# HELP ") && $0.contains(" Deprecated ") }.map {
                    String($0.split(separator: " ")[2])
                })
            #expect(deprecated.isEmpty, "\(file) uses deprecated metrics: \(deprecated.sorted())")
        }
    }

    /// Methods no route serves are answered 501 before routing and counted as `other`: hundreds of new
    /// method tokens, on served paths and unknown ones, add no series (the label is never a client's text).
    @Test func unknownMethodsAre501AndAddNoSeries() async throws {
        let server = try await APIServer()
        let connection = try await LoopbackConnection.open(port: server.port)
        let first = try await connection.request("BREW", "/v1/apps")
        #expect(first.status == 501)
        #expect(first.json["code"] as? String == "methodNotImplemented", "\(first.text)")
        #expect(first.header("Content-Type") == "application/problem+json")
        _ = try await server.call("GET", "/metrics", token: APIServer.adminToken)  // its own series, before the count
        let before = try await server.call("GET", "/metrics", token: APIServer.adminToken).text
        for index in 0..<300 {
            let path = ["/v1/apps", "/v1/centers/x/requests", "/nowhere/\(index)", "/metrics"][index % 4]
            let answer = try await connection.request("M\(index)X", path)
            #expect(answer.status == 501, "M\(index)X \(path): \(answer.status)")
        }
        let after = try await server.call("GET", "/metrics", token: APIServer.adminToken).text
        let series = { (text: String) in Set(Self.samples(text).keys.filter { $0.hasPrefix("usernotifyd_http_request") }) }
        #expect(series(after) == series(before), "new series: \(series(after).subtracting(series(before)).sorted().prefix(5))")
        #expect(Self.samples(after)[#"usernotifyd_http_requests_total{route="unmatched",method="other",status="501"}"#] == 301)
        #expect(!after.contains("M1X"))
        try await server.stop()
    }

    /// `--metrics-port`: a listener of its own that serves `/metrics` alone, without credential, for a
    /// scraper; every metric with its `# HELP`, the build, the process, this replica's outbox share.
    @Test func aMetricsListenerServesMetricsAloneWithoutACredential() async throws {
        let server = try await APIServer(arguments: ["--metrics-port", "0"])
        let port = try await Self.metricsPort(server.process)
        #expect(port != server.port)
        let (_, key) = try await server.makeApp()
        _ = try await server.makeAuthorizedCenter("phone", key: key)
        _ = try await server.call(
            "POST", "/v1/centers/phone/requests", token: key,
            json: ["identifier": "later", "content": ["title": "Tea"], "trigger": ["type": "timeInterval", "timeInterval": 600]])

        let metrics = try await loopbackRequest(port: port, "GET", "/metrics")
        #expect(metrics.status == 200)
        #expect(metrics.header("Content-Type")?.hasPrefix("text/plain; version=0.0.4") == true)
        let lines = metrics.text.split(separator: "\n").map(String.init)
        for (index, line) in lines.enumerated() where line.hasPrefix("# TYPE ") {
            let name = line.split(separator: " ")[2]
            #expect(index > 0 && lines[index - 1].hasPrefix("# HELP \(name) "), "every metric has its help: \(name)")
        }
        let samples = Self.samples(metrics.text)
        #expect(samples[#"usernotifyd_build_info{version="0.1.0"}"#] == 1)
        #expect(samples["usernotifyd_pending_requests"] == 1)
        #expect(samples["usernotifyd_webhook_attempts_in_flight"] == 0)
        #expect((samples["process_resident_memory_bytes"] ?? 0) > 1_000_000)
        #expect((samples["process_open_fds"] ?? 0) > 3)
        #expect((samples["process_max_fds"] ?? 0) >= (samples["process_open_fds"] ?? 0))
        #expect((samples["process_start_time_seconds"] ?? 0) > Date().timeIntervalSince1970 - 3600)
        #expect(samples["process_cpu_seconds_total"] != nil)
        #expect(samples.keys.contains { $0.hasPrefix(#"usernotifyd_http_requests_total{route="/v1/centers/{centerID}/requests""#) })

        // Metrics and nothing else there; the API's own `/metrics` still wants the admin token.
        #expect(
            try await loopbackRequest(port: port, "GET", "/v1/apps", headers: ["Authorization": "Bearer \(APIServer.adminToken)"]).status
                == 404)
        #expect(try await server.call("GET", "/metrics", token: nil).status == 401)
        try await server.stop()
    }

    static let postgresOnly = [
        "usernotifyd_database_connections_in_use", "usernotifyd_database_calls_waiting", "usernotifyd_database_connections_max",
    ]

    /// On PostgreSQL a replica reports its pool: connections in use, calls waiting, and its size.
    @Test(.enabled(if: TestPostgres.isAvailable, "needs the PostgreSQL server that make test starts"))
    func aReplicaReportsItsDatabasePool() async throws {
        let replicas = try await Replicas.start(1, arguments: ["--metrics-port", "0", "--database-pool-size", "7"])
        let port = try await Self.metricsPort(replicas[0].process)
        let samples = Self.samples(try await loopbackRequest(port: port, "GET", "/metrics").text)
        #expect(samples["usernotifyd_database_connections_max"] == 7)
        #expect(Self.postgresOnly.allSatisfy { samples[$0] != nil })
        // The transactions run again, from 0 (the store's count: `TransactionRetryTests`).
        for reason in ["deadlock", "serialization"] {
            #expect(samples[#"usernotifyd_database_transactions_run_again_total{reason="\#(reason)"}"#] == 0)
        }
        try await replicas.stop()
    }

    /// The port the metrics listener logged (`metrics listening`).
    static func metricsPort(_ process: ServerProcess) async throws -> Int {
        let line = try #require(try await process.waitForLine(containing: "metrics listening"))
        return try #require(
            line.range(of: #""http.port":"(\d+)""#, options: .regularExpression).flatMap { Int(line[$0].filter(\.isNumber)) })
    }

    /// Each sample line's name with its labels, and its value.
    static func samples(_ text: String) -> [String: Double] {
        var samples: [String: Double] = [:]
        for line in text.split(separator: "\n") where !line.hasPrefix("#") {
            guard let space = line.lastIndex(of: " "), let value = Double(line[line.index(after: space)...]) else { continue }
            samples[String(line[..<space])] = value
        }
        return samples
    }
}
