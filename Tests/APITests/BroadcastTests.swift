import Foundation
import InProcessHarness
import TestSupport
import Testing

/// Topics and broadcasts end to end, in process on SQLite, on the virtual clock: a broadcast at 9:00
/// fires at 9:00 in each member's own zone (the day Europe's clocks go forward included), for the members
/// the topic has when each firing comes; a center whose user did not allow notifications is counted and
/// gets nothing; the app hears `broadcast.completed`; replacing and canceling act where firings have
/// not come; a member's browser and phone get the push as for any request; bad input is refused.
@Suite struct BroadcastTests {
    static func setClock(_ server: some TestAPI, _ text: String) async throws {
        let moved = try await server.call("POST", "/v1/clock", token: testAdminToken, json: ["now": text])
        #expect(moved.status == 200, "\(moved.text)")
    }

    /// Each center's delivered notification `identifier`: its date and title (nil when it has none).
    static func delivered(_ server: some TestAPI, key: String, _ center: String, _ identifier: String) async throws -> (
        date: String, title: String
    )? {
        let answer = try await server.call("GET", "/v1/centers/\(center)/delivered", token: key)
        let list = answer.json["notifications"] as? [[String: Any]] ?? []
        guard let found = list.first(where: { ($0["request"] as? [String: Any])?["identifier"] as? String == identifier }) else {
            return nil
        }
        let content = ((found["request"] as? [String: Any])?["content"] as? [String: Any]) ?? [:]
        return (found["date"] as? String ?? "", content["title"] as? String ?? "")
    }

    static func broadcast(_ server: some TestAPI, key: String, json: [String: Any]) async throws -> [String: Any] {
        let created = try await server.call("POST", "/v1/broadcasts", token: key, json: json)
        #expect(created.status == 201, "\(created.text)")
        return created.json
    }

    static var nineOClock: [String: Any] { ["type": "calendar", "dateComponents": ["hour": 9, "minute": 0], "repeats": false] }

