import Crypto
import Foundation
import HTTPCore
import Memberwise
import NotificationCore
import Storage
import Synchronization
import WebPush

/// What a response token (`wpr_…`) lets its holder do: answer one delivery of one notification, once,
/// until it expires. The service worker or the phone app posts it with the action the user chose; no
/// other credential.
package struct ResponseClaims: Codable, Sendable, Equatable {
    /// The app and center.
    package var a: String
    package var c: String
    /// The notification's identifier, and the date of the delivery it was made for (ms): a later delivery
    /// of the same identifier (an update) makes it useless.
    package var i: String
    package var d: Int64
    /// When it expires (ms since 1970).
    package var e: Int64
    /// The app's token key that signed it.
    package var k: String
    /// A random nonce: what the token is remembered by once used.
    package var n: String
    /// The browser's subscription or the phone's registration the token was sent to: an answer from it
    /// sends it no close of what it answered.
    package var r: String?
    /// What `r` is: `browser` or `phone` (a token made before receipts says nothing).
    package var h: String?

    package var center: CenterKey { CenterKey(appID: a, centerID: c) }
    /// The delivery it was made for.
    package var deliveredAt: Date { CapabilityTokens.date(d) }
    /// What kind of destination `r` is (nil without one).
    package var channel: WebhookDeliveryRecord.Destination? { r == nil ? nil : h.flatMap(WebhookDeliveryRecord.Destination.init) }

    /// The claims as JSON, as their decoder reads them, written straight into bytes: a token is made for
    /// every push and relay, and `JSONEncoder` was most of its cost.
    var json: [UInt8] {
        var writer = JSONWriter()
        writer.object { claims in
            claims.field("a", a)
            claims.field("c", c)
            claims.field("d", Int(d))
            claims.field("e", Int(e))
            if let h { claims.field("h", h) }
            claims.field("i", i)
            claims.field("k", k)
            claims.field("n", n)
            if let r { claims.field("r", r) }
        }
        return writer.bytes
    }
}

/// What an attachment token (`wpa_…`) lets its holder do: download one attachment of one delivered
/// notification until it expires, as the browser does to show the image of a banner.
package struct AttachmentClaims: Codable, Sendable, Equatable {
    package var a: String
    package var c: String
    package var i: String
    /// The attachment's identifier.
    package var t: String
    package var e: Int64
    package var k: String

    package var center: CenterKey { CenterKey(appID: a, centerID: c) }
}

/// What a subscription token (`wpn_…`) lets its holder do — the browser's service worker, which keeps no
/// other credential: replace one push subscription of one center with the browser's new one
/// (`pushsubscriptionchange`), or remove it (sign-out), until it expires or the subscription is gone.
package struct SubscriptionClaims: Codable, Sendable, Equatable {
    package var a: String
    package var c: String
    /// The subscription.
    package var s: String
    package var e: Int64
    package var k: String

    package var center: CenterKey { CenterKey(appID: a, centerID: c) }
}

