import Foundation
import InProcessHarness
import TestSupport
import Testing

/// The retention sweep as it runs in the server, on the virtual clock: a delivered webhook message is
/// kept for its retention, then swept, while a newer one stays.
@Suite struct RetentionTests {
    @Test func deliveredMessagesAreSweptOnceTheirRetentionHasPassed() async throws {
        try await InProcessApp.run(arguments: WebhookTests.allowLoopback + ["--retain-finished-messages", "2d"]) { server in
            let receiver = try await WebhookReceiver(secrets: [WebhookTests.secret])
            let (key, token) = try await WebhookTests.setUp(server, receiverURL: receiver.url)
            func messages() async throws -> [String] {
                let page = try await server.call("GET", "/v1/webhooks/deliveries?status=delivered", token: key)
                return (page.json["deliveries"] as? [[String: Any]] ?? []).compactMap { $0["id"] as? String }
            }
            try await WebhookTests.respond("m1", server: server, token: token)
            try await WebhookTests.eventually("the first message delivered") { try await messages().count == 1 }
            let first = try await messages()

            // A day later: kept. Another message then.
            try await WebhookTests.advance(server, by: 86_400)
            try await WebhookTests.addDelivered("m2", server: server, key: key)
            try await WebhookTests.respond("m2", server: server, token: token)
            try await WebhookTests.eventually("the second message delivered") { try await messages().count == 2 }

            // Past two days from the first: the sweep (woken by the clock's move) takes it, not the second.
            try await WebhookTests.advance(server, by: 86_400 + 3600)
            try await WebhookTests.eventually("the first message swept") { try await messages().count == 1 }
            #expect(try await messages().first != first.first)
            try await receiver.stop()
        }
    }
}
