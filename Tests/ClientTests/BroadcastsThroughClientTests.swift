import Foundation
import OpenAPIRuntime
import TestSupport
import Testing
import UserNotifyClient

/// Topics and broadcasts through the Swift client generated from openapi.yaml, against the real server on
/// loopback: a topic, a user who follows it, a broadcast at 9:00 in the user's zone, the virtual clock
/// moved to it, the broadcast completed with its counts, and a refusal as the client sees it.
@Suite struct BroadcastsThroughClientTests {
    typealias Schemas = Components.Schemas

    @Test func aBroadcastThroughTheGeneratedClient() async throws {
        let server = try await ClientServer(arguments: datedVirtualClock)
        let admin = server.operatorClient
        let app = try await admin.createApp(body: .json(.init(name: "Podcasts", authorizationPolicy: .grant))).created.body.json
        let appClient = server.client(token: try await admin.createAppKey(path: .init(appID: app.id)).created.body.json.key)
        _ = try await admin.setClock(body: .json(.ClockSet(.init(now: try Date("2027-03-27T11:00:00Z", strategy: .iso8601))))).ok

        let topic = try await appClient.createTopic(body: .json(.init(identifier: "episodes", displayName: "New episodes"))).created.body
            .json
        #expect(topic.identifier == "episodes" && topic.subscriberCount == 0)
        let created = try await appClient.createCenter(body: .json(.init(id: "tokyo", timeZone: "Asia/Tokyo"))).created.body.json
        _ = try await appClient.requestAuthorization(path: .init(centerID: "tokyo"), body: .json(.init(options: [.alert, .sound]))).ok
        let user = server.client(token: created.token)
        #expect(try await user.subscribeMe(path: .init(topic: "episodes")).ok.body.json.topics == ["episodes"])

        let made = try await appClient.createBroadcast(
            body: .json(
                .init(
                    request: .init(
                        identifier: "episode-42", content: .init(title: "Episode 42 is out"),
                        trigger: .calendar(.init(_type: .calendar, dateComponents: .init(hour: 9, minute: 0)))),
                    audience: .init(topic: "episodes")))
        ).created.body.json
        #expect(made.broadcast.status == .scheduled && made.replaced.isEmpty)

        // 9:00 in Tokyo is 00:00 UTC; the broadcast goes on until 9:00 has come everywhere (UTC-2's, Sunday 11:00 UTC).
        _ = try await admin.setClock(body: .json(.ClockSet(.init(now: try Date("2027-03-28T00:00:00Z", strategy: .iso8601))))).ok
        let firing = try await appClient.getBroadcast(path: .init(broadcastID: made.broadcast.id)).ok.body.json
        #expect(firing.status == .firing && firing.counts.targeted == 1 && firing.counts.presented == 1)
        let delivered = try await appClient.getDeliveredNotifications(path: .init(centerID: "tokyo")).ok.body.json
        #expect(delivered.notifications.map(\.request.identifier) == ["episode-42"])
        _ = try await admin.setClock(body: .json(.ClockSet(.init(now: try Date("2027-03-28T11:00:00Z", strategy: .iso8601))))).ok
        let done = try await appClient.getBroadcast(path: .init(broadcastID: made.broadcast.id)).ok.body.json
        #expect(done.status == .completed && done.counts.targeted == 1 && done.nextFireDate == nil)

        let refused = try await appClient.createBroadcast(
            body: .json(.init(request: .init(identifier: "x", content: .init(title: "X")), audience: .init(topic: "nobody")))
        ).notFound.body.applicationProblemJson
        #expect(refused.code.value1 == .topicNotFound)
    }
}
