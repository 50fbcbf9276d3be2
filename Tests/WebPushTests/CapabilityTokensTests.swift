import Crypto
import Foundation
import NotificationCore
import Storage
import Synchronization
import Testing
import WebPush
import WebPushService

/// The tokens a push carries: they answer one delivery once, expire, cannot be altered, are signed with
/// their app's own key (no VAPID key, no other app's), and open on a replica that learns the key from the
/// store.
@Suite struct CapabilityTokensTests {
    /// The token keys and used tokens of a store, nothing else (the tokens need no more).
    final class Keys: SecretStore {
        let stored = Mutex<[String: TokenKeyRecord]>([:])
        let used = Mutex<Set<String>>([])

        func sealSecrets() async throws -> Int { 0 }
        func tokenKey(appID: String, orInstall candidate: TokenKeyRecord) async throws -> TokenKeyRecord {
            stored.withLock { keys in
                if keys[appID] == nil { keys[appID] = candidate }
                return keys[appID]!
            }
        }
        func tokenKey(appID: String) async throws -> TokenKeyRecord? { stored.withLock { $0[appID] } }
        func useToken(id: String, expiresAt: Date, at now: Date) async throws -> Bool { used.withLock { $0.insert(id).inserted } }
    }

    static let now = Date(timeIntervalSince1970: 1_800_000_000)
    static let delivered = DeliveredNotification(
        date: now, request: NotificationRequest(identifier: "tea", content: NotificationContent(title: "Tea")),
        presentation: Presentation(list: true))
    static let center = CenterKey(appID: "app", centerID: "phone")

    static func parts(_ token: String) throws -> (claims: [String: Any], signature: String) {
        let parts = token.dropFirst(4).split(separator: ".").map(String.init)
        let claims = try JSONSerialization.jsonObject(with: Data(try #require(Base64URL.decode(parts[0])))) as? [String: Any]
        return (try #require(claims), parts[1])
    }

    @Test func aResponseTokenOpensUntilItExpiresNamesItsDeliveryAndIsUsedOnce() async throws {
        let tokens = CapabilityTokens(store: Keys())
        let token = try await tokens.response(for: Self.delivered, center: Self.center, now: Self.now)
        #expect(token.hasPrefix("wpr_"))
        let claims = try #require(await tokens.openResponse(token, now: Self.now.addingTimeInterval(6 * 86_400)))
        #expect(claims.center == Self.center && claims.i == "tea" && claims.d == 1_800_000_000_000 && claims.k.hasPrefix("atk_"))
        #expect(await tokens.openResponse(token, now: Self.now.addingTimeInterval(7 * 86_400 + 1)) == nil, "expired after 7 days")
        #expect(await tokens.openAttachment(token, now: Self.now) == nil, "a response token is no attachment token")
        #expect(try await tokens.use(claims, now: Self.now))
        #expect(try await !tokens.use(claims, now: Self.now), "once")
        // Two tokens for one delivery (two browsers) are two tokens, each used once.
        let other = try #require(
            await tokens.openResponse(try await tokens.response(for: Self.delivered, center: Self.center, now: Self.now), now: Self.now))
        #expect(try await tokens.use(other, now: Self.now))
        #expect(CapabilityTokens.claimedKey(of: token) == claims.k)
        #expect(CapabilityTokens.claimedKey(of: "unk_1_2") == nil)
    }

    /// The response token's claims are written by hand (not by `JSONEncoder`): whatever its strings hold,
    /// it opens with the same claims, with and without a destination.
    @Test func aResponseTokenCarriesAnyStringsAndItsDestination() async throws {
        let tokens = CapabilityTokens(store: Keys())
        let awkward = #"q"u/o\te é e\#u{301} 😀 \#u{0}\#u{1F}"# + "\n\t"
        let center = CenterKey(appID: "app", centerID: "center " + awkward)
        let delivered = DeliveredNotification(
            date: Self.now, request: NotificationRequest(identifier: awkward, content: NotificationContent(title: "Tea")),
            presentation: Presentation(list: true))
        for (destination, channel) in [
            (String?.none, WebhookDeliveryRecord.Destination?.none), ("dev_" + awkward, .phone), ("sub_1", .browser),
        ] {
            let token = try await tokens.response(for: delivered, center: center, destination: destination, channel: channel, now: Self.now)
            let claims = try #require(await tokens.openResponse(token, now: Self.now))
            #expect(claims.center == center && claims.i == awkward && claims.deliveredAt == Self.now)
            #expect(claims.r == destination && claims.channel == channel)
            #expect(claims.e == 1_800_000_000_000 + 7 * 86_400_000 && claims.n.count == 24)
        }
    }

    @Test func aTokenAlteredOrSignedWithAnotherKeyOpensNothing() async throws {
        let store = Keys()
        let tokens = CapabilityTokens(store: store)
        let token = try await tokens.response(for: Self.delivered, center: Self.center, now: Self.now)
        let (claims, signature) = try Self.parts(token)
        func signed(_ claims: [String: Any], with key: SymmetricKey) throws -> String {
            try SignedToken.make(
                try JSONDecoder().decode(ResponseClaims.self, from: JSONSerialization.data(withJSONObject: claims)), prefix: "wpr_",
                keyed: HMAC(key: key))
        }
        // Another center in the claims, the signature kept.
        var altered = claims
        altered["c"] = "another-phone"
        let tampered =
            "wpr_" + Base64URL.encode(try JSONSerialization.data(withJSONObject: altered, options: .sortedKeys)) + "." + signature
        #expect(await tokens.openResponse(tampered, now: Self.now) == nil)
        // The same claims signed with a key the app does not have — derived from a VAPID key as tokens once
        // were, so that a copy of the database (which held the VAPID key) minted tokens for any app.
        let vapid = VAPIDKey()
        let derived = HKDF<SHA256>.deriveKey(
            inputKeyMaterial: SymmetricKey(data: vapid.rawPrivateKey), info: Array("usernotifyd token signing".utf8), outputByteCount: 32)
        #expect(await tokens.openResponse(try signed(claims, with: derived), now: Self.now) == nil)
        #expect(await tokens.openResponse(try signed(claims, with: SymmetricKey(size: .bits256)), now: Self.now) == nil)
        // Another app's claims signed with this app's key: the other app's key is asked for, and differs.
        let mine = SymmetricKey(data: try #require(try await store.tokenKey(appID: "app")).secret)
        _ = try await tokens.response(for: Self.delivered, center: CenterKey(appID: "other", centerID: "phone"), now: Self.now)
        var foreign = claims
        foreign["a"] = "other"
        #expect(await tokens.openResponse(try signed(foreign, with: mine), now: Self.now) == nil)
        #expect(try await store.tokenKey(appID: "other")?.id != claims["k"] as? String, "each app its own key")
    }

    @Test func aReplicaOpensTokensMadeByAnotherWithTheKeyFromTheStore() async throws {
        let store = Keys()
        let token = try await CapabilityTokens(store: store).attachment("pic", of: "tea", center: Self.center, now: Self.now)
        let second = CapabilityTokens(store: store)  // another replica, which never had the key in memory
        let claims = try #require(await second.openAttachment(token, now: Self.now.addingTimeInterval(86_399)))
        #expect(claims.t == "pic" && claims.i == "tea" && claims.center == Self.center)
        #expect(await second.openAttachment(token, now: Self.now.addingTimeInterval(86_401)) == nil, "a day")
        #expect(await CapabilityTokens(store: Keys()).openAttachment(token, now: Self.now) == nil, "a store without the app's key")
    }
}