    @Test func nineOClockInEveryMembersZoneForTheMembersOfThatMoment() async throws {
        let receiver = try await WebhookReceiver(secrets: [WebhookTests.secret])
        try await InProcessApp.run(arguments: WebhookTests.allowLoopback + datedVirtualClock) { server in
            // Saturday 27 March 2027, 12:00 UTC; Europe's clocks go forward on Sunday at 01:00 UTC.
            try await Self.setClock(server, "2027-03-27T12:00:00Z")
            let (_, key) = try await server.makeApp()
            #expect(
                try await server.call(
                    "PUT", "/v1/webhooks", token: key, json: ["delegateURL": receiver.url, "secrets": [WebhookTests.secret]]
                ).status == 200)
            let created = try await server.call(
                "POST", "/v1/topics", token: key, json: ["identifier": "episodes", "displayName": "New episodes"])
            #expect(created.status == 201, "\(created.text)")
            // Where 9:00 comes next after Saturday 12:00 UTC, in UTC.
            let expected: [(center: String, zone: String, at: String)] = [
                ("auckland", "Pacific/Auckland", "2027-03-27T20:00:00.000Z"),
                ("tokyo", "Asia/Tokyo", "2027-03-28T00:00:00.000Z"),
                ("kolkata", "Asia/Kolkata", "2027-03-28T03:30:00.000Z"),
                ("berlin", "Europe/Berlin", "2027-03-28T07:00:00.000Z"),
                ("london", "Europe/London", "2027-03-28T08:00:00.000Z"),
                ("newyork", "America/New_York", "2027-03-27T13:00:00.000Z"),
                ("losangeles", "America/Los_Angeles", "2027-03-27T16:00:00.000Z"),
            ]
            for (index, member) in expected.enumerated() {
                let token = try await server.makeAuthorizedCenter(member.center, key: key, timeZone: member.zone)
                // Half subscribe themselves, half are subscribed by the app.
                let subscribed =
                    index % 2 == 0
                    ? try await server.call("PUT", "/v1/me/topics/episodes", token: token)
                    : try await server.call("PUT", "/v1/centers/\(member.center)/topics/episodes", token: key)
                #expect(subscribed.status == 200 && (subscribed.json["topics"] as? [String]) == ["episodes"], "\(subscribed.text)")
            }
            // One whose user denied notifications; one that leaves before its firing; one not subscribed.
            _ = try await server.call("POST", "/v1/centers", token: key, json: ["id": "denied", "timeZone": "Asia/Tokyo"])
            #expect(try await server.call("PUT", "/v1/centers/denied/topics/episodes", token: key).status == 200)
            let leaver = try await server.makeAuthorizedCenter("leaver", key: key, timeZone: "Pacific/Honolulu")
            #expect(try await server.call("PUT", "/v1/me/topics/episodes", token: leaver).status == 200)
            _ = try await server.makeAuthorizedCenter("outsider", key: key, timeZone: "Europe/Berlin")
            let topic = try await server.call("GET", "/v1/topics/episodes", token: key)
            #expect(topic.json["subscriberCount"] as? Int == 9, "\(topic.text)")
            let subscribers = try await server.call("GET", "/v1/topics/episodes/subscribers?limit=5", token: key)
            #expect((subscribers.json["centers"] as? [String])?.count == 5 && subscribers.json["count"] as? Int == 9, "\(subscribers.text)")
            let rest = try await server.call(
                "GET", "/v1/topics/episodes/subscribers?limit=5&cursor=\(subscribers.json["nextCursor"] as? String ?? "")", token: key)
            #expect((rest.json["centers"] as? [String])?.count == 4 && rest.json["nextCursor"] == nil, "\(rest.text)")

            let made = try await Self.broadcast(
                server, key: key,
                json: [
                    "request": ["identifier": "episode-12", "content": ["title": "Episode 12 is out"], "trigger": Self.nineOClock],
                    "audience": ["topic": "episodes"],
                ])
            let broadcast = try #require(made["broadcast"] as? [String: Any])
            let id = try #require(broadcast["id"] as? String)
            #expect(broadcast["status"] as? String == "scheduled")
            // The earliest 9:00 anywhere after now (UTC-4's) is when the fan-out first looks.
            #expect(broadcast["nextFireDate"] as? String == "2027-03-27T13:00:00.000Z", "\(broadcast)")

            // One who joins before their firing gets it; one who leaves does not.
            let late = try await server.makeAuthorizedCenter("late", key: key, timeZone: "America/Los_Angeles")
            #expect(try await server.call("PUT", "/v1/me/topics/episodes", token: late).status == 200)
            #expect(try await server.call("DELETE", "/v1/me/topics/episodes", token: leaver).status == 200)
            let everyone = expected + [("late", "America/Los_Angeles", "2027-03-27T16:00:00.000Z")]

            // The clock moves on, firing by firing: each has it at its own 9:00, no one before.
            for step in Set(everyone.map(\.at)).sorted() {
                try await Self.setClock(server, step)
                for member in everyone {
                    let found = try await Self.delivered(server, key: key, member.center, "episode-12")
                    if member.at <= step {
                        #expect(found?.date == member.at, "\(member.center) at \(step): \(String(describing: found))")
                        #expect(found?.title == "Episode 12 is out")
                    } else {
                        #expect(found == nil, "\(member.center) got it before \(member.at), at \(step)")
                    }
                }
            }
            try await Self.setClock(server, "2027-03-28T20:00:00Z")
            for center in ["leaver", "outsider", "denied"] {
                #expect(try await Self.delivered(server, key: key, center, "episode-12") == nil, "\(center)")
            }
            let done = try await server.call("GET", "/v1/broadcasts/\(id)", token: key)
            #expect(done.json["status"] as? String == "completed", "\(done.text)")
            let counts = done.json["counts"] as? [String: Any] ?? [:]
            #expect(
                counts["targeted"] as? Int == 9 && counts["presented"] as? Int == 8 && counts["notAuthorized"] as? Int == 1, "\(counts)")
            #expect(counts["quiet"] as? Int == 0 && counts["failed"] as? Int == 0, "\(counts)")
            try await WebhookTests.eventually("the app hears broadcast.completed") {
                try await receiver.received().contains {
                    let body = $0["body"] as? [String: Any]
                    return body?["type"] as? String == "broadcast.completed" && (body?["data"] as? [String: Any])?["id"] as? String == id
                }
            }
            // A center's firing is like any other: its receipt says when it was made and what was decided.
            let receipts = try await server.call("GET", "/v1/centers/tokyo/delivered/episode-12/receipts", token: key)
            #expect((receipts.json["deliveries"] as? [[String: Any]])?.first?["decision"] as? String == "presented", "\(receipts.text)")
        }
    }

    /// Every member's zone fired, the broadcast goes on until its date has come in every zone there is:
    /// a center that joins in a zone no member had gets it at its own 9:00, not at the next look nor never.
    @Test func aCenterThatJoinsInAZoneNoMemberHadGetsItAtItsOwnNine() async throws {
        try await InProcessApp.run(arguments: datedVirtualClock) { server in
            try await Self.setClock(server, "2027-03-27T12:00:00Z")
            let (_, key) = try await server.makeApp()
            #expect(try await server.call("POST", "/v1/topics", token: key, json: ["identifier": "episodes"]).status == 201)
            let tokyo = try await server.makeAuthorizedCenter("tokyo", key: key, timeZone: "Asia/Tokyo")
            #expect(try await server.call("PUT", "/v1/me/topics/episodes", token: tokyo).status == 200)
            let made = try await Self.broadcast(
                server, key: key,
                json: [
                    "request": ["identifier": "episode-12", "content": ["title": "Episode 12 is out"], "trigger": Self.nineOClock],
                    "audience": ["topic": "episodes"],
                ])
            let id = try #require((made["broadcast"] as? [String: Any])?["id"] as? String)
            try await Self.setClock(server, "2027-03-28T00:00:00Z")
            #expect(try await Self.delivered(server, key: key, "tokyo", "episode-12")?.date == "2027-03-28T00:00:00.000Z")
            let afterTokyo = try await server.call("GET", "/v1/broadcasts/\(id)", token: key)
            #expect(afterTokyo.json["status"] as? String == "firing", "\(afterTokyo.text)")
            #expect(afterTokyo.json["nextFireDate"] as? String == "2027-03-28T00:15:00.000Z", "UTC+8:45's 9:00 comes next")
            // Berlin: a zone no member had when Tokyo's members were fired.
            let berlin = try await server.makeAuthorizedCenter("berlin", key: key, timeZone: "Europe/Berlin")
            #expect(try await server.call("PUT", "/v1/me/topics/episodes", token: berlin).status == 200)
            try await Self.setClock(server, "2027-03-28T06:59:00Z")
            #expect(try await Self.delivered(server, key: key, "berlin", "episode-12") == nil, "not before its 9:00")
            try await Self.setClock(server, "2027-03-28T07:00:00Z")
            #expect(try await Self.delivered(server, key: key, "berlin", "episode-12")?.date == "2027-03-28T07:00:00.000Z")
            // 9:00 came last in UTC-3 (Sunday 12:00 UTC): then it is over.
            try await Self.setClock(server, "2027-03-28T11:59:00Z")
            #expect(try await server.call("GET", "/v1/broadcasts/\(id)", token: key).json["status"] as? String == "firing")
            try await Self.setClock(server, "2027-03-28T12:00:00Z")
            let done = try await server.call("GET", "/v1/broadcasts/\(id)", token: key)
            #expect(done.json["status"] as? String == "completed", "\(done.text)")
            #expect((done.json["counts"] as? [String: Any])?["presented"] as? Int == 2, "\(done.text)")
        }
    }

    @Test func aLaterBroadcastReplacesWhereTheFirstHasNotFiredAndACancelStopsTheRest() async throws {
        try await InProcessApp.run(arguments: datedVirtualClock) { server in
            // Saturday 14:00 UTC: 9:00 has passed in New York (next: Sunday 13:00 UTC) and comes in Tokyo at Sunday 00:00 UTC.
            try await Self.setClock(server, "2027-03-27T14:00:00Z")
            let (_, key) = try await server.makeApp()
            #expect(try await server.call("POST", "/v1/topics", token: key, json: ["identifier": "news"]).status == 201)
            for (center, zone) in [("tokyo", "Asia/Tokyo"), ("newyork", "America/New_York")] {
                _ = try await server.makeAuthorizedCenter(center, key: key, timeZone: zone)
                #expect(try await server.call("PUT", "/v1/centers/\(center)/topics/news", token: key).status == 200)
            }
            let first = try #require(
                try await Self.broadcast(
                    server, key: key,
                    json: [
                        "request": ["identifier": "digest", "content": ["title": "First"], "trigger": Self.nineOClock],
                        "audience": ["topic": "news"],
                    ])["broadcast"] as? [String: Any])
            try await Self.setClock(server, "2027-03-28T00:00:00Z")
            #expect(try await Self.delivered(server, key: key, "tokyo", "digest")?.title == "First")
            let second = try await Self.broadcast(
                server, key: key,
                json: [
                    "request": ["identifier": "digest", "content": ["title": "Second"], "trigger": Self.nineOClock],
                    "audience": ["topic": "news"],
                ])
            #expect(second["replaced"] as? [String] == [first["id"] as? String ?? ""], "\(second)")
            let replaced = try await server.call("GET", "/v1/broadcasts/\(first["id"] as? String ?? "")", token: key)
            #expect(replaced.json["status"] as? String == "replaced", "\(replaced.text)")
            #expect((replaced.json["counts"] as? [String: Any])?["targeted"] as? Int == 1)
            // New York gets the second at its 9:00; Tokyo keeps the first (its next 9:00 is Monday's).
            try await Self.setClock(server, "2027-03-28T13:00:00Z")
            #expect(try await Self.delivered(server, key: key, "newyork", "digest")?.title == "Second")
            #expect(try await Self.delivered(server, key: key, "tokyo", "digest")?.title == "First")
            let secondID = try #require((second["broadcast"] as? [String: Any])?["id"] as? String)
            let canceled = try await server.call("POST", "/v1/broadcasts/\(secondID)/cancel", token: key)
            #expect(canceled.status == 200 && canceled.json["status"] as? String == "canceled", "\(canceled.text)")
            try await Self.setClock(server, "2027-03-29T01:00:00Z")
            #expect(try await Self.delivered(server, key: key, "tokyo", "digest")?.title == "First")
            let list = try await server.call("GET", "/v1/broadcasts", token: key)
            let statuses = (list.json["broadcasts"] as? [[String: Any]] ?? []).map { $0["status"] as? String ?? "" }
            #expect(statuses == ["canceled", "replaced"], "\(list.text)")
            // Canceling what ended changes nothing.
            let again = try await server.call("POST", "/v1/broadcasts/\(secondID)/cancel", token: key)
            #expect(again.status == 200 && again.json["status"] as? String == "canceled")
        }
    }

    @Test func aListAndEveryCenterWithoutATriggerOrAfterAnInterval() async throws {
        try await InProcessApp.run(arguments: datedVirtualClock) { server in
            try await Self.setClock(server, "2027-03-27T12:00:00Z")
            let (_, key) = try await server.makeApp()
            for center in ["a", "b", "c"] { _ = try await server.makeAuthorizedCenter(center, key: key) }
            let listed = try await Self.broadcast(
                server, key: key,
                json: [
                    "request": [
                        "identifier": "soon", "content": ["title": "Soon"],
                        "trigger": ["type": "timeInterval", "timeInterval": 60, "repeats": false],
                    ],
                    "audience": ["centers": ["a", "c", "nobody"]],
                ])
            #expect((listed["broadcast"] as? [String: Any])?["status"] as? String == "scheduled")
            try await Self.setClock(server, "2027-03-27T12:01:00Z")
            #expect(try await Self.delivered(server, key: key, "a", "soon") != nil)
            #expect(try await Self.delivered(server, key: key, "b", "soon") == nil)
            #expect(try await Self.delivered(server, key: key, "c", "soon") != nil)
            let everyone = try await Self.broadcast(
                server, key: key, json: ["request": ["identifier": "now", "content": ["title": "Now"]], "audience": ["all": true]])
            let id = try #require((everyone["broadcast"] as? [String: Any])?["id"] as? String)
            try await Self.setClock(server, "2027-03-27T12:01:01Z")
            for center in ["a", "b", "c"] { #expect(try await Self.delivered(server, key: key, center, "now") != nil, "\(center)") }
            let done = try await server.call("GET", "/v1/broadcasts/\(id)", token: key)
            #expect(done.json["status"] as? String == "completed" && (done.json["counts"] as? [String: Any])?["targeted"] as? Int == 3)
        }
    }

    @Test func aMembersBrowserAndPhoneGetThePush() async throws {
        let push = try await StandInPushService()
        let providers = try await FakeProviders()
        try await InProcessApp.run(arguments: WebPushTests.arguments(push) + providers.serverArguments + datedVirtualClock) { server in
            let (_, key) = try await server.makeApp()
            let token = try await server.makeAuthorizedCenter("phone", key: key)
            var apns = try #require(try await providers.credentials()["apns"] as? [String: Any])
            apns["topic"] = "com.example.news"
            apns["environment"] = "production"
            #expect(try await server.call("PUT", "/v1/relay/credentials/apns", token: key, json: apns).status == 200)
            let channel = try await push.channel()
            _ = try await WebPushTests.subscribe(channel, server: server, token: token)
            #expect(
                try await server.call(
                    "POST", "/v1/me/devices", token: token, json: ["provider": "apns", "token": FocusAndSummaryTests.phone]
                )
                .status == 201)
            #expect(try await server.call("POST", "/v1/topics", token: key, json: ["identifier": "alerts"]).status == 201)
            #expect(try await server.call("PUT", "/v1/me/topics/alerts", token: token).status == 200)
            // Another member's browser is gone (410): its delivery fails for good and is counted.
            let other = try await server.makeAuthorizedCenter("laptop", key: key)
            _ = try await WebPushTests.subscribe(try await push.channel(answers: [["status": 410]]), server: server, token: other)
            #expect(try await server.call("PUT", "/v1/me/topics/alerts", token: other).status == 200)
            let made = try await Self.broadcast(
                server, key: key,
                json: ["request": ["identifier": "storm", "content": ["title": "Storm warning"]], "audience": ["topic": "alerts"]])
            let id = try #require((made["broadcast"] as? [String: Any])?["id"] as? String)
            try await Self.setClock(server, Date().addingTimeInterval(3600).ISO8601Format())
            try await WebhookTests.eventually("the browser and the phone both get it, the gone browser is counted") {
                let (browser, phone) = try await FocusAndSummaryTests.pushes(push, channel, providers)
                let counts = try await server.call("GET", "/v1/broadcasts/\(id)", token: key).json["counts"] as? [String: Any]
                return browser["storm"] != nil && phone["storm"] != nil && counts?["failed"] as? Int == 1
            }
            let counts = try await server.call("GET", "/v1/broadcasts/\(id)", token: key).json["counts"] as? [String: Any]
            #expect(counts?["targeted"] as? Int == 2 && counts?["presented"] as? Int == 2, "\(String(describing: counts))")
        }
    }

    @Test func badInputIsRefusedAndNothingIsKept() async throws {
        try await InProcessApp.run(arguments: datedVirtualClock) { server in
            let (_, key) = try await server.makeApp()
            let (_, other) = try await server.makeApp("Other")
            let token = try await server.makeAuthorizedCenter("phone", key: key)
            _ = try await server.makeAuthorizedCenter("theirs", key: other)
            #expect(try await server.call("POST", "/v1/topics", token: key, json: ["identifier": "news"]).status == 201)
            let cases: [(String, String, String?, Any?, Int, String)] = [
                ("POST", "/v1/topics", key, ["identifier": "news"], 409, "topicExists"),
                ("POST", "/v1/topics", key, ["identifier": "no spaces"], 422, "invalidIdentifier"),
                ("POST", "/v1/topics", key, ["identifier": "x", "colour": "red"], 400, "unknownField"),
                ("POST", "/v1/topics", key, ["identifier": 7], 400, "invalidField"),
                // A C1 control (U+0081) in a name, and in a path: what openapi.yaml's patterns exclude.
                ("POST", "/v1/topics", key, ["identifier": "named", "displayName": "a\u{81}b"], 422, "invalidName"),
                ("DELETE", "/v1/centers/phone/topics/a%C2%81b", key, nil, 400, "invalidPath"),
                ("GET", "/v1/topics/unknown", key, nil, 404, "topicNotFound"),
                ("GET", "/v1/topics/news", other, nil, 404, "topicNotFound"),
                ("PUT", "/v1/me/topics/unknown", token, nil, 404, "topicNotFound"),
                ("PUT", "/v1/centers/theirs/topics/news", key, nil, 404, "centerNotFound"),
                ("PUT", "/v1/centers/phone/topics/news", other, nil, 404, "centerNotFound"),
                ("PUT", "/v1/me/topics/news", nil, nil, 401, "unauthorized"),
                (
                    "POST", "/v1/broadcasts", key,
                    ["request": ["identifier": "x", "content": ["title": "X"]], "audience": ["topic": "unknown"]],
                    404, "topicNotFound"
                ),
                (
                    "POST", "/v1/broadcasts", key,
                    ["request": ["identifier": "x", "content": ["title": "X"]], "audience": ["topic": "news", "all": true]], 400,
                    "invalidField"
                ),
                (
                    "POST", "/v1/broadcasts", key,
                    ["request": ["identifier": "x", "content": ["title": "X"]], "audience": ["centers": []]], 422,
                    "invalidAudience"
                ),
                (
                    "POST", "/v1/broadcasts", key,
                    ["request": ["identifier": "x", "content": ["title": "X"]], "audience": ["centers": ["a", "a"]]], 422, "invalidAudience"
                ),
                (
                    "POST", "/v1/broadcasts", key,
                    ["request": ["identifier": "x", "content": ["title": "X"]], "audience": ["centers": (0...1000).map { "c\($0)" }]], 422,
                    "invalidAudience"
                ),
                (
                    "POST", "/v1/broadcasts", key,
                    [
                        "request": [
                            "identifier": "x", "content": ["title": "X"],
                            "trigger": ["type": "timeInterval", "timeInterval": 60, "repeats": true],
                        ], "audience": ["all": true],
                    ], 422, "broadcastTriggerNotSupported"
                ),
                (
                    "POST", "/v1/broadcasts", key,
                    [
                        "request": [
                            "identifier": "x", "content": ["title": "X"],
                            "trigger": [
                                "type": "location", "region": ["latitude": 1, "longitude": 1, "radius": 100, "identifier": "r"],
                                "repeats": false,
                            ],
                        ], "audience": ["all": true],
                    ], 422, "broadcastTriggerNotSupported"
                ),
                (
                    "POST", "/v1/broadcasts", key,
                    [
                        "request": [
                            "identifier": "x", "content": ["title": "X"],
                            "trigger": ["type": "calendar", "dateComponents": ["year": 2001, "month": 1, "day": 1], "repeats": false],
                        ], "audience": ["all": true],
                    ], 422, "notificationInvalidNoDate"
                ),
                (
                    "POST", "/v1/broadcasts", key,
                    [
                        "request": [
                            "identifier": "x", "content": ["title": "X", "attachments": [["identifier": "a", "mediaID": "med_none"]]],
                        ],
                        "audience": ["all": true],
                    ], 422, "attachmentNotInDataStore"
                ),
                ("POST", "/v1/broadcasts", key, ["request": ["identifier": "x", "content": ["title": "X"]]], 400, "missingField"),
                (
                    "POST", "/v1/broadcasts", token,
                    ["request": ["identifier": "x", "content": ["title": "X"]], "audience": ["all": true]], 403, "forbidden"
                ),
                ("GET", "/v1/broadcasts/bc_nothing", key, nil, 404, "broadcastNotFound"),
                ("POST", "/v1/broadcasts/bc_nothing/cancel", key, nil, 404, "broadcastNotFound"),
            ]
            for (method, path, credential, body, status, code) in cases {
                let answer = try await server.call(method, path, token: credential, json: body)
                #expect(
                    answer.status == status && answer.json["code"] as? String == code,
                    "\(method) \(path) \(String(describing: body)): \(answer.text)")
            }
            #expect(try await server.call("GET", "/v1/topics/named", token: key).status == 404)
            let made = try await Self.broadcast(
                server, key: key, json: ["request": ["identifier": "mine", "content": ["title": "Mine"]], "audience": ["all": true]])
            let id = try #require((made["broadcast"] as? [String: Any])?["id"] as? String)
            #expect(try await server.call("GET", "/v1/broadcasts/\(id)", token: other).status == 404)
            #expect(try await server.call("POST", "/v1/broadcasts/\(id)/cancel", token: other).status == 404)
            #expect((try await server.call("GET", "/v1/broadcasts", token: other).json["broadcasts"] as? [Any])?.isEmpty == true)
            #expect((try await server.call("GET", "/v1/topics", token: other).json["topics"] as? [Any])?.isEmpty == true)
            #expect(try await server.call("PUT", "/v1/me/topics/news", token: token).status == 200)
            #expect(try await server.call("DELETE", "/v1/topics/news", token: key).status == 204)
            #expect(try await server.call("DELETE", "/v1/topics/news", token: key).status == 404)
            #expect(try await server.call("GET", "/v1/topics/news/subscribers", token: key).status == 404)
            #expect(try await server.call("PUT", "/v1/me/topics/news", token: token).json["code"] as? String == "topicNotFound")
            // Its identifier is free again at once, without the old subscribers.
            #expect(try await server.call("POST", "/v1/topics", token: key, json: ["identifier": "news"]).status == 201)
            #expect(try await server.call("GET", "/v1/topics/news", token: key).json["subscriberCount"] as? Int == 0)
            #expect(try await server.call("GET", "/v1/me/topics", token: token).json["topics"] as? [String] == [])
        }
    }
}

