import Foundation
import TestSupport
import Testing

@Suite struct EventStreamTests {
    /// Reads events (name and data) until `count` have arrived.
    func read(_ connection: LoopbackConnection, count: Int) async throws -> [(id: String?, name: String, data: String)] {
        var events: [(id: String?, name: String, data: String)] = []
        var id: String?
        var name = "message"
        var data = ""
        while events.count < count, let line = try await connection.readChunkedLine() {
            if line.hasPrefix("id: ") { id = String(line.dropFirst(4)) }
            if line.hasPrefix("event: ") { name = String(line.dropFirst(7)) }
            if line.hasPrefix("data: ") { data += String(line.dropFirst(6)) }
            if line.isEmpty, !data.isEmpty {
                events.append((id, name, data))
                (id, name, data) = (nil, "message", "")
            }
        }
        return events
    }

    /// Reads the frame a stream starts with: an `id` and no event (where it starts; a client keeps it as
    /// its last event ID).
    func readPosition(_ connection: LoopbackConnection) async throws -> String? {
        var id: String?
        while let line = try await connection.readChunkedLine() {
            if line.hasPrefix("id: ") { id = String(line.dropFirst(4)) }
            if line.hasPrefix("data: ") || line.hasPrefix("event: ") { return nil }
            if line.isEmpty, id != nil { return id }
        }
        return nil
    }

    func openStream(_ server: APIServer, token: String, lastEventID: String? = nil) async throws -> LoopbackConnection {
        let connection = try await LoopbackConnection.open(port: server.port)
        var head = "GET /v1/me/events HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer \(token)\r\nAccept: text/event-stream\r\n"
        if let lastEventID { head += "Last-Event-ID: \(lastEventID)\r\n" }
        try await connection.send(head + "\r\n")
        let response = try await connection.readHead()
        #expect(response.status == 200)
        #expect(response.header("Content-Type") == "text/event-stream")
        return connection
    }

    @Test func theUserSeesPromptsPresentationsBadgesAndRemovalsAndCanResume() async throws {
        let server = try await APIServer()
        let (_, key) = try await server.makeApp()
        let created = try await server.call("POST", "/v1/centers", token: key, json: ["id": "c"])
        let token = try #require(created.json["token"] as? String)
        let stream = try await openStream(server, token: token)

        _ = try await server.call("POST", "/v1/centers/c/authorization", token: key, json: ["options": ["alert", "badge"]])
        let prompt = try await read(stream, count: 1)
        #expect(prompt.first?.name == "authorizationPrompt")
        _ = try await server.call("POST", "/v1/me/authorization", token: token, json: ["allowed": true])
        _ = try await server.call(
            "POST", "/v1/centers/c/requests", token: key, json: ["identifier": "hello", "content": ["title": "Hello", "badge": 1]])
        _ = try await server.call("POST", "/v1/centers/c/delivered/remove-all", token: key)
        let events = try await read(stream, count: 4)
        #expect(events.map(\.name) == ["settingsChanged", "presented", "badgeChanged", "deliveredRemoved"])
        #expect(events[1].data.contains("\"identifier\":\"hello\""))
        stream.close()

        // Reconnecting with the last id seen replays only what came after it.
        let lastSeen = try #require(events[1].id)
        let resumed = try await openStream(server, token: token, lastEventID: lastSeen)
        #expect(try await read(resumed, count: 2).map(\.name) == ["badgeChanged", "deliveredRemoved"])
        resumed.close()

        // An id the server cannot resume from asks the client to resynchronize.
        let stale = try await openStream(server, token: token, lastEventID: "somewhere-else-42")
        #expect(try await read(stale, count: 1).first?.name == "reset")
        stale.close()
        try await server.stop()
    }

    /// A stream says where it starts before any event, so a client that loses it before the first event
    /// resumes from there and misses nothing that came between its two connections. An empty
    /// `Last-Event-ID` is no id (no reset).
    @Test func aStreamSaysWhereItStartsSoAReconnectBeforeAnyEventMissesNothing() async throws {
        let server = try await APIServer()
        let (_, key) = try await server.makeApp()
        let token = try #require(try await server.call("POST", "/v1/centers", token: key, json: ["id": "c"]).json["token"] as? String)
        let first = try await openStream(server, token: token)
        let position = try #require(try await readPosition(first), "the stream says where it starts")
        #expect(position == "0", "a new center's history is empty")
        first.close()

        // Between the two connections: the prompt.
        _ = try await server.call("POST", "/v1/centers/c/authorization", token: key, json: ["options": ["alert"]])
        let resumed = try await openStream(server, token: token, lastEventID: position)
        #expect(try await readPosition(resumed) == position)
        let missed = try await read(resumed, count: 1)
        #expect(missed.first?.name == "authorizationPrompt" && missed.first?.id == "1", "\(missed)")
        resumed.close()

        let empty = try await openStream(server, token: token, lastEventID: "")
        #expect(try await readPosition(empty) == "1", "an empty Last-Event-ID starts from now, without a reset")
        _ = try await server.call("POST", "/v1/me/authorization", token: token, json: ["allowed": true])
        #expect(try await read(empty, count: 1).first?.name == "settingsChanged")
        empty.close()
        try await server.stop()
    }

