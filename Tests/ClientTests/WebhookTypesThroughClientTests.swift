import Foundation
import OpenAPIRuntime
import Testing
import UserNotifyClient

/// The webhooks in openapi.yaml's `webhooks:` section give a receiver written with the generated client
/// its types: the messages the server wrote to the outbox (read back exactly as signed and sent through
/// `listWebhookDeliveries`) decode into them.
@Suite struct WebhookTypesThroughClientTests {
    typealias Schemas = Components.Schemas

    @Test func outboxMessagesDecodeIntoTheGeneratedWebhookTypes() async throws {
        // The delegate URL is never reached (nothing listens on port 9): the messages wait in the outbox.
        let server = try await ClientServer(arguments: ["--webhook-allow-networks", "127.0.0.0/8"])
        let admin = server.operatorClient
        let app = try await admin.createApp(body: .json(.init(name: "Chat", authorizationPolicy: .prompt))).created.body.json
        let appClient = server.client(token: try await admin.createAppKey(path: .init(appID: app.id)).created.body.json.key)
        let secret = "whsec_" + Data(repeating: 1, count: 32).base64EncodedString()
        let settings = try await appClient.setWebhookSettings(
            body: .json(
                .init(
                    delegateURL: "http://127.0.0.1:9/hook", secrets: [secret],
                    events: [.notification_response, .notification_removed, .settings_changed]))
        ).ok.body.json
        #expect(settings.secrets.map { $0.prefix } == [String(secret.prefix(10))])
        let created = try await appClient.createCenter(body: .json(.init(id: "phone"))).created.body.json
        let user = server.client(token: created.token)
        _ = try await appClient.requestAuthorization(path: .init(centerID: "phone"), body: .json(.init(options: [.alert]))).accepted
        _ = try await user.answerAuthorizationPrompt(body: .json(.init(allowed: true))).ok
        _ = try await user.updateNotificationSettings(body: .json(.init(alertSetting: .disabled))).ok
        _ = try await user.updateNotificationSettings(body: .json(.init(alertSetting: .enabled))).ok
        _ = try await appClient.addNotificationRequest(
            path: .init(centerID: "phone"), body: .json(.init(identifier: "hi", content: .init(title: "Hi")))
        ).created
        _ = try await user.respondToNotification(
            path: .init(identifier: "hi"), body: .json(.init(actionIdentifier: "com.apple.UNNotificationDefaultActionIdentifier"))
        ).ok

        let deliveries = try await appClient.listWebhookDeliveries().ok.body.json.deliveries
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .custom { decoder in
            let text = try decoder.singleValueContainer().decode(String.self)
            guard let date = try? Date(text, strategy: .iso8601.year().month().day().time(includingFractionalSeconds: true)) else {
                throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "not RFC 3339: \(text)"))
            }
            return date
        }
        var types: [String] = []
        for delivery in deliveries {
            let payload = Data(delivery.payload.utf8)
            switch delivery._type {
            case .notification_response:
                let call = try decoder.decode(Schemas.ResponseCall.self, from: payload)
                #expect(call.data.actionIdentifier == "com.apple.UNNotificationDefaultActionIdentifier")
                #expect(call.data.notification.request.identifier == "hi" && call.data.centerID == "phone")
            case .notification_removed:
                #expect(try decoder.decode(Schemas.RemovedCall.self, from: payload).data.identifiers == ["hi"])
            case .settings_changed:
                _ = try decoder.decode(Schemas.SettingsChangedCall.self, from: payload).data.settings.authorizationStatus
            default:
                Issue.record("an event the app did not ask for: \(delivery._type)")
            }
            types.append(delivery._type.rawValue)
        }
        #expect(Set(types) == ["settings.changed", "notification.response", "notification.removed"])
        try await server.stop()
    }
}