/// Three replicas on PostgreSQL fan a broadcast out chunk by chunk; one is SIGKILLed holding a chunk (its
/// members' service extension calls held open by the receiver), and the others fire that chunk once its
/// lease ends: every member center gets the notification exactly once.
@Suite struct BroadcastReplicaTests {
    @Test func aReplicaKilledMidFanOutLeavesEveryMemberWithItOnce() async throws {
        let receiver = try await WebhookReceiver(secrets: [WebhookTests.secret])
        let replicas = try await Replicas.start(3, arguments: WebhookTests.allowLoopback + datedVirtualClock)
        let (_, key) = try await replicas[0].makeApp(policy: "grant")
        try await BroadcastTests.setClock(replicas[0], "2027-01-15T06:00:00Z")
        let configured = try await replicas[0].call(
            "PUT", "/v1/webhooks", token: key,
            json: [
                "delegateURL": receiver.url, "secrets": [WebhookTests.secret], "serviceExtension": ["url": receiver.url, "timeout": 30],
            ])
        #expect(configured.status == 200, "\(configured.text)")
        #expect(try await replicas[0].call("POST", "/v1/topics", token: key, json: ["identifier": "news"]).status == 201)
        // Three zones with the same 9:00: three chunks, one per replica.
        let zones = ["Europe/Berlin", "Europe/Paris", "Europe/Rome"]
        let centers = 30
        try await concurrently(0..<centers, width: 8) { index in
            let server = replicas[index % 3]
            let made = try await server.call("POST", "/v1/centers", token: key, json: ["id": "c\(index)", "timeZone": zones[index % 3]])
            guard made.status == 201 else { throw LoopbackConnection.Failure("c\(index): \(made.text)") }
            _ = try await server.call("POST", "/v1/centers/c\(index)/authorization", token: key, json: ["options": ["alert", "sound"]])
            let subscribed = try await server.call("PUT", "/v1/centers/c\(index)/topics/news", token: key)
            guard subscribed.status == 200 else { throw LoopbackConnection.Failure("c\(index): \(subscribed.text)") }
        }
        try await receiver.setService("hold")
        _ = try await BroadcastTests.broadcast(
            replicas[1], key: key,
            json: [
                "request": [
                    "identifier": "morning", "content": ["title": "Good morning", "mutableContent": true],
                    "trigger": BroadcastTests.nineOClock,
                ],
                "audience": ["topic": "news"],
            ])
        // The clock's move answers once everything fired: it waits meanwhile, beside the test.
        let port = replicas[2].port
        async let moved = slowRequest(
            port: port, "POST", "/v1/clock", token: testAdminToken, json: ["now": "2027-01-15T08:00:00Z"], timeout: 300)
        try await waitUntil("every member's service extension asked: each replica holds a chunk") {
            try await receiver.received().filter { ($0["body"] as? [String: Any])?["type"] as? String == "notification.serviceExtension" }
                .count == centers
        }
        #expect(try await replicas.count("SELECT count(*) FROM delivered") == 0)
        replicas[0].process.signal(SIGKILL)
        _ = try await replicas[0].process.waitForExit()
        try await receiver.setService("title:Changed")
        try await waitUntil("every member got it") {
            try await replicas.count("SELECT count(*) FROM delivered WHERE identifier = 'morning'") == centers
        }
        _ = try await moved
        // It completes once 9:00 has come in every zone there is.
        try await BroadcastTests.setClock(replicas[2], "2027-01-16T12:00:00Z")
        try await waitUntil("the broadcast completed") {
            try await replicas.count("SELECT count(*) FROM broadcasts WHERE status = 'completed'") == 1
        }
        #expect(try await replicas.count("SELECT count(*) FROM events WHERE name = 'presented'") == centers, "once per member")
        #expect(try await replicas.count("SELECT count(*) FROM broadcast_members") == centers)
        #expect(try await replicas.count("SELECT targeted FROM broadcasts") == centers)
        try await replicas.stop()
    }
}
