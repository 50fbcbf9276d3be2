import API
import Crypto
import Foundation
import HTTPCore
import HTTPTypes
import InProcessHarness
import Testing
import UserNotifyServer
import WebPush
import Webhooks

/// The Web Push operations through the router, in this process: the key, subscriptions and what they
/// refuse, the app's view of them, rotation, and tokens that answer nothing. Delivery to a push service
/// and the answers a worker posts are tested on the binary with a stand-in push service (APITests).
@Suite struct WebPushInProcessTests {
    /// A push service on loopback that the operator allowed (its origin, and its network past the SSRF guard).
    static let service = "http://127.0.0.1:9"

    static func run(_ body: (InProcessApp, _ key: String, _ user: String) async throws -> Void) async throws {
        try await InProcessApp.run(configure: { configuration in
            configuration.webPushAllowList = try! PushServiceAllowList(adding: [Self.service])
            configuration.webhookAllowedNetworks = [IPNetwork("127.0.0.0/8")!]
        }) { app in
            let key = try await app.makeAppKey()
            let center = await app.request(.post, "/v1/centers", token: key, json: #"{"id": "phone"}"#)
            try await body(app, key, try unwrapped(center.json["token"] as? String, center))
        }
    }

    /// What a browser's `PushSubscription.toJSON()` gives, for `endpoint`.
    static func subscription(_ endpoint: String, p256dh: String? = nil, auth: String? = nil, expiration: String = "null") -> String {
        let browser = P256.KeyAgreement.PrivateKey()
        let point = p256dh ?? Base64URL.encode(browser.publicKey.x963Representation)
        let secret = auth ?? Base64URL.encode((0..<16).map { _ in UInt8.random(in: 0...255) })
        return #"{"endpoint": "\#(endpoint)", "expirationTime": \#(expiration), "keys": {"p256dh": "\#(point)", "auth": "\#(secret)"}}"#
    }

    @Test func everyPrincipalReadsThePublicKeyBrowsersSubscribeWith() async throws {
        try await Self.run { app, key, user in
            let asApp = await app.request(.get, "/v1/web-push/key", token: key)
            let asUser = await app.request(.get, "/v1/web-push/key", token: user)
            #expect(asApp.status == .ok && asApp.text == asUser.text)
            let publicKey = try unwrapped(asApp.json["publicKey"] as? String, asApp)
            #expect(Base64URL.decode(publicKey)?.count == 65 && Base64URL.decode(publicKey)?.first == 4)
            #expect((asApp.json["keyID"] as? String)?.hasPrefix("vapid_") == true)
            #expect(await app.request(.get, "/v1/web-push/key").status == .unauthorized)
        }
    }

    @Test func aUserSubscribesAgainWithoutDuplicatesAndTheAppSeesNoKeys() async throws {
        try await Self.run { app, key, user in
            let endpoint = "\(Self.service)/push/1"
            let first = await app.request(.post, "/v1/me/push-subscriptions", token: user, json: Self.subscription(endpoint))
            #expect(first.status == .created, "\(first.text)")
            let id = try unwrapped(first.json["id"] as? String, first)
            #expect(first.headers[.location] == "/v1/me/push-subscriptions/\(id)" && first.json["keys"] == nil)
            let again = await app.request(
                .post, "/v1/me/push-subscriptions", token: user, json: Self.subscription(endpoint, expiration: "1893456000000"))
            #expect(again.status == .ok && again.json["id"] as? String == id, "\(again.text)")
            #expect(again.json["expirationTime"] as? String == "2030-01-01T00:00:00.000Z")
            let mine = await app.request(.get, "/v1/me/push-subscriptions", token: user)
            let theirs = await app.request(.get, "/v1/centers/phone/push-subscriptions", token: key)
            #expect(mine.text == theirs.text && !theirs.text.contains("p256dh") && !theirs.text.contains("auth\""))
            #expect((theirs.json["subscriptions"] as? [[String: Any]])?.map { $0["endpoint"] as? String } == [endpoint])
            // Another app's key does not reach this center.
            let other = try await app.makeAppKey()
            #expect(
                await app.request(.get, "/v1/centers/phone/push-subscriptions", token: other).json["code"] as? String == "centerNotFound")
            #expect(await app.request(.delete, "/v1/centers/phone/push-subscriptions/\(id)", token: key).status == .noContent)
            let gone = await app.request(.delete, "/v1/me/push-subscriptions/\(id)", token: user)
            #expect(gone.status == .notFound && gone.json["code"] as? String == "pushSubscriptionNotFound")
        }
    }

