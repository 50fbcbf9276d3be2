import Foundation
import Synchronization
import TestSupport
import Testing

/// The outbox's three destinations from replicas on PostgreSQL, one of which dies in the burst.
@Suite(.enabled(if: TestPostgres.isAvailable, "needs the PostgreSQL server that make test starts"))
struct OutboxReplicaTests {
    /// 750 notifications across 150 centers come due at once on three replicas, each center with a browser
    /// subscribed or a phone registered (APNs or FCM), and the app's webhook asking for every delivery;
    /// one replica is SIGKILLed in the burst. Its firings and claimed messages are taken over when their
    /// leases end: in the outbox one message per destination and presentation, and every one arrives — at
    /// the app's webhook, the push service, APNs and FCM. A message under way at the kill may arrive twice,
    /// the same delivery (the same `webhook-id`; the same tag or collapse id: a device shows it once).
    @Test func everyDestinationGetsEveryMessageThoughAReplicaIsKilledMidBurst() async throws {
        let push = try await StandInPushService()
        let providers = try await FakeProviders()
        let receiver = try await WebhookReceiver(secrets: [WebhookTests.secret])
        let replicas = try await Replicas.start(
            3, arguments: WebhookTests.allowLoopback + providers.serverArguments + ["--web-push-allowed-services", push.origin])
        let (_, key) = try await replicas[0].makeApp(policy: "grant")
        // Webhook retries a second apart: on a loaded machine a call may time out, and the standard
        // schedule's second retry comes after 5 minutes.
        let configured = try await replicas[0].call(
            "PUT", "/v1/webhooks", token: key,
            json: [
                "delegateURL": receiver.url, "secrets": [WebhookTests.secret], "events": ["notification.delivered"],
                "retryDelays": [1, 1, 1, 1, 1, 1, 1, 1, 1, 1],
            ])
        #expect(configured.status == 200, "\(configured.text)")
        let credentials = try await providers.credentials()
        var apns = try #require(credentials["apns"] as? [String: Any])
        apns["topic"] = "com.example.tea"
        apns["environment"] = "production"
        #expect(try await replicas[0].call("PUT", "/v1/relay/credentials/apns", token: key, json: apns).status == 200)
        #expect(
            try await replicas[1].call("PUT", "/v1/relay/credentials/fcm", token: key, json: ["serviceAccount": credentials["fcm"] as Any])
                .status == 200)

        let centers = 150
        let perCenter = 5
        /// A third of the centers each: a browser, an APNs phone, an FCM phone.
        enum Device: Sendable { case browser(StandInPushService.Channel), phone(provider: String, token: String) }
        let devices = Mutex<[Int: Device]>([:])
        try await concurrently(0..<centers, width: 16) { index in
            let server = replicas[index % 3]
            let created = try await server.call("POST", "/v1/centers", token: key, json: ["id": "c\(index)"])
            let token = try server.field("token", of: created)
            _ = try await server.call("POST", "/v1/centers/c\(index)/authorization", token: key, json: ["options": ["alert"]])
            let device: Device
            let added: LoopbackResponse
            switch index % 3 {
            case 0:
                let channel = try await push.channel()
                device = .browser(channel)
                added = try await server.call("POST", "/v1/me/push-subscriptions", token: token, json: channel.subscription)
            case 1:
                device = .phone(provider: "apns", token: String(format: "%064x", index + 1))
                added = try await server.call(
                    "POST", "/v1/me/devices", token: token, json: ["provider": "apns", "token": String(format: "%064x", index + 1)])
            default:
                let fcmToken = "fcm-\(index):" + String(repeating: "t", count: 40)
                device = .phone(provider: "fcm", token: fcmToken)
                added = try await server.call("POST", "/v1/me/devices", token: token, json: ["provider": "fcm", "token": fcmToken])
            }
            guard added.status == 201 else { throw LoopbackConnection.Failure("device of c\(index): \(added.text)") }
            devices.withLock { $0[index] = device }
        }
        try await replicas.addRequests(centers: centers, perCenter: perCenter, key: key)
        let total = centers * perCenter

