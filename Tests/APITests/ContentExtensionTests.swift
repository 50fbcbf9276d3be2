import Foundation
import InProcessHarness
import TestSupport
import Testing

/// Content extensions (B12): the extension registered for a category gets its actions first and
/// answers doNotDismiss, dismiss or dismissAndForwardAction; only the last reaches the delegate.
@Suite struct ContentExtensionTests {
    /// An app with category MESSAGE (REPLY with text input, LIKE), its delegate and content extension on
    /// `receiver`, and an authorized center "phone" with a delivered MESSAGE "m1"; returns (key, token).
    static func setUp(_ server: some TestAPI, receiver: WebhookReceiver, timeout: Double = 30) async throws -> (String, String) {
        let (_, key) = try await server.makeApp()
        let token = try await server.makeAuthorizedCenter("phone", key: key)
        let categories: [String: Any] = [
            "categories": [
                [
                    "identifier": "MESSAGE",
                    "actions": [
                        ["identifier": "REPLY", "title": "Reply", "textInput": ["buttonTitle": "Send", "placeholder": ""]],
                        ["identifier": "LIKE", "title": "Like"],
                    ],
                ]
            ]
        ]
        #expect(try await server.call("PUT", "/v1/categories", token: key, json: categories).status == 200)
        let configured = try await server.call(
            "PUT", "/v1/webhooks", token: key,
            json: [
                "delegateURL": receiver.url, "secrets": [WebhookTests.secret], "events": ["notification.response"],
                // The longest deadline, which a loaded machine's receiver cannot miss; the time-out case hangs.
                "contentExtensions": [["url": receiver.url, "categories": ["MESSAGE"], "timeout": timeout]],
            ])
        #expect(configured.status == 200, "\(configured.text)")
        let added = try await server.call(
            "POST", "/v1/centers/phone/requests", token: key,
            json: ["identifier": "m1", "content": ["title": "Anna", "body": "Lunch?", "categoryIdentifier": "MESSAGE"]])
        #expect(added.status == 201)
        return (key, token)
    }

    static func types(_ receiver: WebhookReceiver) async throws -> [String] {
        try await receiver.received().compactMap { ($0["body"] as? [String: Any])?["type"] as? String }
    }

    @Test(arguments: [
        ("doNotDismiss", false, false),
        ("dismiss", false, true),
        ("dismissAndForwardAction", true, true),
        ("hang", true, true),  // no answer in time: forwarded, so that the app still learns of it
    ])
    func theExtensionDecides(answer: String, forwarded: Bool, removed: Bool) async throws {
        try await InProcessApp.run(arguments: WebhookTests.allowLoopback) { server in
            let receiver = try await WebhookReceiver(secrets: [WebhookTests.secret])
            try await receiver.setExtension(answer)
            let (key, token) = try await Self.setUp(server, receiver: receiver, timeout: answer == "hang" ? 1 : 30)
            let response = try await server.call(
                "POST", "/v1/me/delivered/m1/response", token: token, json: ["actionIdentifier": "REPLY", "userText": "Yes!"])
            #expect(response.status == 200, "\(response.text)")
            #expect(response.json["forwardedToDelegate"] as? Bool == forwarded)
            #expect(response.json["removed"] as? Bool == removed)
            let delivered =
                try await server.call("GET", "/v1/centers/phone/delivered", token: key).json["notifications"] as? [[String: Any]]
            #expect(delivered?.isEmpty == removed)
            if forwarded {
                try await WebhookTests.eventually("the response") { try await Self.types(receiver).contains("notification.response") }
            } else {
                try await WebhookTests.advance(server, by: 0)
                #expect(!(try await Self.types(receiver).contains("notification.response")))
            }
            let call = try #require(try await receiver.received().first)
            #expect(call["verifiedWith"] as? [Int] == [0])
            let data = (call["body"] as? [String: Any])?["data"] as? [String: Any]
            #expect(data?["actionIdentifier"] as? String == "REPLY" && data?["userText"] as? String == "Yes!")
            try await receiver.stop()
        }
    }

    @Test func theDefaultActionGoesStraightToTheDelegate() async throws {
        try await InProcessApp.run(arguments: WebhookTests.allowLoopback) { server in
            let receiver = try await WebhookReceiver(secrets: [WebhookTests.secret])
            try await receiver.setExtension("doNotDismiss")
            let (_, token) = try await Self.setUp(server, receiver: receiver)
            try await WebhookTests.respond("m1", server: server, token: token)
            try await WebhookTests.eventually("the response") { try await Self.types(receiver) == ["notification.response"] }
            try await receiver.stop()
        }
    }
}
