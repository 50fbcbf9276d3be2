import Foundation
import Synchronization
import TestSupport
import Testing

/// Several replicas of the real binary on one PostgreSQL database: every notification fired exactly
/// once though a replica dies mid-burst, event streams and caches kept coherent across replicas by the
/// change feed, media shared, and a database restart survived. Runs under `make test`, which starts
/// the PostgreSQL server.
@Suite(.enabled(if: TestPostgres.isAvailable, "needs the PostgreSQL server that make test starts"))
struct ReplicaTests {
    static let secret = WebhookTests.secret

    /// 10,000 requests across 1,000 centers come due at once on three replicas; one is SIGKILLed in the
    /// burst. Its claims are taken over once their leases end, and every request fires exactly once:
    /// one delivered row, one `presented` event and one `notification.delivered` message each, which
    /// reach a receiver that verifies every signature with one webhook id per firing (the same id may
    /// come twice: calls are at least once, firings are not).
    @Test func tenThousandRequestsFireExactlyOnceThoughAReplicaIsKilledMidBurst() async throws {
        let replicas = try await Replicas.start(3, arguments: WebhookTests.allowLoopback)
        let receiver = try await WebhookReceiver(secrets: [Self.secret])
        let (_, key) = try await replicas[0].makeApp(policy: "grant")
        let configured = try await replicas[0].call(
            "PUT", "/v1/webhooks", token: key,
            json: ["delegateURL": receiver.url, "secrets": [Self.secret], "events": ["notification.delivered"]])
        #expect(configured.status == 200, "\(configured.text)")

        let centers = 1000
        let perCenter = 10
        let total = centers * perCenter
        try await concurrently(0..<centers, width: 16) { index in
            let server = replicas[index % 3]
            let created = try await server.call("POST", "/v1/centers", token: key, json: ["id": "c\(index)"])
            let granted = try await server.call(
                "POST", "/v1/centers/c\(index)/authorization", token: key, json: ["options": ["alert", "sound", "badge"]])
            guard created.status == 201, granted.status == 200 else {
                throw LoopbackConnection.Failure("center c\(index): \(created.status) \(granted.status) \(granted.text)")
            }
        }
        try await replicas.addRequests(centers: centers, perCenter: perCenter, key: key)
        #expect(try await replicas.count("SELECT count(*) FROM pending") == total)

        // Everything comes due at once on the shared clock; the third replica dies in the burst.
        async let moved = slowRequest(
            port: replicas[0].port, "POST", "/v1/clock", token: APIServer.adminToken, json: ["advanceBy": 60], timeout: 900)
        try await waitUntil("the burst to begin") { try await replicas.count("SELECT count(*) FROM delivered") >= 500 }
        replicas[2].process.signal(SIGKILL)
        _ = try await replicas[2].process.waitForExit()
        let firedBeforeTheKill = try await replicas.count("SELECT count(*) FROM delivered")
        #expect(firedBeforeTheKill < total, "the replica died mid-burst")

        // The dead replica's claims are taken over once their leases (10 s for firings, 30 s for webhook
        // messages) end in real seconds, while the virtual clock stands still: nobody moves it again.
        let clockBefore = try await replicas[1].call("GET", "/v1/clock", token: APIServer.adminToken).json["now"] as? String
        #expect(try await moved.status == 200)
        try await waitUntil("every firing and every message", within: 600) {
            let pending = try await replicas.count("SELECT count(*) FROM pending")
            let undelivered = try await replicas.count("SELECT count(*) FROM deliveries WHERE status <> 'delivered'")
            let messages = try await replicas.count("SELECT count(*) FROM deliveries")
            return pending == 0 && undelivered == 0 && messages == total
        }
        #expect(
            try await replicas[1].call("GET", "/v1/clock", token: APIServer.adminToken).json["now"] as? String == clockBefore,
            "taken over without a move of the clock")

        // Exactly once in the database: one delivered row, one presented event, one message per firing.
        #expect(try await replicas.count("SELECT count(*) FROM delivered") == total)
        let presented = try await TestPostgres.query(
            replicas.database,
            """
            SELECT count(*), count(DISTINCT (center_id, convert_from(data, 'UTF8')::jsonb #>> '{request,identifier}'))
            FROM events WHERE name = 'presented'
            """)
        #expect(presented.first == ["\(total)", "\(total)"], "one presented event per firing")
        #expect(try await replicas.count("SELECT count(*) FROM deliveries WHERE type = 'notification.delivered'") == total)

