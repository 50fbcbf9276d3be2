import Foundation
import OpenAPIRuntime
import Testing
import UserNotifyClient

/// The framework's flows end to end through the Swift client generated from openapi.yaml, against the real
/// server on loopback: create app and center, authorize, add with each trigger type, list pending, fire
/// through the virtual clock, list delivered, respond, remove — and errors as the client sees them.
@Suite struct FrameworkFlowThroughClientTests {
    typealias Schemas = Components.Schemas

    @Test func theWholeFlowThroughTheGeneratedClient() async throws {
        let server = try await ClientServer()
        let admin = server.operatorClient

        // Operator: an app and its key.
        let app = try await admin.createApp(body: .json(.init(name: "Reminders", authorizationPolicy: .prompt))).created.body.json
        let key = try await admin.createAppKey(path: .init(appID: app.id)).created.body.json
        #expect(key.key.hasPrefix("unk_"))
        let appClient = server.client(token: key.key)

        // App: categories, then a center in Berlin; the user gets the center's token.
        let reply = Schemas.NotificationAction(
            identifier: "REPLY", title: "Reply", textInput: .init(buttonTitle: "Send", placeholder: "Message"))
        _ = try await appClient.setNotificationCategories(
            body: .json(.init(categories: [.init(identifier: "MESSAGE", actions: [reply])]))
        ).ok.body.json
        let created = try await appClient.createCenter(body: .json(.init(id: "phone", timeZone: "Europe/Berlin", locale: "de-DE")))
            .created.body.json
        #expect(created.center.state.timeZone == "Europe/Berlin")
        let user = server.client(token: created.token)
        let path = Operations.AddNotificationRequest.Input.Path(centerID: "phone")
        // The virtual clock starts at the wall clock's time: move it to the next midnight (UTC), well away
        // from the stand-up's 09:30 in Berlin, so that what fires below does not depend on the time of day.
        var utc = Calendar(identifier: .gregorian)
        utc.timeZone = TimeZone(identifier: "UTC")!
        let started = try await admin.getClock().ok.body.json.now
        _ = try await admin.setClock(body: .json(.ClockSet(.init(now: utc.startOfDay(for: started).addingTimeInterval(86_400))))).ok

        // requestAuthorization prompts (202); the user allows; the settings say authorized.
        let prompting = try await appClient.requestAuthorization(
            path: .init(centerID: "phone"), body: .json(.init(options: [.alert, .sound, .badge]))
        ).accepted.body.json
        #expect(prompting.status == .notDetermined && prompting.prompt != nil)
        _ = try await user.answerAuthorizationPrompt(body: .json(.init(allowed: true))).ok.body.json
        let settings = try await appClient.getNotificationSettings(path: .init(centerID: "phone")).ok.body.json
        #expect(settings.authorizationStatus == .authorized)

        // One request per trigger type, and one without a trigger (delivered at once).
        let tea = Schemas.NotificationRequest(
            identifier: "tea", content: .init(title: "Tea is ready", sound: ._default(.init(_type: ._default))),
            trigger: .timeInterval(.init(_type: .timeInterval, timeInterval: 240)))
        let standup = Schemas.NotificationRequest(
            identifier: "standup", content: .init(title: "Stand-up"),
            trigger: .calendar(.init(_type: .calendar, dateComponents: .init(hour: 9, minute: 30), repeats: true)))
        let office = Schemas.NotificationRequest(
            identifier: "office", content: .init(title: "At the office"),
            trigger: .location(
                .init(
                    _type: .location,
                    region: .init(
                        identifier: "office", latitude: 52.52, longitude: 13.405, radius: 100, notifyOnEntry: true, notifyOnExit: false)
                )))
        let chat = Schemas.NotificationRequest(
            identifier: "chat", content: .init(title: "Anna", body: "Lunch?", categoryIdentifier: "MESSAGE"))
        for request in [tea, standup, office] {
            let added = try await appClient.addNotificationRequest(path: path, body: .json(request)).created.body.json
            #expect(added.request?.identifier == request.identifier)
        }
        let delivered = try await appClient.addNotificationRequest(path: path, body: .json(chat)).created.body.json
        #expect(delivered.delivered?.request.identifier == "chat")

        // Pending: three, with their next trigger dates (none for the location trigger).
        let pending = try await appClient.getPendingNotificationRequests(path: .init(centerID: "phone")).ok.body.json
        #expect(Set(pending.requests.map(\.identifier)) == ["tea", "standup", "office"])
        #expect(pending.requests.first { $0.identifier == "tea" }?.nextTriggerDate != nil)
        #expect(pending.requests.first { $0.identifier == "office" }?.nextTriggerDate == nil)

        // The virtual clock: 240 s later the tea fires; the stand-up fires at 09:30 Berlin time.
        let clock = try await admin.getClock().ok.body.json
        _ = try await admin.setClock(body: .json(.ClockAdvance(.init(advanceBy: 240)))).ok.body.json
        var deliveredIDs = try await appClient.getDeliveredNotifications(path: .init(centerID: "phone")).ok.body.json.notifications.map(
            \.request.identifier)
        #expect(Set(deliveredIDs) == ["chat", "tea"])
        let nextStandup = try #require(pending.requests.first { $0.identifier == "standup" }?.nextTriggerDate)
        #expect(nextStandup > clock.now)
        _ = try await admin.setClock(body: .json(.ClockSet(.init(now: nextStandup)))).ok.body.json
        deliveredIDs = try await appClient.getDeliveredNotifications(path: .init(centerID: "phone")).ok.body.json.notifications.map(
            \.request.identifier)
        #expect(Set(deliveredIDs) == ["chat", "tea", "standup"])

        // Location: outside, then inside the region — entering fires.
        _ = try await user.updateLocation(body: .json(.init(latitude: 48.1, longitude: 11.6))).ok.body.json
        let fired = try await user.updateLocation(body: .json(.init(latitude: 52.52, longitude: 13.405))).ok.body.json
        #expect(fired.fired == ["office"])

        // The user answers the chat with the text-input action; the app cannot answer for the user.
        let missingText = try await user.respondToNotification(
            path: .init(identifier: "chat"), body: .json(.init(actionIdentifier: "REPLY")))
        #expect(try missingText.unprocessableContent.body.applicationProblemJson.code.value1 == .userTextRequired)
        let answered = try await user.respondToNotification(
            path: .init(identifier: "chat"), body: .json(.init(actionIdentifier: "REPLY", userText: "Yes!"))
        ).ok.body.json
        // Choosing an action clears the notification from Notification Center, as iOS does.
        #expect(answered.forwardedToDelegate && answered.removed)

        // Removal: the repeating stand-up by identifier, then everything delivered.
        let removed = try await appClient.removePendingNotificationRequests(
            path: .init(centerID: "phone"), body: .json(.init(identifiers: ["standup"]))
        ).ok.body.json
        #expect(removed.removed == ["standup"])
        #expect(try await appClient.getPendingNotificationRequests(path: .init(centerID: "phone")).ok.body.json.requests.isEmpty)
        let cleared = try await appClient.removeAllDeliveredNotifications(path: .init(centerID: "phone")).ok.body.json
        #expect(Set(cleared.removed) == ["tea", "standup", "office"])
        #expect(try await user.getOwnDeliveredNotifications().ok.body.json.notifications.isEmpty)

        try await server.stop()
    }

