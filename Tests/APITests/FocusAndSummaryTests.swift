import Foundation
import InProcessHarness
import TestSupport
import Testing

/// Scheduled Summary and Focus end to end, on the virtual clock, with a browser (the Web Push stand-in)
/// and a phone (the APNs stand-in): a center in New York on the day DST starts, summary times 08:00 and
/// 18:00; active notifications held (in the list, pushed nowhere, the app told `notification.held`), a
/// time-sensitive one delivered at once, a removed one dropped; at 08:00 local one summary, most relevant
/// first, then the held ones quietly, to both devices; a scheduled Focus quiets what it does not let
/// through (silent Web Push, APNs `passive`), lets an allowed person's message through, and the app
/// learns only `isFocused`; a Focus filter narrows what an allowed app shows; "show next summary"
/// delivers what is held now.
@Suite struct FocusAndSummaryTests {
    static let phone = String(repeating: "5a5a5a5a5a5a5a5a", count: 4)

    static func date(_ text: String) -> Date { try! Date(text, strategy: .iso8601) }

    static func setClock(_ server: some TestAPI, _ text: String) async throws {
        let moved = try await server.call("POST", "/v1/clock", token: testAdminToken, json: ["now": text])
        #expect(moved.status == 200, "\(moved.text)")
    }

    static func add(_ server: some TestAPI, key: String, _ identifier: String, _ content: [String: Any]) async throws {
        let added = try await server.call(
            "POST", "/v1/centers/phone/requests", token: key, json: ["identifier": identifier, "content": content])
        #expect(added.status == 201, "\(added.text)")
    }

    static func delivered(_ server: some TestAPI, key: String) async throws -> [String: [String: Any]] {
        let list = try await server.call("GET", "/v1/centers/phone/delivered", token: key).json["notifications"] as? [[String: Any]] ?? []
        return Dictionary(
            uniqueKeysWithValues: list.map {
                (($0["request"] as? [String: Any])?["identifier"] as? String ?? "", $0["presentation"] as? [String: Any] ?? [:])
            })
    }

    /// What the browser was shown (decrypted payloads of kind `notification`) and the phone's alerts (APNs
    /// payloads with an `alert`), by identifier: the outbox sends to one device concurrently, in no set order.
    static func pushes(_ push: StandInPushService, _ channel: StandInPushService.Channel, _ providers: FakeProviders) async throws -> (
        browser: [String: [String: Any]], phone: [String: [String: Any]]
    ) {
        let browser = try await push.messages(channel).compactMap { $0["payload"] as? [String: Any] }.filter {
            $0["kind"] as? String == "notification"
        }
        let phone = try await providers.messages("apns", token: phone).compactMap { $0["payload"] as? [String: Any] }.filter {
            aps($0)["alert"] != nil
        }
        return (
            Dictionary(browser.map { ($0["tag"] as? String ?? "", $0) }, uniquingKeysWith: { first, _ in first }),
            Dictionary(
                phone.map { (($0["usernotifyd"] as? [String: Any])?["identifier"] as? String ?? "", $0) },
                uniquingKeysWith: { first, _ in first })
        )
    }

    static func aps(_ payload: [String: Any]) -> [String: Any] { payload["aps"] as? [String: Any] ?? [:] }