        // And at the receiver: every call verified, one webhook id per firing.
        let connection = try await LoopbackConnection.open(port: receiver.port, timeout: 120)
        let received =
            try JSONSerialization.jsonObject(with: Data(try await connection.request("GET", "/control/received?brief=1").body))
            as? [[String: Any]] ?? []
        var idsPerFiring: [String: Set<String>] = [:]
        for call in received {
            #expect((call["verifiedWith"] as? [Int])?.isEmpty == false, "every call verifies")
            let firing = "\(call["centerID"] as? String ?? "?")/\(call["identifier"] as? String ?? "?")"
            idsPerFiring[firing, default: []].insert(call["id"] as? String ?? "")
        }
        #expect(idsPerFiring.count == total, "every firing reached the receiver")
        #expect(idsPerFiring.values.allSatisfy { $0.count == 1 }, "one webhook id per firing")
        #expect(received.count >= total)

        try await receiver.stop()
        try await replicas.stop()
    }

    /// The users' event streams follow the database, not the replica: a stream on one replica sees what
    /// another fired, resumes with `Last-Event-ID` on a third, and the virtual clock is one for all.
    @Test func aStreamOnOneReplicaSeesWhatAnotherFiredAndResumesOnAThird() async throws {
        let replicas = try await Replicas.start(3)
        let streams = EventStreamTests()
        let (_, key) = try await replicas[0].makeApp()
        let token = try await replicas[0].makeAuthorizedCenter("phone", key: key)
        let stream = try await streams.openStream(replicas[0], token: token)
        // No trigger: delivered at once, by the replica that took the call.
        let added = try await replicas[1].call(
            "POST", "/v1/centers/phone/requests", token: key, json: ["identifier": "one", "content": ["title": "One"]])
        #expect(added.status == 201, "\(added.text)")
        let seen = try await streams.read(stream, count: 1)
        #expect(seen.first?.name == "presented" && seen.first?.data.contains("\"identifier\":\"one\"") == true, "\(seen)")
        stream.close()

        // Missed while disconnected: one delivered by the second replica, one fired by whichever
        // replica claims it when the clock moves on the third.
        _ = try await replicas[1].call(
            "POST", "/v1/centers/phone/requests", token: key, json: ["identifier": "two", "content": ["title": "Two"]])
        _ = try await replicas[1].call(
            "POST", "/v1/centers/phone/requests", token: key,
            json: ["identifier": "three", "content": ["title": "Three"], "trigger": ["type": "timeInterval", "timeInterval": 30]])
        let moved = try await replicas[2].call("POST", "/v1/clock", token: APIServer.adminToken, json: ["advanceBy": 30])
        let now = try #require(moved.json["now"] as? String)
        try await waitUntil("the other replicas' clocks to move") {
            for index in [0, 1] {
                guard try await replicas[index].call("GET", "/v1/clock", token: APIServer.adminToken).json["now"] as? String == now else {
                    return false
                }
            }
            return true
        }
        let resumed = try await streams.openStream(replicas[2], token: token, lastEventID: try #require(seen.first?.id))
        let missed = try await streams.read(resumed, count: 2)
        #expect(missed.map(\.name) == ["presented", "presented"])
        #expect(
            missed.first?.data.contains("\"identifier\":\"two\"") == true && missed.last?.data.contains("\"identifier\":\"three\"") == true)
        resumed.close()
        try await replicas.stop()
    }

    /// A stream on a replica that dies before it has sent any event: its client reconnects to another
    /// replica with the position the stream started with, and gets what was committed meanwhile — the
    /// event a dying replica had just committed cannot fall between the two connections.
    @Test func aStreamOnAReplicaKilledBeforeItsFirstEventResumesElsewhereWithoutAGap() async throws {
        let replicas = try await Replicas.start(3)
        let streams = EventStreamTests()
        let (_, key) = try await replicas[0].makeApp()
        let token = try await replicas[0].makeAuthorizedCenter("phone", key: key)
        let stream = try await streams.openStream(replicas[2], token: token)
        let position = try #require(try await streams.readPosition(stream))
        replicas[2].process.signal(SIGKILL)
        _ = try await replicas[2].process.waitForExit()
        stream.close()

        let added = try await replicas[0].call(
            "POST", "/v1/centers/phone/requests", token: key, json: ["identifier": "between", "content": ["title": "Between"]])
        #expect(added.status == 201, "\(added.text)")
        let resumed = try await streams.openStream(replicas[1], token: token, lastEventID: position)
        let missed = try await streams.read(resumed, count: 1)
        #expect(missed.first?.name == "presented" && missed.first?.data.contains("\"identifier\":\"between\"") == true, "\(missed)")
        resumed.close()
        try await replicas.stop()
    }

    /// A key revoked through one replica is refused by another as soon as it hears of it: the revocation's
    /// notification drops the other replica's cached credential. Nothing else would (the caches have no
    /// lifetime and the safety poll does not drop them), so a refusal within the wait's bound is the proof;
    /// how fast it comes is a latency, for a benchmark, not a timed test on a busy machine.
    @Test func aKeyRevokedThroughOneReplicaIsRefusedByAnotherOnceItHearsOfIt() async throws {
        let replicas = try await Replicas.start(2)
        let (appID, key) = try await replicas[0].makeApp()
        let keyID = String(key.split(separator: "_")[1])
        // Used on the second replica first, so that it has the key cached.
        #expect(try await replicas[1].call("GET", "/v1/categories", token: key).status == 200)

        #expect(try await replicas[0].call("DELETE", "/v1/apps/\(appID)/keys/\(keyID)", token: APIServer.adminToken).status == 204)
        try await waitUntil("the second replica to refuse the key", within: 10) {
            try await replicas[1].call("GET", "/v1/categories", token: key).status == 401
        }

        // A center deleted through one replica: its token is refused by the other as quickly.
        let (_, otherKey) = try await replicas[0].makeApp()
        let doomed = try await replicas[0].makeAuthorizedCenter("doomed", key: otherKey)
        #expect(try await replicas[1].call("GET", "/v1/me", token: doomed).status == 200)
        #expect(try await replicas[0].call("DELETE", "/v1/centers/doomed", token: otherKey).status == 204)
        try await waitUntil("the second replica to refuse the token", within: 10) {
            try await replicas[1].call("GET", "/v1/me", token: doomed).status == 401
        }
        try await replicas.stop()
    }

    /// A replica whose LISTEN connection is cut reconnects by itself and drops its caches, since it
    /// cannot know what it missed: a key deleted meanwhile without any notification (straight in the
    /// database) is served from the cache until the cut, and refused after it.
    @Test func aReplicaThatLostItsFeedDropsItsCachesWhenItReconnects() async throws {
        let replicas = try await Replicas.start(2)
        let (_, key) = try await replicas[0].makeApp()
        let keyID = String(key.split(separator: "_")[1])
        #expect(try await replicas[0].call("GET", "/v1/categories", token: key).status == 200)
        // Gone from the database, and nobody told: the cache still answers for it.
        _ = try await TestPostgres.query(replicas.database, "DELETE FROM credentials WHERE id = '\(keyID)'")
        #expect(try await replicas[0].call("GET", "/v1/categories", token: key).status == 200, "served from the cache")

        let cut = try await TestPostgres.query(
            replicas.database,
            """
            SELECT pg_terminate_backend(pid) FROM pg_stat_activity
            WHERE datname = current_database() AND application_name = 'usernotifyd listener'
            """)
        #expect(cut.count == 2, "one LISTEN connection per replica: \(cut)")
        try await waitUntil("the replica to reconnect and refuse the key", within: 30) {
            try await replicas[0].call("GET", "/v1/categories", token: key).status == 401
        }
        try await replicas.stop()
    }

    /// Media live in the database: uploaded through one replica, served by another, and gone from the
    /// database and from every replica's cache exactly when their last holder goes.
    @Test func mediaUploadedThroughOneReplicaIsServedByAnotherAndGoWithTheirLastHolder() async throws {
        let replicas = try await Replicas.start(2)
        let (_, key) = try await replicas[0].makeApp()
        let token = try await replicas[0].makeAuthorizedCenter("phone", key: key)
        let png = MediaSamples.png(padding: 3 << 20)
        let uploaded = try await AttachmentTests.upload(replicas[0], key: key, png)
        let mediaID = try replicas[0].field("id", of: uploaded)
        let sha256 = try replicas[0].field("sha256", of: uploaded)
        let content = try await loopbackRequest(
            port: replicas[1].port, "GET", "/v1/media/\(mediaID)/content", headers: ["Authorization": "Bearer \(key)"])
        #expect(content.status == 200 && content.body == png, "the other replica serves it")

        func add(_ identifier: String, on server: APIServer, seconds: Int) async throws -> LoopbackResponse {
            try await server.call(
                "POST", "/v1/centers/phone/requests", token: key,
                json: [
                    "identifier": identifier, "trigger": ["type": "timeInterval", "timeInterval": seconds],
                    "content": ["title": identifier, "attachments": [["identifier": "pic", "mediaID": mediaID]]],
                ])
        }
        #expect(try await add("one", on: replicas[1], seconds: 60).status == 201)
        #expect(try await add("two", on: replicas[0], seconds: 3600).status == 201)
        #expect(try await replicas[1].call("POST", "/v1/clock", token: APIServer.adminToken, json: ["advanceBy": 60]).status == 200)
        for replica in replicas.servers {
            let download = try await loopbackRequest(
                port: replica.port, "GET", "/v1/me/delivered/one/attachments/pic", headers: ["Authorization": "Bearer \(token)"])
            #expect(download.status == 200 && download.body == png)
        }

        #expect(
            try await replicas[0].call("POST", "/v1/centers/phone/requests/remove", token: key, json: ["identifiers": ["two"]]).status
                == 200)
        #expect(try await replicas[1].call("GET", "/v1/media/\(mediaID)", token: key).json["holders"] as? Int == 1)
        #expect(
            try await replicas.count("SELECT count(*) FROM media_chunks WHERE sha256 = '\(sha256)'") > 0,
            "the delivered notification holds it")

        #expect(
            try await replicas[1].call("POST", "/v1/centers/phone/delivered/remove", token: key, json: ["identifiers": ["one"]]).status
                == 200)
        let gone = try await replicas[0].call("GET", "/v1/media/\(mediaID)", token: key)
        #expect(gone.status == 404 && gone.json["code"] as? String == "attachmentNotInDataStore")
        #expect(
            try await replicas.count("SELECT count(*) FROM media_chunks WHERE sha256 = '\(sha256)'") == 0, "the bytes left the database")
        for replica in replicas.servers {
            try await waitUntil("the replica's copy to go", within: 10) {
                !FileManager.default.fileExists(atPath: AttachmentTests.filePath(replica, sha256: sha256))
            }
        }
        try await replicas.stop()
    }

    /// PostgreSQL restarts while clients add requests through two replicas: the calls meanwhile get 503
    /// `storageUnavailable` with `Retry-After` (never a hang), `/readyz` turns 503, and both replicas
    /// recover by themselves; every request acknowledged with 201 is there afterwards.
    @Test func aDatabaseRestartUnderLoadGives503sThenRecoversAndLosesNothing() async throws {
        try await PrivatePostgres.run { postgres in
            let replicas = try await Replicas.start(2, on: postgres.url, patient: false, arguments: ["--pending-limit", "100000"])
            let (_, key) = try await replicas[0].makeApp()
            _ = try await replicas[0].makeAuthorizedCenter("phone", key: key)

            let tally = Tally()
            try await withThrowingTaskGroup(of: Void.self) { group in
                for worker in 0..<6 {
                    group.addTask {
                        var index = 0
                        while !tally.state.withLock({ $0.stop }) {
                            let identifier = "w\(worker)-\(index)"
                            index += 1
                            let response = try await replicas[worker % 2].call(
                                "POST", "/v1/centers/phone/requests", token: key,
                                json: [
                                    "identifier": identifier, "content": ["title": identifier],
                                    "trigger": ["type": "timeInterval", "timeInterval": 3600],
                                ])
                            tally.state.withLock { tally in
                                switch (response.status, response.json["code"] as? String) {
                                case (201, _):
                                    tally.acknowledged.insert(identifier)
                                    if tally.outage { tally.acknowledgedAfterOutage += 1 }
                                case (503, "storageUnavailable") where response.header("Retry-After") != nil:
                                    tally.unavailable += 1
                                default:
                                    tally.unexpected.append("\(response.status) \(response.text)")
                                }
                            }
                            if response.status == 503 { try await Task.sleep(for: .milliseconds(100)) }
                        }
                    }
                }
                try await waitUntil("requests to go in") { tally.state.withLock { $0.acknowledged.count >= 100 } }
                try await postgres.stop()
                try await waitUntil("503s while the database is down", within: 60) { tally.state.withLock { $0.unavailable >= 6 } }
                for replica in replicas.servers {
                    try await waitUntil("/readyz to say unavailable", within: 30) {
                        try await loopbackRequest(port: replica.port, "GET", "/readyz").status == 503
                    }
                }
                tally.state.withLock { $0.outage = true }
                try await postgres.start()
                try await waitUntil("adds to succeed again", within: 120) { tally.state.withLock { $0.acknowledgedAfterOutage >= 50 } }
                for replica in replicas.servers {
                    try await waitUntil("/readyz to say ready", within: 60) {
                        try await loopbackRequest(port: replica.port, "GET", "/readyz").status == 200
                    }
                }
                tally.state.withLock { $0.stop = true }
                try await group.waitForAll()
            }
            let final = tally.state.withLock { $0 }
            #expect(final.unexpected.isEmpty, "only 201s and 503 storageUnavailable with Retry-After: \(final.unexpected.prefix(3))")

            // Everything acknowledged is there, through either replica.
            var pending: Set<String> = []
            var cursor: String?
            repeat {
                let page = try await replicas[1].call(
                    "GET", "/v1/centers/phone/requests?limit=500" + (cursor.map { "&cursor=\($0)" } ?? ""), token: key)
                pending.formUnion((page.json["requests"] as? [[String: Any]] ?? []).compactMap { $0["identifier"] as? String })
                cursor = page.json["nextCursor"] as? String
            } while cursor != nil
            #expect(final.acknowledged.isSubset(of: pending), "\(final.acknowledged.subtracting(pending).count) acknowledged requests lost")
            try await replicas.stop()
        }
    }

    /// PostgreSQL stops answering without closing anything (a network partition, a frozen host), unlike a
    /// restart, which ends the connections: calls answer 503 `storageUnavailable` at their deadline instead
    /// of hanging, `/readyz` turns 503, and SIGTERM still ends the replica.
    @Test func aDatabaseThatStopsAnsweringGives503sAndStillShutsDown() async throws {
        let database = try await TestPostgres.createDatabase("partition")
        let proxy = try LoopbackProxy(to: database.port ?? 5432)
        defer { proxy.stop() }
        let server = try await APIServer(database: proxy.url(inFrontOf: database))
        let (_, key) = try await server.makeApp()
        proxy.freeze()
        let read = try await server.call("GET", "/v1/apps", token: APIServer.adminToken)
        #expect(read.status == 503 && read.json["code"] as? String == "storageUnavailable", "\(read.status) \(read.text)")
        let add = try await server.call("POST", "/v1/centers", token: key, json: ["id": "phone"])
        #expect(add.status == 503 && add.header("Retry-After") != nil, "\(add.status) \(add.text)")
        try await waitUntil("/readyz to say unavailable", within: 60) {
            try await loopbackRequest(port: server.port, "GET", "/readyz").status == 503
        }
        server.process.signal(SIGTERM)
        #expect(try await server.process.waitForExit() == 0, "\(server.process.outputSoFar.suffix(2000))")
        proxy.stop()
        await TestPostgres.dropDatabase(database)
    }

    /// What the clients of the outage test saw.
    final class Tally: Sendable {
        struct State {
            var acknowledged: Set<String> = []
            var unavailable = 0
            var acknowledgedAfterOutage = 0
            var unexpected: [String] = []
            var outage = false
            var stop = false
        }
        let state = Mutex(State())
    }
}
