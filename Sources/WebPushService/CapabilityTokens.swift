import Crypto
import Foundation
import NotificationCore
import WebPush

/// What a response token (`wpr_…`) lets its holder do: answer one delivery of one notification, once,
/// until it expires. The service worker posts it with the action the user chose; no other credential.
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
    /// The VAPID key whose token key signed it.
    package var k: String

    package var center: CenterKey { CenterKey(appID: a, centerID: c) }
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

/// Makes and opens the tokens a Web Push payload carries, with the VAPID keys' token keys.
package struct WebPushTokens: Sendable {
    package static let responsePrefix = "wpr_"
    package static let attachmentPrefix = "wpa_"
    /// How long a response token answers: a notification tapped a week later still reaches the app.
    package static let responseLifetime: TimeInterval = 7 * 86_400
    /// How long the image URL of a banner works: the browser fetches it when the push arrives.
    package static let attachmentLifetime: TimeInterval = 86_400

    let keyring: VAPIDKeyring

    package init(keyring: VAPIDKeyring) {
        self.keyring = keyring
    }

    package func response(for delivered: DeliveredNotification, center: CenterKey, key: VAPIDKey, now: Date) throws -> String {
        let claims = ResponseClaims(
            a: center.appID, c: center.centerID, i: delivered.request.identifier, d: Self.milliseconds(delivered.date),
            e: Self.milliseconds(now.addingTimeInterval(Self.responseLifetime)), k: key.id)
        return try SignedToken.make(claims, prefix: Self.responsePrefix, key: key.tokenKey)
    }

    package func attachment(_ attachmentID: String, of identifier: String, center: CenterKey, key: VAPIDKey, now: Date) throws -> String {
        let claims = AttachmentClaims(
            a: center.appID, c: center.centerID, i: identifier, t: attachmentID,
            e: Self.milliseconds(now.addingTimeInterval(Self.attachmentLifetime)),
            k: key.id)
        return try SignedToken.make(claims, prefix: Self.attachmentPrefix, key: key.tokenKey)
    }

    /// The claims of a response token that is genuine and not expired at `now`, else nil.
    package func openResponse(_ token: String, now: Date) async -> ResponseClaims? {
        await open(token, as: ResponseClaims.self, prefix: Self.responsePrefix, keyID: \.k, expires: \.e, now: now)
    }

    package func openAttachment(_ token: String, now: Date) async -> AttachmentClaims? {
        await open(token, as: AttachmentClaims.self, prefix: Self.attachmentPrefix, keyID: \.k, expires: \.e, now: now)
    }

    private func open<Claims: Decodable & Sendable>(
        _ token: String, as type: Claims.Type, prefix: String, keyID: KeyPath<Claims, String>, expires: KeyPath<Claims, Int64>, now: Date
    ) async -> Claims? {
        // The key the claims name, loaded first (a key another replica made), then the signature checked with it.
        guard let claims = SignedToken.claims(of: token, as: type, prefix: prefix),
            let key = try? await keyring.key(id: claims[keyPath: keyID]),
            SignedToken.isSigned(token, prefix: prefix, by: key.tokenKey), claims[keyPath: expires] > Self.milliseconds(now)
        else { return nil }
        return claims
    }

    static func milliseconds(_ date: Date) -> Int64 { Int64((date.timeIntervalSince1970 * 1000).rounded()) }
}