    @Test func heldUntilTheSummaryThenQuietlyAndAFocusQuietsWhatItDoesNotAllow() async throws {
        let push = try await StandInPushService()
        let providers = try await FakeProviders()
        let receiver = try await WebhookReceiver(secrets: [WebhookTests.secret])
        try await InProcessApp.run(arguments: WebPushTests.arguments(push) + providers.serverArguments + datedVirtualClock) { server in
            // Sunday 14 March 2027, 00:00 in New York (EST); DST starts at 02:00.
            try await Self.setClock(server, "2027-03-14T05:00:00Z")
            let (_, key) = try await server.makeApp()
            let token = try await server.makeAuthorizedCenter("phone", key: key, timeZone: "America/New_York")
            #expect(
                try await server.call(
                    "PUT", "/v1/webhooks", token: key, json: ["delegateURL": receiver.url, "secrets": [WebhookTests.secret]]
                ).status == 200)
            var apns = try #require(try await providers.credentials()["apns"] as? [String: Any])
            apns["topic"] = "com.example.news"
            apns["environment"] = "production"
            #expect(try await server.call("PUT", "/v1/relay/credentials/apns", token: key, json: apns).status == 200)
            _ = try await server.call(
                "PUT", "/v1/categories", token: key,
                json: ["categories": [["identifier": "STORY", "actions": [], "categorySummaryFormat": "%u stories from %@"]]])
            let channel = try await push.channel()
            _ = try await WebPushTests.subscribe(channel, server: server, token: token)
            #expect(
                try await server.call("POST", "/v1/me/devices", token: token, json: ["provider": "apns", "token": Self.phone]).status == 201
            )
            let settings = try await server.call(
                "PATCH", "/v1/me/settings", token: token, json: ["scheduledDeliverySetting": "enabled", "timeSensitiveSetting": "enabled"])
            #expect(settings.status == 200, "\(settings.text)")

