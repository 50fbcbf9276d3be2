import Foundation
import InProcessHarness
import TestSupport
import Testing

/// The service extension (B18): a request with `mutableContent` and alert text goes to the app's
/// service extension, whose content is delivered if it comes in time and is valid; otherwise the original.
@Suite struct ServiceExtensionTests {
    /// The extension's deadline is the longest unless a case is about missing it (`timeout`).
    static func setUp(_ server: some TestAPI, receiver: WebhookReceiver, timeout: Double = 30) async throws -> String {
        let (_, key) = try await server.makeApp()
        _ = try await server.makeAuthorizedCenter("phone", key: key)
        let configured = try await server.call(
            "PUT", "/v1/webhooks", token: key,
            json: ["secrets": [WebhookTests.secret], "serviceExtension": ["url": receiver.url, "timeout": timeout]])
        #expect(configured.status == 200, "\(configured.text)")
        return key
    }

    static func deliveredTitle(_ server: some TestAPI, key: String, mutable: Bool = true, trigger: [String: Any]? = nil) async throws
        -> String?
    {
        var body: [String: Any] = ["identifier": "m1", "content": ["title": "Original", "mutableContent": mutable]]
        if let trigger { body["trigger"] = trigger }
        let added = try await server.call("POST", "/v1/centers/phone/requests", token: key, json: body)
        #expect(added.status == 201, "\(added.text)")
        if trigger != nil { try await WebhookTests.advance(server, by: 60) }
        let delivered = try await server.call("GET", "/v1/centers/phone/delivered", token: key).json["notifications"] as? [[String: Any]]
        return ((delivered?.first?["request"] as? [String: Any])?["content"] as? [String: Any])?["title"] as? String
    }

    /// Only the time-out case can miss the deadline: its receiver never answers.
    @Test(arguments: [
        ("title:Changed", "Changed"), ("hang", "Original"), ("invalid", "Original"), ("noalert", "Original"),
        ("status:500", "Original"),
    ])
    func theExtensionsContentIsDeliveredOnlyInTimeAndValid(answer: String, title: String) async throws {
        try await InProcessApp.run(arguments: WebhookTests.allowLoopback) { server in
            let receiver = try await WebhookReceiver(secrets: [WebhookTests.secret])
            try await receiver.setService(answer)
            let key = try await Self.setUp(server, receiver: receiver, timeout: answer == "hang" ? 1 : 30)
            #expect(try await Self.deliveredTitle(server, key: key) == title)
            let call = try #require(try await receiver.received().first)
            #expect(call["verifiedWith"] as? [Int] == [0])
            #expect((call["body"] as? [String: Any])?["type"] as? String == "notification.serviceExtension")
            try await receiver.stop()
        }
    }

    @Test func aScheduledRequestGoesThroughTheExtensionAtFireTime() async throws {
        try await InProcessApp.run(arguments: WebhookTests.allowLoopback) { server in
            let receiver = try await WebhookReceiver(secrets: [WebhookTests.secret])
            let key = try await Self.setUp(server, receiver: receiver)
            #expect(try await Self.deliveredTitle(server, key: key, trigger: ["type": "timeInterval", "timeInterval": 60]) == "Changed")
            // The pending request keeps its own content: only the delivery changed.
            try await receiver.stop()
        }
    }

    @Test func withoutMutableContentTheExtensionIsNotAsked() async throws {
        try await InProcessApp.run(arguments: WebhookTests.allowLoopback) { server in
            let receiver = try await WebhookReceiver(secrets: [WebhookTests.secret])
            let key = try await Self.setUp(server, receiver: receiver)
            #expect(try await Self.deliveredTitle(server, key: key, mutable: false) == "Original")
            #expect(try await receiver.received().isEmpty)
            try await receiver.stop()
        }
    }
}
