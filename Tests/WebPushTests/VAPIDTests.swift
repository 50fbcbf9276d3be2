import Crypto
import Foundation
import Testing
import WebPush

@Suite struct VAPIDTests {
    static func parts(_ header: String) throws -> (token: String, key: String) {
        let fields = header.dropFirst("vapid ".count).split(separator: ", ")
        #expect(header.hasPrefix("vapid ") && fields.count == 2)
        let token = try #require(fields.first { $0.hasPrefix("t=") }).dropFirst(2)
        let key = try #require(fields.first { $0.hasPrefix("k=") }).dropFirst(2)
        return (String(token), String(key))
    }

    /// What a push service does (RFC 8292 §3 and §4): the signature verifies with `k`, the claims hold.
    static func verify(_ token: String, publicKey: String) throws -> VAPID.Claims {
        let pieces = token.split(separator: ".").map(String.init)
        #expect(pieces.count == 3)
        let key = try P256.Signing.PublicKey(x963Representation: try #require(Base64URL.decode(publicKey)))
        let signature = try P256.Signing.ECDSASignature(rawRepresentation: try #require(Base64URL.decode(pieces[2])))
        #expect(key.isValidSignature(signature, for: Data((pieces[0] + "." + pieces[1]).utf8)))
        let header = try JSONSerialization.jsonObject(with: Data(try #require(Base64URL.decode(pieces[0])))) as? [String: String]
        #expect(header == ["typ": "JWT", "alg": "ES256"])
        return try JSONDecoder().decode(VAPID.Claims.self, from: Data(try #require(Base64URL.decode(pieces[1]))))
    }

    @Test func theTokenVerifiesWithThePublicKeyAndNamesThePushService() throws {
        let key = VAPIDKey()
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        let header = try VAPIDAuthorizations(subject: "mailto:ops@example.com").header(
            audience: "https://fcm.googleapis.com", key: key, now: now)
        let (token, publicKey) = try Self.parts(header)
        #expect(publicKey == key.publicKey && Base64URL.decode(publicKey)?.count == 65)
        let claims = try Self.verify(token, publicKey: publicKey)
        #expect(claims.aud == "https://fcm.googleapis.com" && claims.sub == "mailto:ops@example.com")
        #expect(claims.exp == 1_800_000_000 + 12 * 3600 && TimeInterval(claims.exp) - now.timeIntervalSince1970 <= VAPID.maxLifetime)
    }

    @Test func aTokenIsReusedUntilAnHourIsLeftThenRenewed() throws {
        let authorizations = VAPIDAuthorizations(subject: "mailto:ops@example.com")
        let key = VAPIDKey()
        let start = Date(timeIntervalSince1970: 1_800_000_000)
        let first = try authorizations.header(audience: "https://fcm.googleapis.com", key: key, now: start)
        #expect(try authorizations.header(audience: "https://fcm.googleapis.com", key: key, now: start + 10 * 3600) == first)
        let other = try authorizations.header(audience: "https://updates.push.services.mozilla.com", key: key, now: start)
        #expect(other != first, "one token per push service")
        #expect(try authorizations.header(audience: "https://fcm.googleapis.com", key: VAPIDKey(), now: start) != first, "and per key")
        let renewed = try authorizations.header(audience: "https://fcm.googleapis.com", key: key, now: start + 11 * 3600 + 1)
        #expect(renewed != first)
        #expect(try Self.verify(Self.parts(renewed).token, publicKey: key.publicKey).exp == 1_800_000_000 + 23 * 3600 + 1)
    }

    @Test(arguments: [
        ("https://fcm.googleapis.com/fcm/send/abc:def", "https://fcm.googleapis.com"),
        ("https://updates.push.services.mozilla.com:443/wpush/v2/gAAA", "https://updates.push.services.mozilla.com"),
        ("http://127.0.0.1:8099/push/1", "http://127.0.0.1:8099"),
        ("HTTPS://Web.Push.Apple.com/QA", "https://web.push.apple.com"),
    ])
    func theAudienceIsTheEndpointsOrigin(endpoint: String, audience: String) throws {
        #expect(VAPID.audience(of: try #require(URL(string: endpoint))) == audience)
    }

    @Test func aKeyKeepsItsIdentityThroughItsStoredForm() throws {
        let key = VAPIDKey()
        let stored = try VAPIDKey(rawPrivateKey: key.rawPrivateKey)
        #expect(stored.publicKey == key.publicKey && stored.id == key.id && key.id.hasPrefix("vapid_") && key.id.count == 18)
        #expect(VAPIDKey().id != key.id)
    }
}