            // 01:00 EST: three active ones are held, a time-sensitive one comes at once.
            try await Self.setClock(server, "2027-03-14T06:00:00Z")
            try await Self.add(server, key: key, "weather", ["title": "Weather", "body": "Rain later", "relevanceScore": 0.2])
            try await Self.add(
                server, key: key, "story",
                [
                    "title": "Election", "body": "Results are in", "relevanceScore": 0.9, "threadIdentifier": "news",
                    "categoryIdentifier": "STORY",
                    "summaryArgument": "The Times",
                ])
            try await Self.add(server, key: key, "gone", ["title": "Soon removed"])
            try await Self.add(server, key: key, "door", ["title": "Someone is at the door", "interruptionLevel": "timeSensitive"])
            var list = try await Self.delivered(server, key: key)
            // 08:00 is already daylight time: 12:00 UTC, not 13:00.
            for identifier in ["weather", "story", "gone"] {
                #expect(
                    list[identifier]?["heldUntil"] as? String == "2027-03-14T12:00:00.000Z", "\(identifier): \(list[identifier] ?? [:])")
                #expect(list[identifier]?["list"] as? Bool == false && list[identifier]?["banner"] as? Bool == false)
            }
            #expect(list["door"]?["banner"] as? Bool == true && list["door"]?["heldUntil"] == nil)
            try await WebhookTests.eventually("the time-sensitive one pushed, the held ones told to the app") {
                let (browser, phone) = try await Self.pushes(push, channel, providers)
                let held = try await receiver.received().filter {
                    ($0["body"] as? [String: Any])?["type"] as? String == "notification.held"
                }
                return browser.count == 1 && phone.count == 1 && held.count == 3
            }
            let receipts = try await server.call("GET", "/v1/centers/phone/delivered/weather/receipts", token: key)
            #expect((receipts.json["deliveries"] as? [[String: Any]])?.first?["decision"] as? String == "held", "\(receipts.text)")
            #expect(
                try await server.call("POST", "/v1/centers/phone/delivered/remove", token: key, json: ["identifiers": ["gone"]]).status
                    == 200)

            // Nothing more until 08:00 local.
            try await Self.setClock(server, "2027-03-14T11:59:00Z")
            #expect(try await Self.pushes(push, channel, providers).browser.count == 1)
            try await Self.setClock(server, "2027-03-14T12:00:00Z")
            try await WebhookTests.eventually("the summary and the two held ones on both devices") {
                let (browser, phone) = try await Self.pushes(push, channel, providers)
                return browser.count == 4 && phone.count == 4
            }
            let (browser, phone) = try await Self.pushes(push, channel, providers)
            let summaryTag = try #require(browser.keys.first { $0.hasPrefix("scheduledSummary-") })
            let summaryPush = try #require(browser[summaryTag])
            #expect(summaryPush["title"] as? String == "Scheduled Summary" && summaryPush["subtitle"] as? String == "2 notifications")
            #expect(
                (summaryPush["body"] as? String)?.hasPrefix("Election: Results are in") == true, "the most relevant first: \(summaryPush)")
            #expect(["weather", "story"].allSatisfy { browser[$0]?["silent"] as? Bool == true }, "released quietly: \(browser)")
            let summaryAlert = try #require(phone[summaryTag])
            #expect(((Self.aps(summaryAlert)["alert"] as? [String: Any])?["title"] as? String) == "Scheduled Summary")
            for identifier in ["weather", "story"] {
                let aps = Self.aps(try #require(phone[identifier]))
                #expect(aps["interruption-level"] as? String == "passive" && aps["sound"] == nil, "\(identifier): \(aps)")
            }
            try await WebhookTests.eventually("summary.delivered") {
                try await receiver.received().contains { ($0["body"] as? [String: Any])?["type"] as? String == "summary.delivered" }
            }
            let call = try #require(
                try await receiver.received().first { ($0["body"] as? [String: Any])?["type"] as? String == "summary.delivered" })
            let summary = try #require(((call["body"] as? [String: Any])?["data"] as? [String: Any])?["summary"] as? [String: Any])
            #expect(summary["featured"] as? String == "story" && summary["count"] as? Int == 2, "\(summary)")
            let groups = try #require(summary["groups"] as? [[String: Any]])
            #expect(
                groups.first?["summary"] as? String == "1 stories from The Times" && groups.first?["threadIdentifier"] as? String == "news")
            list = try await Self.delivered(server, key: key)
            #expect(list["weather"]?["heldUntil"] == nil && list["weather"]?["list"] as? Bool == true && list["gone"] == nil)

            // Sleep from 22:00 to 07:00, letting mom through, and Work on weekdays: scheduled Focus modes; the summary off.
            _ = try await server.call("PATCH", "/v1/me/settings", token: token, json: ["scheduledDeliverySetting": "disabled"])
            let focus = try await server.call(
                "PATCH", "/v1/me/state", token: token,
                json: [
                    "scheduledFocuses": [
                        ["name": "Sleep", "allowedPeople": ["mom"], "schedule": ["start": "22:00", "end": "07:00"]],
                        ["name": "Work", "schedule": ["start": "09:00", "end": "17:00", "weekdays": [2, 3, 4, 5, 6]]],
                    ]
                ])
            #expect(focus.status == 200, "\(focus.text)")
            var center = try await server.call("GET", "/v1/centers/phone", token: key).json
            #expect(center["isFocused"] as? Bool == false && (center["state"] as? [String: Any])?["focus"] == nil)
            try await Self.setClock(server, "2027-03-15T03:00:00Z")  // 23:00 EDT
            center = try await server.call("GET", "/v1/centers/phone", token: key).json
            #expect(center["isFocused"] as? Bool == true, "\(center)")
            #expect((center["state"] as? [String: Any])?["focus"] == nil && (center["state"] as? [String: Any])?["scheduledFocuses"] == nil)
            let mine = try await server.call("GET", "/v1/me", token: token).json
            #expect(
                ((mine["state"] as? [String: Any])?["scheduledFocuses"] as? [[String: Any]])?.count == 2
                    && mine["isFocused"] as? Bool == true)
            try await Self.add(server, key: key, "late", ["title": "Late news", "sound": ["type": "default"]])
            try await Self.add(
                server, key: key, "mom",
                ["title": "Mom", "body": "Call me", "communication": ["sender": ["handle": "mom", "displayName": "Mom"]]])
            try await WebhookTests.eventually("both pushed") {
                let (browser, phone) = try await Self.pushes(push, channel, providers)
                return browser.count == 6 && phone.count == 6
            }
            let night = try await Self.pushes(push, channel, providers)
            let late = Self.aps(try #require(night.phone["late"]))
            #expect(late["interruption-level"] as? String == "passive" && late["sound"] == nil, "quieted by the Focus: \(late)")
            #expect(Self.aps(try #require(night.phone["mom"]))["interruption-level"] as? String == "active")
            #expect(night.browser["late"]?["silent"] as? Bool == true)
            list = try await Self.delivered(server, key: key)
            #expect((list["late"]?["reasons"] as? [String]) == ["focus"] && list["mom"]?["banner"] as? Bool == true)
            try await Self.setClock(server, "2027-03-15T12:00:00Z")  // Monday 08:00: Sleep is over, Work not begun
            #expect(try await server.call("GET", "/v1/centers/phone", token: key).json["isFocused"] as? Bool == false)
            try await Self.setClock(server, "2027-03-15T13:30:00Z")  // 09:30: Work is on
            #expect(try await server.call("GET", "/v1/centers/phone", token: key).json["isFocused"] as? Bool == true)
            _ = try await server.call("PATCH", "/v1/me/state", token: token, json: ["scheduledFocuses": [] as [Any]])

            // A Work Focus that allows the app, narrowed by the app's Focus filter to one account.
            let work = try await server.call(
                "PATCH", "/v1/me/state", token: token, json: ["focus": ["name": "Work", "allowsApp": true, "filter": ["in": ["acct-1"]]]])
            #expect(work.status == 200, "\(work.text)")
            try await Self.add(server, key: key, "personal", ["title": "Personal", "filterCriteria": "acct-2"])
            try await Self.add(server, key: key, "office", ["title": "Office", "filterCriteria": "acct-1"])
            list = try await Self.delivered(server, key: key)
            #expect((list["personal"]?["reasons"] as? [String]) == ["focus"] && list["personal"]?["banner"] as? Bool == false)
            #expect(list["office"]?["banner"] as? Bool == true, "\(list["office"] ?? [:])")

            // "Show next summary": what is held comes now, once.
            _ = try await server.call("PATCH", "/v1/me/settings", token: token, json: ["scheduledDeliverySetting": "enabled"])
            try await Self.add(server, key: key, "digest", ["title": "Digest"])
            let shownNow = try await server.call("POST", "/v1/me/summary", token: token)
            #expect(shownNow.status == 200 && shownNow.json["featured"] as? String == "digest", "\(shownNow.text)")
            #expect(try await server.call("POST", "/v1/me/summary", token: token).status == 204)
            // "Deliver Immediately": leaving the summary delivers what it held at once.
            try await Self.add(server, key: key, "evening", ["title": "Evening edition"])
            #expect(try await Self.delivered(server, key: key)["evening"]?["heldUntil"] as? String != nil)
            _ = try await server.call("PATCH", "/v1/me/settings", token: token, json: ["scheduledDeliverySetting": "disabled"])
            #expect(try await Self.delivered(server, key: key)["evening"]?["heldUntil"] == nil)
            #expect(try await push.problems().isEmpty)
        }
    }

    /// Three replicas on PostgreSQL: notifications held through one replica that is then SIGKILLed come in
    /// their summary once per center, delivered by the other two as the shared clock reaches its time.
    @Test func aReplicaKilledBetweenHoldingAndTheSummaryLeavesEachSummaryToTheOthersOnce() async throws {
        let replicas = try await Replicas.start(3, arguments: datedVirtualClock)
        let (_, key) = try await replicas[0].makeApp(policy: "grant")
        try await Self.setClock(replicas[0], "2027-03-14T05:00:00Z")
        let centers = 40
        try await concurrently(0..<centers, width: 8) { index in
            let server = replicas[index % 3]
            let token = try server.field(
                "token",
                of: try await server.call("POST", "/v1/centers", token: key, json: ["id": "c\(index)", "timeZone": "America/New_York"]))
            _ = try await server.call(
                "POST", "/v1/centers/c\(index)/authorization", token: key, json: ["options": ["alert", "sound", "badge"]])
            let enabled = try await server.call("PATCH", "/v1/me/settings", token: token, json: ["scheduledDeliverySetting": "enabled"])
            guard enabled.status == 200 else { throw LoopbackConnection.Failure("c\(index): \(enabled.text)") }
        }
        try await concurrently(0..<(centers * 2), width: 8) { index in
            let added = try await replicas[0].call(
                "POST", "/v1/centers/c\(index / 2)/requests", token: key,
                json: ["identifier": "n\(index % 2)", "content": ["title": "news"]])
            guard added.status == 201 else { throw LoopbackConnection.Failure("\(index): \(added.text)") }
        }
        #expect(try await replicas.count("SELECT count(*) FROM delivered WHERE held_until IS NOT NULL") == centers * 2)
        replicas[0].process.signal(SIGKILL)
        _ = try await replicas[0].process.waitForExit()

        // The move settles what comes due, the dead replica's leased work among it once its leases end: on a
        // loaded machine that can outlast a plain call's 60 s, so its bound is one for a broken build.
        let moved = try await slowRequest(
            port: replicas[1].port, "POST", "/v1/clock", token: testAdminToken, json: ["now": "2027-03-14T12:00:00Z"], timeout: 600)
        #expect(moved.status == 200, "\(moved.text)")
        try await waitUntil("every summary") {
            try await replicas.count("SELECT count(*) FROM delivered WHERE held_until IS NOT NULL") == 0
        }
        #expect(
            try await replicas.count("SELECT count(*) FROM events WHERE name = 'summaryDelivered'") == centers, "one summary per center")
        #expect(try await replicas.count("SELECT count(*) FROM events WHERE name = 'presented'") == centers * 4, "held, then released")
        try await replicas.stop()
    }

    @Test func focusAndSummaryInputIsRefusedWithWhatToFix() async throws {
        try await InProcessApp.run(arguments: datedVirtualClock) { server in
            let (_, key) = try await server.makeApp()
            let token = try await server.makeAuthorizedCenter("phone", key: key)
            for (body, code, mentions) in [
                (["summaryTimes": ["8:00"]], "invalidField", "HH:mm"),
                (["summaryTimes": [] as [String]], "invalidField", "summaryTimes"),
                (["focus": ["name": "Work", "filter": ["equals": "a", "prefix": "b"]]], "invalidField", "exactly one"),
                (["focus": ["name": "Work", "filter": ["equals": "a"], "filterCriteria": "a"]], "invalidField", "filterCriteria"),
                (
                    ["focus": ["name": "Work", "schedule": ["start": "22:00", "end": "07:00", "weekdays": [0]]]], "invalidField", "weekdays"
                ),
                (["focus": ["name": "Work", "allowedPeople": [""]]], "invalidField", "allowedPeople"),
                (["focus": ["name": "Work", "sleepy": true]], "unknownField", "sleepy"),
                (["scheduledFocuses": [["name": "Sleep"]]], "invalidField", "scheduledFocuses[0]"),
            ] as [([String: Any], String, String)] {
                let answer = try await server.call("PATCH", "/v1/me/state", token: token, json: body)
                #expect(answer.status == 400 || answer.status == 422, "\(body): \(answer.text)")
                #expect(answer.json["code"] as? String == code && answer.text.contains(mentions), "\(body): \(answer.text)")
            }
            let badSender = try await server.call(
                "POST", "/v1/centers/phone/requests", token: key,
                json: [
                    "identifier": "x",
                    "content": ["title": "x", "communication": ["sender": ["handle": "mom", "imageURL": "file:///etc/passwd"]]],
                ])
            #expect(badSender.json["code"] as? String == "invalidContent" && badSender.text.contains("imageURL"), "\(badSender.text)")
            // Only the user shows the summary; nothing held answers 204.
            let byApp = try await server.call("POST", "/v1/me/summary", token: key)
            #expect(byApp.status == 403, "\(byApp.status) \(byApp.text)")
            #expect(try await server.call("POST", "/v1/me/summary", token: token).status == 204)
        }
    }
}