    @Test func errorsArriveAsTheDocumentedProblemCases() async throws {
        let server = try await ClientServer()
        let app = try await server.operatorClient.createApp(body: .json(.init(name: "Errors"))).created.body.json
        let key = try await server.operatorClient.createAppKey(path: .init(appID: app.id)).created.body.json.key
        let appClient = server.client(token: key)
        _ = try await appClient.createCenter(body: .json(.init(id: "c"))).created.body.json

        let tooShort = Schemas.NotificationRequest(
            identifier: "r", content: .init(title: "x"),
            trigger: .timeInterval(.init(_type: .timeInterval, timeInterval: 30, repeats: true)))
        let refused = try await appClient.addNotificationRequest(path: .init(centerID: "c"), body: .json(tooShort))
        #expect(try refused.unprocessableContent.body.applicationProblemJson.code.value1 == .invalidTimeInterval)

        let stranger = server.client(token: "unk_nope_nope")
        let unauthorized = try await stranger.getPendingNotificationRequests(path: .init(centerID: "c"))
        #expect(try unauthorized.unauthorized.body.applicationProblemJson.status == 401)

        let missing = try await appClient.getCenter(path: .init(centerID: "someone-elses"))
        #expect(try missing.notFound.body.applicationProblemJson.code.value1 == .centerNotFound)

        // An app reads the clock (its next trigger dates are on it) but only the operator moves it.
        #expect(try await appClient.getClock().ok.body.json.virtual)
        let operatorOnly = try await appClient.setClock(body: .json(.ClockAdvance(.init(advanceBy: 60))))
        #expect(try operatorOnly.forbidden.body.applicationProblemJson.status == 403)
        try await server.stop()
    }

    @Test func eventsStreamThroughTheGeneratedClient() async throws {
        let server = try await ClientServer()
        let app = try await server.operatorClient.createApp(body: .json(.init(name: "Events", authorizationPolicy: .grant))).created.body
            .json
        let key = try await server.operatorClient.createAppKey(path: .init(appID: app.id)).created.body.json.key
        let appClient = server.client(token: key)
        let token = try await appClient.createCenter(body: .json(.init(id: "c"))).created.body.json.token
        let user = server.client(token: token)

        let stream = try await user.streamEvents().ok.body.textEventStream
        _ = try await appClient.setBadgeCount(path: .init(centerID: "c"), body: .json(.init(count: 3))).ok.body.json
        var events: [(String?, String?)] = []
        for try await event in stream.asDecodedServerSentEvents() {
            events.append((event.event, event.data))
            if event.event == "badgeChanged" { break }
        }
        let badge = try #require(events.last)
        #expect(badge.0 == "badgeChanged")
        let data = try JSONSerialization.jsonObject(with: Data((badge.1 ?? "").utf8)) as? [String: Any]
        #expect(data?["badge"] as? Int == 3)
        try await server.stop()
    }
}