    /// The worker's subscription token renews its subscription (the browser's new one takes its place, and
    /// a new token comes back) or removes it, and does nothing else: no center token in the browser.
    @Test func aWorkersSubscriptionTokenRenewsOrRemovesItsSubscriptionAndNothingElse() async throws {
        try await Self.run { app, key, user in
            let first = await app.request(.post, "/v1/me/push-subscriptions", token: user, json: Self.subscription("\(Self.service)/old"))
            let (oldID, oldToken) = (
                try unwrapped(first.json["id"] as? String, first), try unwrapped(first.json["subscriptionToken"] as? String, first)
            )
            #expect(oldToken.hasPrefix("wpn_") && !oldToken.contains(user))
            // Not a credential anywhere else.
            #expect(await app.request(.get, "/v1/me", token: oldToken).status == .unauthorized)
            // The browser changed its subscription: the new one replaces the old one, with a new token.
            let renewal = #"{"token": "\#(oldToken)", "subscription": \#(Self.subscription("\(Self.service)/new"))}"#
            let renewed = await app.request(.post, "/v1/web-push/renewals", json: renewal)
            #expect(renewed.status == .ok, "\(renewed.text)")
            let (newID, newToken) = (
                try unwrapped(renewed.json["id"] as? String, renewed), try unwrapped(renewed.json["subscriptionToken"] as? String, renewed)
            )
            #expect(newID != oldID && newToken != oldToken)
            let listed =
                await app.request(.get, "/v1/centers/phone/push-subscriptions", token: key).json["subscriptions"] as? [[String: Any]]
            #expect(listed?.compactMap { $0["endpoint"] as? String } == ["\(Self.service)/new"], "the old one is gone")
            // The old token went with its subscription; a renewal still checks the subscription.
            let stale = await app.request(.post, "/v1/web-push/renewals", json: renewal)
            #expect(stale.status == .forbidden && stale.json["code"] as? String == "invalidSubscriptionToken")
            let bad = await app.request(
                .post, "/v1/web-push/renewals",
                json: #"{"token": "\#(newToken)", "subscription": \#(Self.subscription("https://evil.example/x"))}"#)
            #expect(bad.json["code"] as? String == "pushServiceNotAllowed")
            // Sign-out: removed, and the token with it.
            #expect(await app.request(.post, "/v1/web-push/removals", json: #"{"token": "\#(newToken)"}"#).status == .noContent)
            #expect((await app.request(.get, "/v1/me/push-subscriptions", token: user).json["subscriptions"] as? [Any])?.isEmpty == true)
            let again = await app.request(.post, "/v1/web-push/removals", json: #"{"token": "\#(newToken)"}"#)
            #expect(again.status == .forbidden && again.json["code"] as? String == "invalidSubscriptionToken")
            for forged in ["", "wpn_x.y", "wpr_eyJhIjoiYSJ9.AAAA", oldToken.replacingOccurrences(of: ".", with: "x.")] {
                #expect(await app.request(.post, "/v1/web-push/removals", json: #"{"token": "\#(forged)"}"#).status == .forbidden)
            }
        }
    }

    @Test func whatIsNotABrowsersSubscriptionIsRefusedAndNothingStored() async throws {
        try await Self.run { app, _, user in
            func code(_ json: String) async -> (Int, String?) {
                let answer = await app.request(.post, "/v1/me/push-subscriptions", token: user, json: json)
                return (answer.status.code, answer.json["code"] as? String)
            }
            #expect(await code(Self.subscription("https://evil.example/push/1")) == (422, "pushServiceNotAllowed"))
            #expect(await code(Self.subscription("http://127.0.0.1:10/push/1")) == (422, "pushServiceNotAllowed"))
            #expect(
                await code(Self.subscription("https://fcm.googleapis.com/fcm/send/x")).1 != nil,
                "a vendor's host that does not resolve here")
            #expect(
                await code(Self.subscription("\(Self.service)/p", p256dh: "BCVxsr7N_eNgVRqvHtD0zTZsEc6")) == (
                    422, "invalidPushSubscription"
                ))
            let offCurve = "BCVxsr7N_eNgVRqvHtD0zTZsEc6-VV-JvLexhqUzORcxaOzi6-AYWXvTBHm4bjyPjs7Vd8pZGH6SRpkNtoIAiw8"
            #expect(await code(Self.subscription("\(Self.service)/p", p256dh: offCurve)) == (422, "invalidPushSubscription"))
            #expect(await code(Self.subscription("\(Self.service)/p", auth: "AAAA")) == (422, "invalidPushSubscription"))
            #expect(
                await code(#"{"endpoint": "\#(Self.service)/p", "keys": {"p256dh": "x", "auth": "y"}, "extra": 1}"#) == (
                    400, "unknownField"
                ))
            #expect(await code(#"{"endpoint": "\#(Self.service)/p"}"#) == (400, "missingField"))
            #expect(await code("not json") == (400, "malformedJSON"))
            let list = await app.request(.get, "/v1/me/push-subscriptions", token: user)
            #expect((list.json["subscriptions"] as? [Any])?.isEmpty == true, "nothing stored")
        }
    }

    @Test func aKnownPushServiceOnANetworkTheOperatorDidNotAllowIsRefused() async throws {
        try await InProcessApp.run(configure: { configuration in
            configuration.webPushAllowList = try! PushServiceAllowList(adding: [Self.service])
        }) { app in
            let key = try await app.makeAppKey()
            let center = await app.request(.post, "/v1/centers", token: key, json: #"{"id": "phone"}"#)
            let user = try unwrapped(center.json["token"] as? String, center)
            let answer = await app.request(.post, "/v1/me/push-subscriptions", token: user, json: Self.subscription("\(Self.service)/p"))
            #expect(answer.status == .unprocessableContent && answer.json["code"] as? String == "webhookURLRefused", "\(answer.text)")
            #expect((answer.json["detail"] as? String)?.contains("loopback") == true)
        }
    }

    @Test func aCenterHoldsAtMostTwentySubscriptions() async throws {
        try await Self.run { app, _, user in
            for index in 0..<20 {
                let answer = await app.request(
                    .post, "/v1/me/push-subscriptions", token: user, json: Self.subscription("\(Self.service)/p/\(index)"))
                #expect(answer.status == .created)
            }
            let over = await app.request(.post, "/v1/me/push-subscriptions", token: user, json: Self.subscription("\(Self.service)/p/20"))
            #expect(over.status == .conflict && over.json["code"] as? String == "pushSubscriptionLimitReached")
        }
    }

    @Test func aRotationMakesANewPrimaryAndKeepsTheOldForItsSubscriptions() async throws {
        try await Self.run { app, _, user in
            let before = try unwrapped(
                await app.request(.get, "/v1/web-push/key", token: user).json["keyID"] as? String,
                .init(status: .ok, headers: [:], body: []))
            let subscribed = await app.request(
                .post, "/v1/me/push-subscriptions", token: user, json: Self.subscription("\(Self.service)/p"))
            #expect(subscribed.json["vapidKeyID"] as? String == before)
            #expect(await app.request(.post, "/v1/web-push/keys/rotate", token: user).status == .forbidden)
            let rotated = await app.request(.post, "/v1/web-push/keys/rotate", token: InProcessApp.adminToken)
            let keys = try unwrapped(rotated.json["keys"] as? [[String: Any]], rotated)
            #expect(keys.count == 2 && keys[0]["primary"] as? Bool == true && keys[1]["id"] as? String == before)
            let after = await app.request(.get, "/v1/web-push/key", token: user).json["keyID"] as? String
            #expect(after == keys[0]["id"] as? String && after != before)
            let listed = await app.request(.get, "/v1/me/push-subscriptions", token: user)
            #expect(
                ((listed.json["subscriptions"] as? [[String: Any]])?.first?["vapidKeyID"] as? String) == before,
                "kept until it subscribes again")
            let again = await app.request(.post, "/v1/me/push-subscriptions", token: user, json: Self.subscription("\(Self.service)/p"))
            #expect(again.json["vapidKeyID"] as? String == after)
            #expect(await app.request(.get, "/v1/web-push/keys", token: InProcessApp.adminToken).json["keys"] as? [Any] != nil)
        }
    }

    @Test func aTokenThatIsNotGenuineAnswersNothing() async throws {
        try await Self.run { app, _, _ in
            for token in ["", "wpr_", "wpr_eyJhIjoiYSJ9.AAAA", "wpa_x.y", String(repeating: "x", count: 5000)] {
                let answer = await app.request(
                    .post, "/v1/web-push/responses",
                    json: #"{"token": "\#(token)", "actionIdentifier": "com.apple.UNNotificationDefaultActionIdentifier"}"#)
                #expect(answer.status == .forbidden && answer.json["code"] as? String == "invalidResponseToken", "\(answer.text)")
            }
            let image = await app.request(.get, "/v1/web-push/attachments/wpa_eyJhIjoiYSJ9.AAAA")
            #expect(image.status == .forbidden && image.json["code"] as? String == "invalidResponseToken")
        }
    }
}
