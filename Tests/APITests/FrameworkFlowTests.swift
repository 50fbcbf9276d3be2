import Foundation
import InProcessHarness
import TestSupport
import Testing

/// The framework's flows through the real server: app and center, authorization, each trigger type,
/// pending, firing on the virtual clock, delivered, responding, removing.
@Suite struct FrameworkFlowTests {
    @Test func authorizeAddEveryTriggerFireRespondAndRemove() async throws {
        try await InProcessApp.run { server in
            let (_, key) = try await server.makeApp()
            let created = try await server.call("POST", "/v1/centers", token: key, json: ["id": "phone", "timeZone": "Europe/Berlin"])
            #expect(created.status == 201)
            let token = try #require(created.json["token"] as? String)

            // The prompt opens once; the user answers it.
            let prompt = try await server.call(
                "POST", "/v1/centers/phone/authorization", token: key, json: ["options": ["alert", "sound", "badge"]])
            #expect(prompt.status == 202)
            #expect(prompt.json["status"] as? String == "notDetermined")
            let settings = try await server.call("POST", "/v1/me/authorization", token: token, json: ["allowed": true])
            #expect(settings.json["authorizationStatus"] as? String == "authorized")
            let again = try await server.call("POST", "/v1/centers/phone/authorization", token: key, json: ["options": ["alert"]])
            #expect(again.status == 200)
            #expect(again.json["granted"] as? Bool == true)

            let reply: [String: Any] = ["identifier": "REPLY", "title": "Reply", "textInput": ["buttonTitle": "Send", "placeholder": "…"]]
            let categories = try await server.call(
                "PUT", "/v1/categories", token: key, json: ["categories": [["identifier": "MSG", "actions": [reply]]]])
            #expect(categories.status == 200)

            let clock = try await server.call("GET", "/v1/clock", token: testAdminToken)
            #expect(clock.json["virtual"] as? Bool == true)
            // The virtual clock starts at the wall clock's time: move it to the next midnight (UTC), well away
            // from the daily 08:00 in Berlin, so that what fires below does not depend on the time of day (a
            // run at 06:59 UTC saw "daily" fire with "soon").
            var utc = Calendar(identifier: .gregorian)
            utc.timeZone = TimeZone(identifier: "UTC")!
            let started = try #require(ISO8601DateFormatter.withFractions.date(from: try server.field("now", of: clock)))
            let midnight = ISO8601DateFormatter().string(from: utc.startOfDay(for: started).addingTimeInterval(86_400))
            #expect(try await server.call("POST", "/v1/clock", token: testAdminToken, json: ["now": midnight]).status == 200)

            let interval = try await server.call(
                "POST", "/v1/centers/phone/requests", token: key,
                json: [
                    "identifier": "soon", "content": ["title": "In a minute", "categoryIdentifier": "MSG", "badge": 3],
                    "trigger": ["type": "timeInterval", "timeInterval": 60],
                ]
            )
            #expect(interval.status == 201)
            let calendar = try await server.call(
                "POST", "/v1/centers/phone/requests", token: key,
                json: [
                    "identifier": "daily", "content": ["title": "Morning"],
                    "trigger": ["type": "calendar", "dateComponents": ["hour": 8, "minute": 0], "repeats": true],
                ]
            )
            #expect(calendar.status == 201)
            let location = try await server.call(
                "POST", "/v1/centers/phone/requests", token: key,
                json: [
                    "identifier": "office", "content": ["title": "At the office"],
                    "trigger": [
                        "type": "location",
                        "region": ["identifier": "office", "latitude": 52.52, "longitude": 13.405, "radius": 100, "notifyOnExit": false],
                    ],
                ]
            )
            #expect(location.status == 201)
            let now = try await server.call(
                "POST", "/v1/centers/phone/requests", token: key, json: ["identifier": "now", "content": ["title": "Now"]])
            #expect(now.status == 201)
            #expect((now.json["delivered"] as? [String: Any])?["date"] != nil)

            let pending = try await server.call("GET", "/v1/centers/phone/requests", token: key)
            let identifiers = (pending.json["requests"] as? [[String: Any]])?.compactMap { $0["identifier"] as? String }
            #expect(identifiers == ["daily", "office", "soon"])
            // Each add replied with its request as the pending list shows it (the reply is made from the
            // request's stored bytes, not encoded again).
            let listed = Dictionary(
                uniqueKeysWithValues: ((pending.json["requests"] as? [[String: Any]]) ?? []).map { ($0["identifier"] as? String ?? "", $0) }
            )
            for (identifier, added) in [("soon", interval), ("daily", calendar), ("office", location)] {
                let replied = try #require(added.json["request"] as? [String: Any], "\(added.text)")
                #expect(NSDictionary(dictionary: replied).isEqual(to: listed[identifier] ?? [:]), "\(identifier): \(added.text)")
                #expect(added.json["replaced"] as? Bool == false)
            }
            #expect(listed["soon"]?["nextTriggerDate"] != nil && listed["office"]?["nextTriggerDate"] == nil)

            // Fire the interval trigger on the virtual clock.
            #expect(try await server.call("POST", "/v1/clock", token: testAdminToken, json: ["advanceBy": 60]).status == 200)
            let delivered = try await server.call("GET", "/v1/centers/phone/delivered", token: key)
            let deliveredIDs = (delivered.json["notifications"] as? [[String: Any]])?.compactMap {
                ($0["request"] as? [String: Any])?["identifier"] as? String
            }
            #expect(deliveredIDs == ["soon", "now"])
            #expect(try await server.call("GET", "/v1/centers/phone", token: key).json["badge"] as? Int == 3)

            // Location: outside, then inside the region.
            _ = try await server.call("POST", "/v1/me/location", token: token, json: ["latitude": 52.53, "longitude": 13.405])
            let entered = try await server.call("POST", "/v1/me/location", token: token, json: ["latitude": 52.5201, "longitude": 13.4051])
            #expect(entered.json["fired"] as? [String] == ["office"])

            // The user answers with the text-input action; text is required.
            let missingText = try await server.call(
                "POST", "/v1/me/delivered/soon/response", token: token, json: ["actionIdentifier": "REPLY"])
            #expect(missingText.status == 422)
            #expect(missingText.json["code"] as? String == "userTextRequired")
            let answered = try await server.call(
                "POST", "/v1/me/delivered/soon/response", token: token, json: ["actionIdentifier": "REPLY", "userText": "On my way"])
            #expect(answered.status == 200)
            #expect(answered.json["forwardedToDelegate"] as? Bool == true)
            // Choosing an action clears the notification from Notification Center, as iOS does.
            #expect(answered.json["removed"] as? Bool == true)

            // Removals.
            let removed = try await server.call(
                "POST", "/v1/centers/phone/requests/remove", token: key, json: ["identifiers": ["daily", "unknown"]])
            #expect(removed.json["removed"] as? [String] == ["daily"])
            #expect(
                try await server.call("POST", "/v1/centers/phone/delivered/remove-all", token: key).json["removed"] as? [String] == [
                    "now", "office",
                ])
            #expect(try await server.call("GET", "/v1/me/delivered", token: token).json["notifications"] as? [Any] != nil)
        }
    }

    @Test func anAppCanGrantAuthorizationWithoutAPrompt() async throws {
        try await InProcessApp.run { server in
            let (_, key) = try await server.makeApp("Backend", policy: "grant")
            _ = try await server.call("POST", "/v1/centers", token: key, json: ["id": "svc"])
            let result = try await server.call("POST", "/v1/centers/svc/authorization", token: key, json: ["options": ["alert"]])
            #expect(result.status == 200)
            #expect(result.json["granted"] as? Bool == true)
            #expect(result.json["status"] as? String == "authorized")
        }
    }

    /// A center's delivered list keeps its newest 1,000, as Notification Center lets a device's oldest go:
    /// an app that never removes what it delivered does not grow it without end. What went says so in
    /// its receipt.
    @Test func theDeliveredListKeepsItsNewestThousand() async throws {
        // The real binary: its `/metrics` counts this test's removals alone.
        let server = try await APIServer()
        do {
            let (_, key) = try await server.makeApp("Daily", policy: "grant")
            _ = try await server.call("POST", "/v1/centers", token: key, json: ["id": "phone"])
            _ = try await server.call("POST", "/v1/centers/phone/authorization", token: key, json: ["options": ["alert"]])
            for index in 0..<1_040 {
                let added = try await server.call(
                    "POST", "/v1/centers/phone/requests", token: key,
                    json: ["identifier": "day-\(index)", "content": ["title": "Day \(index)"]])
                #expect(added.status == 201, "\(added.text)")
            }
            var listed: [String] = []
            var cursor: String?
            repeat {
                let page = try await server.call(
                    "GET", "/v1/centers/phone/delivered?limit=500" + (cursor.map { "&cursor=\($0)" } ?? ""), token: key)
                listed += (page.json["notifications"] as? [[String: Any]] ?? []).compactMap {
                    ($0["request"] as? [String: Any])?["identifier"] as? String
                }
                cursor = page.json["nextCursor"] as? String
            } while cursor != nil
            // The newest, newest first: 1,000 to 1,031 of them (checked each time the center's sequence
            // passes a multiple of 32).
            #expect((1_000...1_031).contains(listed.count), "\(listed.count)")
            #expect(listed == (1_040 - listed.count..<1_040).reversed().map { "day-\($0)" })
            let gone = try await server.call("GET", "/v1/centers/phone/delivered/day-0/receipts", token: key)
            #expect((gone.json["deliveries"] as? [[String: Any]])?.first?["removedAt"] != nil, "\(gone.text)")
            let oldestKept = try #require(listed.last)
            let kept = try await server.call("GET", "/v1/centers/phone/delivered/\(oldestKept)/receipts", token: key)
            #expect((kept.json["deliveries"] as? [[String: Any]])?.first?["removedAt"] == nil, "\(kept.text)")
            // Each one let go counts as a removal.
            let metrics = try await server.call("GET", "/metrics", token: APIServer.adminToken).text
            let removed = metrics.split(separator: "\n").first {
                $0.hasPrefix(#"usernotifyd_notifications_total{stage="removed",destination="center"} "#)
            }
            #expect(removed.flatMap { Int($0.split(separator: " ").last ?? "") } == 1_040 - listed.count, "\(String(describing: removed))")
        } catch {
            try await server.stop()
            throw error
        }
        try await server.stop()
    }

    /// The virtual clock is kept in the store: a restart goes on from where it was, so time never runs
    /// backwards while pending dates stay.
    @Test func theVirtualClockSurvivesARestart() async throws {
        let first = try await APIServer()
        let moved = try await first.call("POST", "/v1/clock", token: testAdminToken, json: ["advanceBy": 86_400 * 365])
        let movedTo = try first.field("now", of: moved)
        try await first.stop()
        let second = try await APIServer(dataDirectory: first.dataDirectory)
        let clock = try await second.call("GET", "/v1/clock", token: testAdminToken)
        #expect(try second.field("now", of: clock) == movedTo)
        try await second.stop()
    }

    /// `--virtual-clock DATE` starts the clock there on a new database, before the wall clock's time or
    /// after it; a restart on the same database goes on from where the clock was, whatever date it is given.
    @Test func aDatedVirtualClockStartsThereOnANewDatabaseOnly() async throws {
        for start in ["2027-01-01T00:00:00.000Z", "2020-02-29T12:00:00.000Z"] {
            let first = try await APIServer(arguments: ["--virtual-clock", start])
            #expect(try first.field("now", of: try await first.call("GET", "/v1/clock", token: testAdminToken)) == start)
            let moved = try first.field(
                "now", of: try await first.call("POST", "/v1/clock", token: testAdminToken, json: ["advanceBy": 60]))
            #expect(moved != start)
            try await first.stop()
            let second = try await APIServer(dataDirectory: first.dataDirectory, arguments: ["--virtual-clock", start])
            #expect(try second.field("now", of: try await second.call("GET", "/v1/clock", token: testAdminToken)) == moved)
            try await second.stop()
        }
    }

    @Test func theClockCannotMoveWhenItIsTheSystems() async throws {
        try await InProcessApp.run(virtualClock: false) { server in
            let response = try await server.call("POST", "/v1/clock", token: testAdminToken, json: ["advanceBy": 5])
            #expect(response.status == 409)
            #expect(response.json["code"] as? String == "virtualClockOff")
        }
    }
}

@Suite struct OpenAPIDocumentTests {
    @Test func theServerServesTheRepositorysDocument() async throws {
        try await InProcessApp.run { server in
            let served = try await server.send("GET", "/openapi.yaml")
            #expect(served.status == 200)
            #expect(served.header("Content-Type") == "application/yaml")
            let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            let file = try Data(contentsOf: root.appendingPathComponent("openapi.yaml"))
            #expect(served.body == Array(file))
        }
    }

    /// A person who opens the server's address in a browser is led to the console.
    @Test func theServersAddressLeadsToTheConsole() async throws {
        try await InProcessApp.run { server in
            let root = try await server.send("GET", "/", headers: ["Accept": "text/html"])
            #expect(root.status == 302 && root.header("Location") == "/console", "\(root.status) \(root.text)")
            let console = try await server.send("GET", try #require(root.header("Location")))
            #expect(console.status == 200 && console.header("Content-Type")?.hasPrefix("text/html") == true)
        }
    }
}
