import Clocks
import Foundation
import HTTPCore
import HTTPTypes
import NotificationCore
import Scheduling
import Storage
import WebPush
import WebPushService

/// Web Push: the VAPID public key browsers subscribe with, the centers' subscriptions (the user makes
/// them, the app sees and removes them), the operator's key rotation, and what a service worker posts
/// back with the token of a push — a response, or the download of a banner's image — without any other
/// credential.
enum WebPushRoutes {
    struct PublicKey: Codable, Sendable {
        /// The uncompressed P-256 point, base64url: `pushManager.subscribe({applicationServerKey})`.
        var publicKey: String
        var keyID: String
    }

    struct KeyView: Codable, Sendable {
        var id: String
        var publicKey: String
        var primary: Bool
        var createdAt: Date
    }

    struct KeyList: Codable, Sendable { var keys: [KeyView] }

    /// `PushSubscription.toJSON()`: `expirationTime` is ms since 1970 or null.
    struct Subscribe: Decodable, Sendable {
        struct Keys: Codable, Sendable {
            var p256dh: String
            var auth: String
        }

        var endpoint: String
        var expirationTime: Double?
        var keys: Keys

        private enum CodingKeys: String, CodingKey { case endpoint, expirationTime, keys }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            endpoint = try container.decode(String.self, forKey: .endpoint)
            keys = try container.decode(Keys.self, forKey: .keys)
            // Browsers send `null` when the push service sets no end.
            expirationTime =
                try container.contains(.expirationTime) && !container.decodeNil(forKey: .expirationTime)
                ? container.decode(Double.self, forKey: .expirationTime) : nil
        }