/// Makes and opens the capability tokens a push carries (response and attachment tokens), each signed
/// with its app's own token key: made at the app's first token, kept sealed in the store, shared by the
/// replicas through it, and nothing else's — not a VAPID key, not another app's.
@MemberwiseInit
package final class CapabilityTokens: Sendable {
    package static let responsePrefix = "wpr_"
    package static let attachmentPrefix = "wpa_"
    package static let subscriptionPrefix = "wpn_"
    /// How long a response token answers: a notification tapped a week later still reaches the app.
    package static let responseLifetime: TimeInterval = 7 * 86_400
    /// How long the image URL of a banner works: the browser fetches it when the push arrives.
    package static let attachmentLifetime: TimeInterval = 86_400
    /// How long a worker's subscription token works: each renewal, and each time the user turns
    /// notifications on again, gives a new one.
    package static let subscriptionLifetime: TimeInterval = 90 * 86_400

    private struct Key: Sendable {
        var id: String
        var key: SymmetricKey
        /// An HMAC keyed with `key`, which every token made starts from.
        var keyed: HMAC<SHA256>
    }

    private let store: any SecretStore
    /// The apps' keys, by app id, as read or made.
    private let keys = Mutex<[String: Key]>([:])

    /// The token that answers `delivered` on the center, and confirms its display, sent to `destination`
    /// (a subscription's or a registration's id, of `channel`).
    package func response(
        for delivered: DeliveredNotification, center: CenterKey, destination: String? = nil,
        channel: WebhookDeliveryRecord.Destination? = nil, now: Date
    ) async throws -> String {
        let key = try await key(appID: center.appID, now: now)
        let claims = ResponseClaims(
            a: center.appID, c: center.centerID, i: delivered.request.identifier, d: Self.milliseconds(delivered.date),
            e: Self.milliseconds(now.addingTimeInterval(Self.responseLifetime)), k: key.id, n: RandomID.hex(bytes: 12), r: destination,
            h: channel?.rawValue)
        return SignedToken.make(json: claims.json, prefix: Self.responsePrefix, keyed: key.keyed)
    }

    package func attachment(_ attachmentID: String, of identifier: String, center: CenterKey, now: Date) async throws -> String {
        let key = try await key(appID: center.appID, now: now)
        let claims = AttachmentClaims(
            a: center.appID, c: center.centerID, i: identifier, t: attachmentID,
            e: Self.milliseconds(now.addingTimeInterval(Self.attachmentLifetime)), k: key.id)
        return try SignedToken.make(claims, prefix: Self.attachmentPrefix, keyed: key.keyed)
    }

    /// The token that renews or removes the subscription, for the browser's worker.
    package func subscription(_ subscriptionID: String, center: CenterKey, now: Date) async throws -> String {
        let key = try await key(appID: center.appID, now: now)
        let claims = SubscriptionClaims(
            a: center.appID, c: center.centerID, s: subscriptionID, e: Self.milliseconds(now.addingTimeInterval(Self.subscriptionLifetime)),
            k: key.id)
        return try SignedToken.make(claims, prefix: Self.subscriptionPrefix, keyed: key.keyed)
    }

    package func openSubscription(_ token: String, now: Date) async -> SubscriptionClaims? {
        await open(token, as: SubscriptionClaims.self, prefix: Self.subscriptionPrefix, app: \.a, keyID: \.k, expires: \.e, now: now)
    }

    /// The claims of a response token that is genuine and not expired at `now`, else nil.
    package func openResponse(_ token: String, now: Date) async -> ResponseClaims? {
        await open(token, as: ResponseClaims.self, prefix: Self.responsePrefix, app: \.a, keyID: \.k, expires: \.e, now: now)
    }

    package func openAttachment(_ token: String, now: Date) async -> AttachmentClaims? {
        await open(token, as: AttachmentClaims.self, prefix: Self.attachmentPrefix, app: \.a, keyID: \.k, expires: \.e, now: now)
    }

    /// Uses an opened response token up: true the first time, false ever after (on any replica).
    package func use(_ claims: ResponseClaims, now: Date) async throws -> Bool {
        try await store.useToken(id: "\(claims.k):\(claims.n)", expiresAt: Self.date(claims.e), at: now)
    }

    /// What spends an opened response token's display confirmation, apart from its answer, in the change
    /// that records the display (`StoreError.conflict` the second time).
    package static func displayUse(_ claims: ResponseClaims) -> ChangeEvent {
        .tokenUsed(id: "displayed:\(claims.k):\(claims.n)", expiresAt: date(claims.e))
    }

    /// The key a token says it is signed with, unchecked (what rate limits count forged tokens by); nil if
    /// it is not a token.
    package static func claimedKey(of token: String) -> String? {
        struct Named: Decodable { var k: String }
        for prefix in [responsePrefix, attachmentPrefix, subscriptionPrefix] {
            if let claims = SignedToken.claims(of: token, as: Named.self, prefix: prefix) { return String(claims.k.prefix(64)) }
        }
        return nil
    }

    private func open<Claims: Decodable & Sendable>(
        _ token: String, as type: Claims.Type, prefix: String, app: KeyPath<Claims, String>, keyID: KeyPath<Claims, String>,
        expires: KeyPath<Claims, Int64>, now: Date
    ) async -> Claims? {
        // The app's key (from memory, else the store: another replica may have made it), then the signature.
        guard let claims = SignedToken.claims(of: token, as: type, prefix: prefix), claims[keyPath: expires] > Self.milliseconds(now),
            let key = try? await existingKey(appID: claims[keyPath: app]), key.id == claims[keyPath: keyID],
            SignedToken.isSigned(token, prefix: prefix, by: key.key)
        else { return nil }
        return claims
    }

    /// The app's key, made if it has none.
    private func key(appID: String, now: Date) async throws -> Key {
        if let key = keys.withLock({ $0[appID] }) { return key }
        let candidate = TokenKeyRecord(
            appID: appID, id: "atk_" + RandomID.hex(bytes: 12), secret: Data(SymmetricKey(size: .bits256).withUnsafeBytes { Array($0) }),
            createdAt: now)
        return remember(try await store.tokenKey(appID: appID, orInstall: candidate))
    }

    /// The app's key if it has one: a token of an app without one is not genuine.
    private func existingKey(appID: String) async throws -> Key? {
        if let key = keys.withLock({ $0[appID] }) { return key }
        return try await store.tokenKey(appID: appID).map(remember)
    }

    private func remember(_ record: TokenKeyRecord) -> Key {
        let secret = SymmetricKey(data: record.secret)
        let key = Key(id: record.id, key: secret, keyed: HMAC(key: secret))
        keys.withLock { keys in
            if keys.count >= 4096 { keys.removeAll() }
            keys[record.appID] = key
        }
        return key
    }

    static func milliseconds(_ date: Date) -> Int64 { Int64((date.timeIntervalSince1970 * 1000).rounded()) }
    static func date(_ milliseconds: Int64) -> Date { Date(timeIntervalSince1970: Double(milliseconds) / 1000) }
}
