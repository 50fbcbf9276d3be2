import API
import Foundation
import HTTPCore
import HTTPTypes
import InProcessHarness
import TestSupport
import Testing
import UserNotifyServer
import WebPush

/// The API through its router in this process (no socket): the request guard's rate limits and
/// idempotency keys, and a flow, each against a real SQLite file. What needs a socket (HTTP parsing,
/// streaming, the binary's flags and signals) keeps its out-of-process tests.
@Suite struct RouterInProcessTests {
    @Test func aFlowThroughTheRouter() async throws {
        try await InProcessApp.run { app in
            let key = try await app.makeAppKey()
            let center = await app.request(.post, "/v1/centers", token: key, json: #"{"id": "phone"}"#)
            #expect(center.status == .created, "\(center.text)")
            // The user has not answered yet: refused, as the framework's add is.
            let early = await app.request(
                .post, "/v1/centers/phone/requests", token: key, json: #"{"identifier": "tea", "content": {"title": "Tea"}}"#)
            #expect(early.status == .forbidden && early.json["code"] as? String == "notificationsNotAllowed", "\(early.text)")
            _ = await app.request(.post, "/v1/centers/phone/authorization", token: key, json: #"{"options": ["alert"]}"#)
            let added = await app.request(
                .post, "/v1/centers/phone/requests", token: key,
                json: #"{"identifier": "tea", "content": {"title": "Tea"}, "trigger": {"type": "timeInterval", "timeInterval": 60}}"#)
            #expect(added.status == .created, "\(added.text)")
            let pending = await app.request(.get, "/v1/centers/phone/requests", token: key)
            #expect((pending.json["requests"] as? [[String: Any]])?.compactMap { $0["identifier"] as? String } == ["tea"])
            #expect(await app.request(.get, "/v1/centers/phone/requests", token: "unk_x_y").json["code"] as? String == "unauthorized")
        }
    }

    // MARK: rate limits

    @Test func eachCredentialHasBucketsPerClassAnd429SaysWhenToRetry() async throws {
        let clock = TestClock()
        var limits = RateLimits()
        limits.send = RateLimit(perSecond: 1, burst: 2)
        limits.read = RateLimit(perSecond: 100, burst: 100)
        let limiter = RateLimiter(limits: limits, now: { clock.now })
        try await InProcessApp.run(rateLimiter: limiter) { app in
            let key = try await app.makeAppKey()
            _ = try await app.makeAuthorizedCenter("phone", key: key)
            func add(_ identifier: String) async -> InProcessApp.Answer {
                await app.request(
                    .post, "/v1/centers/phone/requests", token: key, json: #"{"identifier": "\#(identifier)", "content": {"title": "Hi"}}"#)
            }
            let first = await add("a")
            #expect(first.status == .created)
            #expect(first.headers[.rateLimitPolicy] == #""send";q=2;w=2"#)
            #expect(first.headers[.rateLimit] == #""send";r=1;t=1"#)
            #expect(await add("b").status == .created)
            let refused = await add("c")
            #expect(refused.status == .tooManyRequests)
            #expect(refused.json["code"] as? String == "rateLimited")
            #expect(refused.headers[.retryAfter] == "1")
            #expect(refused.headers[.contentType] == "application/problem+json")
            // Reads have their own bucket; the operator has none.
            #expect(await app.request(.get, "/v1/centers/phone/requests", token: key).status == .ok)
            #expect(await app.request(.get, "/v1/apps", token: InProcessApp.adminToken).headers[.rateLimit] == nil)
            // A second later, one more.
            clock.advance(by: 1)
            #expect(await add("c").status == .created)
            #expect(await add("d").status == .tooManyRequests)
        }
    }

    /// Requests without a valid credential — capability tokens, wrong keys — are limited per client
    /// network, and capability tokens also per the key they name (50 clients' worth): forged tokens from
    /// one address, or from many naming one key, are refused 429 with `Retry-After` before any is checked.
    @Test func requestsWithoutACredentialAreLimitedPerClientAndPerTokenKey() async throws {
        let clock = TestClock()
        var limits = RateLimits()
        limits.anonymous = RateLimit(perSecond: 1, burst: 3)
        try await InProcessApp.run(rateLimiter: RateLimiter(limits: limits, now: { clock.now })) { app in
            let key = try await app.makeAppKey()
            func forged(_ keyID: String) -> String {
                let claims = Data(#"{"a":"app","c":"c","d":1,"e":9999999999999,"i":"x","k":"\#(keyID)","n":"1"}"#.utf8)
                return "wpr_" + Base64URL.encode(claims) + ".AAAA"
            }
            func answer(_ token: String, from network: String) async -> InProcessApp.Answer {
                await app.request(
                    .post, "/v1/web-push/responses", json: #"{"token": "\#(token)", "actionIdentifier": "x"}"#, from: network)
            }
            for index in 0..<3 {
                let refused = await answer(forged("atk_\(index)"), from: "192.0.2.1")
                #expect(refused.status == .forbidden && refused.json["code"] as? String == "invalidResponseToken")
            }
            let limited = await answer(forged("atk_9"), from: "192.0.2.1")
            #expect(limited.status == .tooManyRequests && limited.json["code"] as? String == "rateLimited", "\(limited.text)")
            #expect(limited.headers[.retryAfter] == "1")
            // The same address's wrong keys and attachment links share its bucket; another address has its own.
            #expect(await app.request(.get, "/v1/apps", token: "unk_x_y", from: "192.0.2.1").status == .tooManyRequests)
            #expect(await app.request(.get, "/v1/web-push/attachments/wpa_x.y", from: "192.0.2.1").status == .tooManyRequests)
            #expect(await app.request(.get, "/v1/apps", token: "unk_x_y", from: "192.0.2.2").status == .unauthorized)
            // A valid credential is never taken from the anonymous buckets.
            #expect(await app.request(.get, "/v1/centers", token: key, from: "192.0.2.1").status == .ok)
            clock.advance(by: 1)
            #expect(await answer(forged("atk_9"), from: "192.0.2.1").status == .forbidden, "a second later, one more")
            // One key, many addresses: 50 clients' worth (a burst of 150), then refused from anywhere.
            var statuses: [Int] = []
            for index in 0..<151 { statuses.append(await answer(forged("atk_one"), from: "198.51.100.\(index % 250)").status.code) }
            #expect(statuses.filter { $0 == 403 }.count == 150 && statuses.last == 429, "\(Set(statuses))")
            // A display confirmation names its key as an answer does, and takes from the same buckets.
            let confirmation = await app.request(.post, "/v1/displays", json: #"{"token": "\#(forged("atk_one"))"}"#, from: "203.0.113.1")
            #expect(confirmation.status == .tooManyRequests, "\(confirmation.text)")
            let fresh = await app.request(.post, "/v1/displays", json: #"{"token": "\#(forged("atk_new"))"}"#, from: "203.0.113.1")
            #expect(fresh.status == .forbidden && fresh.json["code"] as? String == "invalidResponseToken", "\(fresh.text)")
        }
    }

    // MARK: answers from memory

    @Test func aPendingPageSentBeforeIsAnsweredFromMemoryUntilItsCenterOrKeyChanges() async throws {
        let clock = TestClock()
        var limits = RateLimits()
        limits.read = RateLimit(perSecond: 1, burst: 4)
        try await InProcessApp.run(rateLimiter: RateLimiter(limits: limits, now: { clock.now })) { app in
            let created = await app.request(.post, "/v1/apps", token: InProcessApp.adminToken, json: #"{"name": "App"}"#)
            let appID = try #require(created.json["id"] as? String)
            let issued = await app.request(.post, "/v1/apps/\(appID)/keys", token: InProcessApp.adminToken)
            let (keyID, key) = try (#require(issued.json["id"] as? String), #require(issued.json["key"] as? String))
            let centerToken = try await app.makeAuthorizedCenter("phone", key: key)
            func add(_ identifier: String) async {
                _ = await app.request(
                    .post, "/v1/centers/phone/requests", token: key,
                    json:
                        #"{"identifier": "\#(identifier)", "content": {"title": "Hi"}, "trigger": {"type": "timeInterval", "timeInterval": 60}}"#
                )
            }
            func identifiers(_ answer: InProcessApp.Answer?) -> [String]? {
                (answer?.json["requests"] as? [[String: Any]])?.compactMap { $0["identifier"] as? String }
            }
            await add("a")
            let path = "/v1/centers/phone/requests"
            // Not sent yet: a worker builds it (read 1 of 4).
            #expect(app.immediate(.get, path, token: key) == nil)
            let built = await app.request(.get, path, token: key)
            #expect(identifiers(built) == ["a"])
            // Sent before: the same bytes from memory, under the same rate limit (read 2).
            let remembered = try #require(app.immediate(.get, path, token: key))
            #expect(remembered.status == .ok)
            #expect(remembered.body == built.body)
            #expect(remembered.headers[.rateLimit] == #""read";r=2;t=2"#)
            // Another page size, another center, a center token, a wrong key: all to a worker.
            #expect(app.immediate(.get, path + "?limit=1", token: key) == nil)
            #expect(app.immediate(.get, "/v1/centers/tablet/requests", token: key) == nil)
            #expect(app.immediate(.get, path, token: centerToken) == nil)
            #expect(app.immediate(.get, path, token: "unk_\(keyID)_wrong") == nil)
            #expect(app.immediate(.get, path) == nil)
            // A change to the center's requests: built again (read 3), then remembered (read 4).
            await add("b")
            #expect(app.immediate(.get, path, token: key) == nil)
            #expect(identifiers(await app.request(.get, path, token: key)) == ["a", "b"])
            #expect(identifiers(app.immediate(.get, path, token: key)) == ["a", "b"])
            // The bucket is empty: the answer from memory is refused like any other.
            let limited = try #require(app.immediate(.get, path, token: key))
            #expect(limited.status == .tooManyRequests)
            #expect(limited.json["code"] as? String == "rateLimited")
            // A deleted key is never taken from memory again.
            clock.advance(by: 10)
            #expect(await app.request(.delete, "/v1/apps/\(appID)/keys/\(keyID)", token: InProcessApp.adminToken).status == .noContent)
            #expect(app.immediate(.get, path, token: key) == nil)
            #expect(await app.request(.get, path, token: key).status == .unauthorized)
        }
    }

    @Test func healthChecksAreAnsweredFromMemory() async throws {
        try await InProcessApp.run { app in
            #expect(app.immediate(.get, "/healthz")?.text == #"{"status":"ok"}"#)
            #expect(app.immediate(.get, "/readyz")?.text == #"{"status":"ready"}"#)
            #expect(app.immediate(.get, "/v1/apps", token: InProcessApp.adminToken) == nil)
        }
    }

    @Test func aBucketRefillsAtItsRateUpToItsBurst() {
        var bucket = TokenBucket(limit: RateLimit(perSecond: 10, burst: 3), now: 0)
        /// How many of `count` requests at `now` the bucket lets go.
        func taken(_ count: Int, at now: Double) -> Int { (0..<count).reduce(0) { sum, _ in sum + (bucket.take(now: now) ? 1 : 0) } }
        #expect(taken(4, at: 0) == 3)
        #expect(abs(bucket.secondsUntilNext - 0.1) < 1e-9)
        #expect(taken(2, at: 0.1) == 1)
        // A long pause refills to the burst, no more.
        #expect(taken(5, at: 100) == 3)
    }

    // MARK: idempotency keys

    @Test func theSameKeyAndBodyReplayTheFirstAnswer() async throws {
        try await InProcessApp.run { app in
            let key = try await app.makeAppKey()
            let body = #"{"id": "phone"}"#
            let first = await app.request(.post, "/v1/centers", token: key, json: body, headers: ["Idempotency-Key": "create-phone"])
            #expect(first.status == .created)
            #expect(first.headers[.idempotentReplayed] == nil)
            // Without the key the second create would be a conflict; with it, the first answer again.
            let again = await app.request(.post, "/v1/centers", token: key, json: body, headers: ["Idempotency-Key": "create-phone"])
            #expect(again.status == .created)
            #expect(again.headers[.idempotentReplayed] == "true")
            #expect(again.body == first.body)
            #expect(await app.request(.post, "/v1/centers", token: key, json: body).status == .conflict)
            // Another body with the key is refused.
            let other = await app.request(
                .post, "/v1/centers", token: key, json: #"{"id": "tablet"}"#, headers: ["Idempotency-Key": "create-phone"])
            #expect(other.status == .unprocessableContent)
            #expect(other.json["code"] as? String == "idempotencyKeyReused")
            // Keys are per principal: another app's same key is its own.
            let otherKey = try await app.makeAppKey()
            #expect(
                await app.request(.post, "/v1/centers", token: otherKey, json: body, headers: ["Idempotency-Key": "create-phone"])
                    .headers[.idempotentReplayed] == nil)
        }
    }

    @Test func aFailedRequestGivesItsKeyUp() async throws {
        try await InProcessApp.run { app in
            let key = try await app.makeAppKey()
            let bad = await app.request(.post, "/v1/centers", token: key, json: #"{"id": "no spaces"}"#, headers: ["Idempotency-Key": "k1"])
            #expect(bad.status == .unprocessableContent || bad.status == .badRequest)
            let fixed = await app.request(.post, "/v1/centers", token: key, json: #"{"id": "phone"}"#, headers: ["Idempotency-Key": "k1"])
            #expect(fixed.status == .created, "\(fixed.text)")
            let invalid = await app.request(.post, "/v1/centers", token: key, json: #"{"id": "x"}"#, headers: ["Idempotency-Key": ""])
            #expect(invalid.json["code"] as? String == "invalidIdempotencyKey")
        }
    }

    @Test func concurrentDuplicatesWaitForTheFirst() async throws {
        try await InProcessApp.run { app in
            let key = try await app.makeAppKey()
            let answers = await withTaskGroup(of: InProcessApp.Answer.self) { group in
                for _ in 0..<8 {
                    group.addTask {
                        await app.request(.post, "/v1/centers", token: key, json: #"{"id": "phone"}"#, headers: ["Idempotency-Key": "same"])
                    }
                }
                return await group.reduce(into: []) { $0.append($1) }
            }
            #expect(answers.allSatisfy { $0.status == .created }, "\(answers.map(\.text))")
            #expect(Set(answers.map(\.body)).count == 1, "one center, one token, the same answer for all")
            #expect(answers.filter { $0.headers[.idempotentReplayed] == nil }.count == 1)
        }
    }
}