        var expiration: Date? { expirationTime.map { Date(timeIntervalSince1970: $0 / 1000) } }
    }

    /// A subscription as the API shows it: never its keys.
    struct SubscriptionView: Codable, Sendable {
        var id: String
        var endpoint: String
        var expirationTime: Date?
        var vapidKeyID: String
        var createdAt: Date

        init(_ record: PushSubscriptionRecord) {
            id = record.id
            endpoint = record.endpoint
            expirationTime = record.expirationTime
            vapidKeyID = record.vapidKeyID
            createdAt = record.createdAt
        }
    }

    struct SubscriptionList: Codable, Sendable { var subscriptions: [SubscriptionView] }

    /// What the user's browser gets for its subscription: the subscription, and the token its service
    /// worker keeps to renew or remove it (no center token stays in the browser).
    struct Subscribed: Encodable, Sendable {
        var subscription: SubscriptionView
        var subscriptionToken: String

        private enum CodingKeys: String, CodingKey { case subscriptionToken }

        func encode(to encoder: any Encoder) throws {
            try subscription.encode(to: encoder)
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(subscriptionToken, forKey: .subscriptionToken)
        }
    }

    /// A worker's renewal: its token and the browser's new `PushSubscription.toJSON()`.
    struct Renewal: Decodable, Sendable {
        var token: String
        var subscription: Subscribe
    }

    struct Removal: Decodable, Sendable { var token: String }

    struct TokenResponse: Codable, Sendable {
        var token: String
        var actionIdentifier: String
        var userText: String?
    }

    static func register(on router: inout Router, _ provider: APIContextProvider) {
        router.on(.get, "/v1/web-push/key") { request in
            let context = try provider.context()
            _ = try await context.authenticator.principal(for: request)
            let key = try await context.webPush.keyring.primary()
            return try .json(PublicKey(publicKey: key.publicKey, keyID: key.id))
        }
        router.on(.get, "/v1/web-push/keys") { request in
            let context = try provider.context()
            try await context.authenticator.requireOperator(request)
            return try .json(keyList(try await context.webPush.keyring.all().map(\.record), context))
        }
        router.on(.post, "/v1/web-push/keys/rotate") { request in
            let context = try provider.context()
            try await context.authenticator.requireOperator(request)
            return try .json(keyList(try await context.webPush.keyring.rotate(at: context.clock.now), context))
        }
        router.on(.post, "/v1/me/push-subscriptions") { request in
            let (context, key) = try await UserRoutes.user(request, provider)
            let body = try request.decodeJSON(Subscribe.self)
            let (record, created) = try await context.webPush.subscribe(
                key, endpoint: body.endpoint, p256dh: body.keys.p256dh, auth: body.keys.auth, expirationTime: body.expiration)
            return try .json(
                Subscribed(
                    subscription: SubscriptionView(record), subscriptionToken: try await context.webPush.subscriptionToken(for: record)),
                status: created ? .created : .ok, headers: [.location: "/v1/me/push-subscriptions/\(record.id)"])
        }
        // The worker's own: its subscription token is the credential, for that one subscription.
        router.on(.post, "/v1/web-push/renewals") { request in
            let context = try provider.context()
            let body = try request.decodeJSON(Renewal.self)
            let (record, token) = try await context.webPush.renew(
                token: body.token, endpoint: body.subscription.endpoint, p256dh: body.subscription.keys.p256dh,
                auth: body.subscription.keys.auth, expirationTime: body.subscription.expiration)
            return try .json(Subscribed(subscription: SubscriptionView(record), subscriptionToken: token))
        }
        router.on(.post, "/v1/web-push/removals") { request in
            let context = try provider.context()
            try await context.webPush.unsubscribe(token: try request.decodeJSON(Removal.self).token)
            return Response(status: .noContent)
        }
        router.on(.get, "/v1/me/push-subscriptions") { request in
            let (context, key) = try await UserRoutes.user(request, provider)
            return try .json(SubscriptionList(subscriptions: try await context.webPush.subscriptions(key).map(SubscriptionView.init)))
        }
        router.on(.delete, "/v1/me/push-subscriptions/{subscriptionID}") { request in
            let (context, key) = try await UserRoutes.user(request, provider)
            try await context.webPush.unsubscribe(key, id: request.parameter("subscriptionID"))
            return Response(status: .noContent)
        }
        router.on(.get, "/v1/centers/{centerID}/push-subscriptions") { request in
            let (context, center) = try await AppRoutes.center(request, provider)
            return try .json(
                SubscriptionList(subscriptions: try await context.webPush.subscriptions(center.key).map(SubscriptionView.init)))
        }
        router.on(.delete, "/v1/centers/{centerID}/push-subscriptions/{subscriptionID}") { request in
            let (context, center) = try await AppRoutes.center(request, provider)
            try await context.webPush.unsubscribe(center.key, id: request.parameter("subscriptionID"))
            return Response(status: .noContent)
        }
        // A service worker's or a phone app's answer: the token is the credential, for this one delivery.
        for path in ["/v1/web-push/responses", "/v1/responses"] {
            router.on(.post, path) { request in
                let context = try provider.context()
                let body = try request.decodeJSON(TokenResponse.self)
                let (_, disposition) = try await context.webPush.respond(
                    token: body.token, NotificationResponse(actionIdentifier: body.actionIdentifier, userText: body.userText))
                return try .json(
                    UserRoutes.ResponseResult(
                        forwardedToDelegate: disposition.forwardToDelegate, removed: disposition.removesNotification,
                        contentExtension: disposition.contentExtension))
            }
        }
        router.on(.get, "/v1/web-push/attachments/{token}") { request in
            let context = try provider.context()
            let (key, identifier, attachmentID) = try await context.webPush.attachment(token: request.parameter("token"))
            return try await MediaRoutes.attachment(attachmentID, of: identifier, center: key, request, context)
        }
    }

    private static func keyList(_ records: [VAPIDKeyRecord], _ context: APIContext) throws -> KeyList {
        KeyList(
            keys: try records.map { record in
                let key = try VAPIDKey(rawPrivateKey: Array(record.privateKey))
                return KeyView(id: record.id, publicKey: key.publicKey, primary: record.isPrimary, createdAt: record.createdAt)
            })
    }
}