    @Test func requestAuthorizationCanWaitForTheUsersAnswer() async throws {
        let server = try await APIServer()
        let (_, key) = try await server.makeApp()
        let token = try #require(try await server.call("POST", "/v1/centers", token: key, json: ["id": "c"]).json["token"] as? String)
        async let waited = server.call(
            "POST", "/v1/centers/c/authorization", token: key, json: ["options": ["alert"]], headers: ["Prefer": "wait=20"])
        // The user answers once the prompt is open (looked for as long as a loaded machine takes to open it).
        var answered = false
        let deadline = ContinuousClock.now + .seconds(60)
        while !answered, ContinuousClock.now < deadline {
            answered = try await server.call("POST", "/v1/me/authorization", token: token, json: ["allowed": true]).status == 200
            if !answered { try await Task.sleep(for: .milliseconds(20)) }
        }
        #expect(answered)
        let response = try await waited
        #expect(response.status == 200)
        #expect(response.json["granted"] as? Bool == true)
        #expect(response.header("Preference-Applied") == "wait=20")

        // Nobody answers: after the wait, the prompt is still open.
        _ = try await server.call("POST", "/v1/centers", token: key, json: ["id": "d"])
        let unanswered = try await server.call(
            "POST", "/v1/centers/d/authorization", token: key, json: ["options": ["alert"]], headers: ["Prefer": "wait=1"])
        #expect(unanswered.status == 202)
        #expect(unanswered.json["status"] as? String == "notDetermined")
        try await server.stop()
    }

    /// A client that asked to wait and went: the server hears of it while the request waits (its
    /// connection is out of libmicrohttpd's loop then) and ends the wait, instead of holding the
    /// connection and its handler for the full minute. The handler's end is its response in `/metrics`.
    @Test func aClientThatLeavesWhileWaitingForTheAnswerEndsTheWait() async throws {
        let server = try await APIServer()
        let (_, key) = try await server.makeApp()
        _ = try await server.call("POST", "/v1/centers", token: key, json: ["id": "c"])
        func answered() async throws -> Double {
            let samples = MetricsTests.samples(try await server.call("GET", "/metrics", token: APIServer.adminToken).text)
            return samples.filter {
                $0.key.hasPrefix("usernotifyd_http_requests_total{") && $0.key.contains("/authorization")
                    && $0.key.contains(#"status="202""#)
            }.values.reduce(0, +)
        }
        let connection = try await LoopbackConnection.open(port: server.port)
        let body = #"{"options":["alert"]}"#
        try await connection.send(
            "POST /v1/centers/c/authorization HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer \(key)\r\nPrefer: wait=60\r\n"
                + "Content-Type: application/json\r\nContent-Length: \(body.utf8.count)\r\n\r\n\(body)")
        // The prompt is open (the request is waiting) before the client goes.
        try await waitUntil("the prompt to open") {
            try await server.call("GET", "/v1/centers/c", token: key).json["prompt"] != nil
        }
        connection.close()
        // Well before the minute asked for (the watch looks every second).
        try await waitUntil("the waiting request to end", within: 45) { try await answered() == 1 }
        try await server.stop()
    }

    /// A user's stream whose client vanished ends within the watch's sweep, long before its next heartbeat
    /// (an hour here): the open streams' gauge in `/metrics` goes back to 0.
    @Test func aStreamWhoseClientVanishedEndsBeforeItsNextHeartbeat() async throws {
        let server = try await APIServer(arguments: ["--heartbeat-interval", "3600"])
        let (_, key) = try await server.makeApp()
        let created = try await server.call("POST", "/v1/centers", token: key, json: ["id": "c"])
        let token = try #require(created.json["token"] as? String)
        func open() async throws -> Double? {
            MetricsTests.samples(try await server.call("GET", "/metrics", token: APIServer.adminToken).text)["usernotifyd_event_streams"]
        }
        let stream = try await openStream(server, token: token)
        #expect(try await readPosition(stream) != nil)
        #expect(try await open() == 1)
        stream.close()
        try await waitUntil("the stream to end", within: 60) { try await open() == 0 }
        try await server.stop()
    }
}
