import Foundation
import OpenAPIRuntime
import Testing
import UserNotifyClient

/// The client's event streams as `AsyncSequence`s, against the real server: a center's from its beginning,
/// events as they come while the stream is open, and a refused stream as an error.
@Suite struct EventStreamThroughClientTests {
    @Test(.timeLimit(.minutes(5))) func aCentersEventsArriveAsTheyComeThroughTheStream() async throws {
        let server = try await ClientServer()
        let admin = server.operatorClient
        let app = try await admin.createApp(body: .json(.init(name: "Streams", authorizationPolicy: .prompt))).created.body.json
        let appClient = server.client(token: try await admin.createAppKey(path: .init(appID: app.id)).created.body.json.key)
        let created = try await appClient.createCenter(body: .json(.init(id: "phone"))).created.body.json
        let user = server.client(token: created.token)
        // Before the user answered, an add is refused, as the README's example shows it.
        let early = try await appClient.addNotificationRequest(
            path: .init(centerID: "phone"),
            body: .json(
                .init(
                    identifier: "tea", content: .init(title: "Tea is ready"),
                    trigger: .timeInterval(.init(_type: .timeInterval, timeInterval: 240))))
        )
        #expect(try early.forbidden.body.applicationProblemJson.code.value1 == .notificationsNotAllowed)
        _ = try await appClient.requestAuthorization(path: .init(centerID: "phone"), body: .json(.init(options: [.alert])))

        // From the beginning ("0"): the prompt first; the answer and an add arrive while the stream is open.
        var names: [String] = []
        for try await event in try await user.centerEvents(lastEventID: "0") {
            names.append(event.name)
            if event.name == "authorizationPrompt" {
                #expect(event.id == "1" && event.data.contains("\"alert\""), "\(event)")
                _ = try await user.answerAuthorizationPrompt(body: .json(.init(allowed: true))).ok
                _ = try await appClient.addNotificationRequest(
                    path: .init(centerID: "phone"), body: .json(.init(identifier: "now", content: .init(title: "Hello")))
                ).created
            }
            if event.name == "presented" {
                #expect(event.data.contains("\"now\""))
                break
            }
        }
        #expect(names.first == "authorizationPrompt" && names.contains("settingsChanged") && names.last == "presented", "\(names)")

        // The app's stream is an app key's: a center token is refused.
        await #expect(throws: EventStreamRefused.self) { _ = try await user.appEvents() }
        try await server.stop()
    }
}