        async let moved = slowRequest(
            port: replicas[0].port, "POST", "/v1/clock", token: APIServer.adminToken, json: ["advanceBy": 60], timeout: 900)
        try await waitUntil("the burst to begin") { try await replicas.count("SELECT count(*) FROM delivered") >= 75 }
        replicas[2].process.signal(SIGKILL)
        _ = try await replicas[2].process.waitForExit()
        #expect(try await moved.status == 200)
        let summary = {
            let statuses = try await TestPostgres.query(
                replicas.database, "SELECT destination, status, count(*) FROM deliveries GROUP BY 1, 2 ORDER BY 1, 2")
            let errors = try await TestPostgres.query(
                replicas.database,
                "SELECT coalesce(status_code::text, 'none'), coalesce(error, ''), count(*) FROM delivery_attempts GROUP BY 1, 2 ORDER BY 3 DESC LIMIT 5"
            )
            return "pending \(try await replicas.count("SELECT count(*) FROM pending")); messages \(statuses); attempts \(errors)"
        }
        // What found no answer in the burst is retried: pushes and relays in real time, webhooks on the
        // scheduler's clock, virtual here, which the operator moves on as a test environment's would.
        let lastMove = Mutex(ContinuousClock.now)
        try await waitUntil("every message", within: 600, describe: summary) {
            if lastMove.withLock({ ContinuousClock.now - $0 > .seconds(1) }) {
                // A move waits for what it makes due to be attempted: in the burst, longer than a minute.
                _ = try await slowRequest(
                    port: replicas[0].port, "POST", "/v1/clock", token: APIServer.adminToken, json: ["advanceBy": 2], timeout: 900)
                lastMove.withLock { $0 = ContinuousClock.now }
            }
            let pending = try await replicas.count("SELECT count(*) FROM pending")
            let unsent = try await replicas.count("SELECT count(*) FROM deliveries WHERE status <> 'delivered'")
            let messages = try await replicas.count("SELECT count(*) FROM deliveries")
            return pending == 0 && unsent == 0 && messages == 2 * total
        }
        // Exactly once in the outbox: one message per destination (and device) and presentation.
        for destination in ["webhook", "browser", "phone"] {
            #expect(
                try await replicas.count(
                    """
                    SELECT count(DISTINCT (convert_from(payload, 'UTF8')::jsonb #>> '{data,centerID}',
                        convert_from(payload, 'UTF8')::jsonb #>> '{data,notification,request,identifier}'))
                    FROM deliveries WHERE destination = '\(destination)'
                    """) == (destination == "webhook" ? total : destination == "browser" ? total / 3 : 2 * total / 3), "\(destination)")
        }

        // And at each destination: every notification of every center.
        let identifiers = Set((0..<perCenter).map { "r\($0)" })
        var duplicates = 0
        let calls = try await receiver.received().filter { ($0["body"] as? [String: Any])?["type"] as? String == "notification.delivered" }
        let byCenter = Dictionary(grouping: calls) {
            (($0["body"] as? [String: Any])?["data"] as? [String: Any])?["centerID"] as? String ?? ""
        }
        for index in 0..<centers {
            let got = (byCenter["c\(index)"] ?? []).compactMap {
                ((($0["body"] as? [String: Any])?["data"] as? [String: Any])?["notification"] as? [String: Any]).flatMap {
                    ($0["request"] as? [String: Any])?["identifier"] as? String
                }
            }
            #expect(Set(got) == identifiers, "the webhook of c\(index) got \(got.sorted())")
            duplicates += got.count - Set(got).count
        }
        #expect(Set(calls.compactMap { $0["id"] as? String }).count == total, "one webhook-id per delivery")
        for (index, device) in devices.withLock({ $0 }) {
            let got: [String]
            switch device {
            case .browser(let channel):
                got = try await push.messages(channel).compactMap { ($0["payload"] as? [String: Any])?["tag"] as? String }
            case .phone(let provider, let token):
                got = try await providers.messages(provider, token: token).compactMap { message -> String? in
                    guard message["status"] as? Int == 200, let payload = message["payload"] as? [String: Any] else { return nil }
                    return provider == "apns"
                        ? (payload["usernotifyd"] as? [String: Any])?["identifier"] as? String
                        : (payload["data"] as? [String: String])?["usernotifyd.identifier"]
                }
            }
            #expect(Set(got) == identifiers, "the device of c\(index) got \(got.sorted())")
            duplicates += got.count - Set(got).count
        }
        // A second copy is the dead replica's attempt under way at the kill (at most its 256 slots), or an
        // attempt its receiver took but did not answer in time (a loaded machine), which is tried again.
        let unanswered = try await replicas.count("SELECT count(*) FROM delivery_attempts WHERE status_code IS NULL")
        #expect(duplicates <= 256 + unanswered, "at most the messages under way at the kill, and those tried again for want of an answer")
        #expect(try await providers.stats()["oauthExchanges"] as? Int ?? 0 <= 3, "one token per replica at most")
        let problems = try await push.problems() + providers.problems()
        #expect(problems.isEmpty, "\(problems.prefix(3))")
        try await replicas.stop()
        try await receiver.stop()
        try await providers.stop()
        try await push.stop()
    }
}
