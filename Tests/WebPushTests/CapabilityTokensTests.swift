import Crypto
import Foundation
import NotificationCore
import Storage
import Synchronization
import Testing
import WebPush
import WebPushService

/// The tokens a push carries: they answer one delivery, expire, cannot be altered, and open on a replica
/// that learns the key from the store.
@Suite struct WebPushTokensTests {
    /// The keys of a store, nothing else (the tokens need no more).
    final class Keys: PushSubscriptionStore {
        let stored = Mutex<[VAPIDKeyRecord]>([])

        func vapidKeys() async throws -> [VAPIDKeyRecord] { stored.withLock { $0 } }
        func installVAPIDKey(_ key: VAPIDKeyRecord, rotating: Bool) async throws -> [VAPIDKeyRecord] {
            stored.withLock { keys in
                if rotating {
                    keys = keys.map { VAPIDKeyRecord(id: $0.id, privateKey: $0.privateKey, isPrimary: false, createdAt: $0.createdAt) }
                }
                if rotating || !keys.contains(where: \.isPrimary) { keys.insert(key, at: 0) }
                return keys
            }
        }
        func savePushSubscription(_ subscription: PushSubscriptionRecord, limit: Int) async throws -> (
            PushSubscriptionRecord, created: Bool
        ) {
            (subscription, true)
        }
        func pushSubscriptions(_ key: CenterKey) async throws -> [PushSubscriptionRecord] { [] }
        func pushSubscription(id: String) async throws -> PushSubscriptionRecord? { nil }
        func removePushSubscription(_ key: CenterKey, id: String) async throws -> Bool { false }
        func removeGonePushSubscription(id: String, at date: Date) async throws -> Bool { false }
    }

    static let now = Date(timeIntervalSince1970: 1_800_000_000)
    static let delivered = DeliveredNotification(
        date: now, request: NotificationRequest(identifier: "tea", content: NotificationContent(title: "Tea")),
        presentation: Presentation(list: true))
    static let center = CenterKey(appID: "app", centerID: "phone")

    @Test func aResponseTokenOpensUntilItExpiresAndNamesItsDelivery() async throws {
        let keyring = VAPIDKeyring(store: Keys())
        try await keyring.open(at: Self.now)
        let tokens = WebPushTokens(keyring: keyring)
        let token = try tokens.response(for: Self.delivered, center: Self.center, key: try await keyring.primary(), now: Self.now)
        #expect(token.hasPrefix("wpr_"))
        let claims = try #require(await tokens.openResponse(token, now: Self.now.addingTimeInterval(6 * 86_400)))
        #expect(claims.center == Self.center && claims.i == "tea" && claims.d == 1_800_000_000_000)
        #expect(await tokens.openResponse(token, now: Self.now.addingTimeInterval(7 * 86_400 + 1)) == nil, "expired after 7 days")
        #expect(await tokens.openAttachment(token, now: Self.now) == nil, "a response token is no attachment token")
    }

    @Test func aTokenAlteredOrSignedWithAnotherKeyOpensNothing() async throws {
        let keyring = VAPIDKeyring(store: Keys())
        try await keyring.open(at: Self.now)
        let tokens = WebPushTokens(keyring: keyring)
        let token = try tokens.response(for: Self.delivered, center: Self.center, key: try await keyring.primary(), now: Self.now)
        let parts = token.dropFirst(4).split(separator: ".").map(String.init)
        // Another center in the claims, the signature kept.
        var claims = try JSONSerialization.jsonObject(with: Data(try #require(Base64URL.decode(parts[0])))) as! [String: Any]
        claims["c"] = "another-phone"
        let altered = "wpr_" + Base64URL.encode(try JSONSerialization.data(withJSONObject: claims, options: .sortedKeys)) + "." + parts[1]
        #expect(await tokens.openResponse(altered, now: Self.now) == nil)
        // The same claims signed with a key the service does not have.
        let foreign = try SignedToken.make(
            try JSONDecoder().decode(ResponseClaims.self, from: Data(try #require(Base64URL.decode(parts[0])))), prefix: "wpr_",
            key: VAPIDKey().tokenKey)
        #expect(await tokens.openResponse(foreign, now: Self.now) == nil)
    }

    @Test func aTokenSignedBeforeARotationStillOpensAndOneReplicaLearnsAnothersKey() async throws {
        let store = Keys()
        let first = VAPIDKeyring(store: store)
        try await first.open(at: Self.now)
        let token = try WebPushTokens(keyring: first).response(
            for: Self.delivered, center: Self.center, key: try await first.primary(), now: Self.now)
        _ = try await first.rotate(at: Self.now)
        let second = VAPIDKeyring(store: store)  // another replica, which never saw the old key in memory
        #expect(await WebPushTokens(keyring: second).openResponse(token, now: Self.now)?.i == "tea")
        #expect(try await second.primary().id != (try await store.vapidKeys().last?.id))
    }
}
