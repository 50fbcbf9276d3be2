import Clocks
import ErrorCodes
import Foundation
import HTTPCore
import Memberwise
import NotificationCore
import NotificationService
import Scheduling
import Storage
import WebPush
import Webhooks

/// Web Push for the centers: the browsers' subscriptions (checked before anything is stored), the
/// payloads their service workers get, and the answers those workers post back, which become the app's
/// `didReceive` like any response.
package final class WebPushService: Sendable {
    @MemberwiseInit
    package struct Configuration: Sendable {
        /// The push services endpoints may name.
        package var allowList: PushServiceAllowList
        /// Subscriptions one center may hold (browsers and devices of one user).
        package var subscriptionLimit: Int = 20
        /// The VAPID `sub` claim: who a push service contacts about the messages (`mailto:` or `https:`).
        package var subject: String = "mailto:usernotifyd@localhost"
    }

    package let keyring: VAPIDKeyring
    package let tokens: CapabilityTokens
    package let configuration: Configuration
    package let authorizations: VAPIDAuthorizations
    private let store: any NotificationStore
    package let subscriptions: any PushSubscriptionStore
    private let centers: NotificationCenterService
    /// The SSRF guard webhook URLs pass, for endpoints too.
    private let checkURL: @Sendable (_ url: String, _ field: String) async throws -> Void
    /// The scheduler's clock: when subscriptions are made and found gone.
    package var clock: any SchedulerClock { centers.clock }
    /// Real time: tokens expire by it, as leases do (the scheduler's clock may be virtual).
    package var wallClock: any WallClock { centers.wallClock }

    package init(
        store: any NotificationStore, subscriptions: any PushSubscriptionStore, centers: NotificationCenterService, keyring: VAPIDKeyring,
        tokens: CapabilityTokens, configuration: Configuration,
        checkURL: @escaping @Sendable (_ url: String, _ field: String) async throws -> Void
    ) {
        self.store = store
        self.subscriptions = subscriptions
        self.centers = centers
        self.keyring = keyring
        self.tokens = tokens
        self.configuration = configuration
        self.authorizations = VAPIDAuthorizations(subject: configuration.subject)
        self.checkURL = checkURL
    }

    // MARK: subscriptions

    /// Saves a browser's subscription for the center (`PushSubscription.toJSON()`): the endpoint must be
    /// on an allowed push service and pass the SSRF guard, the keys must be a P-256 point and a 16-byte
    /// secret. The same endpoint again replaces its keys and takes the primary key (a re-subscription).
    package func subscribe(
        _ key: CenterKey, endpoint: String, p256dh: String, auth: String, expirationTime: Date?
    ) async throws -> (PushSubscriptionRecord, created: Bool) {
        guard let url = URL(string: endpoint), url.host != nil, endpoint.utf8.count <= 2048 else {
            throw NotificationError.invalid(.invalidPushSubscription, "`endpoint` is not a URL: '\(endpoint.prefix(80))'.")
        }
        guard configuration.allowList.allows(url) else {
            throw NotificationError.invalid(
                .pushServiceNotAllowed,
                "`endpoint` is on '\(url.host ?? "")', which is not a known push service (browsers' push services only); the operator can add one with --web-push-allowed-services."
            )
        }
        do {
            _ = try PushSubscriptionKeys(p256dh: p256dh, auth: auth)
        } catch .p256dh {
            throw NotificationError.invalid(
                .invalidPushSubscription, "`keys.p256dh` must be base64url of a P-256 public key (65 bytes, uncompressed).")
        } catch {
            throw NotificationError.invalid(.invalidPushSubscription, "`keys.auth` must be base64url of 16 bytes.")
        }
        try await checkURL(endpoint, "endpoint")
        _ = try await centers.center(key)
        let vapid = try await keyring.primary()
        return try await subscriptions.savePushSubscription(
            PushSubscriptionRecord(
                center: key, endpoint: endpoint, p256dh: p256dh, auth: auth, expirationTime: expirationTime, vapidKeyID: vapid.id,
                createdAt: centers.clock.now),
            limit: configuration.subscriptionLimit)
    }

    package func subscriptions(_ key: CenterKey) async throws -> [PushSubscriptionRecord] {
        _ = try await centers.center(key)
        return try await subscriptions.pushSubscriptions(key)
    }

    package func unsubscribe(_ key: CenterKey, id: String) async throws {
        guard try await subscriptions.removePushSubscription(key, id: id) else {
            throw NotificationError.notFound(.pushSubscriptionNotFound, "The center has no push subscription '\(id)'.")
        }
    }

    /// The token the browser's worker keeps for the subscription: it renews or removes that subscription
    /// and nothing else (no center token stays in the browser).
    package func subscriptionToken(for subscription: PushSubscriptionRecord) async throws -> String {
        try await tokens.subscription(subscription.id, center: subscription.center, now: wallClock.now)
    }

    /// The browser replaced its subscription (`pushsubscriptionchange`): the new one takes the place of the
    /// one the token names, with the same checks as a subscription; returns it and its own token.
    package func renew(
        token: String, endpoint: String, p256dh: String, auth: String, expirationTime: Date?
    ) async throws -> (PushSubscriptionRecord, token: String) {
        let claims = try await subscriptionClaims(token)
        let (renewed, _) = try await subscribe(
            claims.center, endpoint: endpoint, p256dh: p256dh, auth: auth, expirationTime: expirationTime)
        if renewed.id != claims.s { _ = try await subscriptions.removePushSubscription(claims.center, id: claims.s) }
        return (renewed, try await subscriptionToken(for: renewed))
    }

    /// Removes the subscription the token names (the user signed out of this browser).
    package func unsubscribe(token: String) async throws {
        let claims = try await subscriptionClaims(token)
        _ = try await subscriptions.removePushSubscription(claims.center, id: claims.s)
    }

    /// The claims of a subscription token that is genuine, not expired, and whose subscription is still there.
    private func subscriptionClaims(_ token: String) async throws -> SubscriptionClaims {
        guard let claims = await tokens.openSubscription(token, now: wallClock.now),
            try await subscriptions.pushSubscription(id: claims.s)?.center == claims.center
        else {
            throw NotificationError(
                code: .invalidSubscriptionToken, kind: .forbidden,
                message: "The subscription token is unknown, expired, or its subscription was replaced or removed; subscribe again.")
        }
        return claims
    }

    // MARK: answers

    /// A service worker's answer to a push: the response the token allows, as `respondToNotification`
    /// makes it. Refused unless the token is genuine, not expired, its delivery is still the one in the list
    /// (replaced by an update, or removed: refused), and it was never used before — a token answers once,
    /// also when a content extension keeps the notification up (`doNotDismiss`).
    package func respond(token: String, _ response: NotificationResponse) async throws -> (CenterKey, ResponseDisposition) {
        let now = wallClock.now
        guard let claims = await tokens.openResponse(token, now: now) else { throw Self.invalidToken }
        guard let delivered = try await store.deliveredNotification(claims.center, identifier: claims.i),
            CapabilityTokens.milliseconds(delivered.date) == claims.d
        else { throw Self.invalidToken }
        // Used up once the response is valid (one the category refuses leaves the token as it was).
        let tokens = tokens
        let disposition = try await centers.respond(
            claims.center, identifier: claims.i, response, answeredOn: claims.r, channel: claims.channel
        ) {
            guard try await tokens.use(claims, now: now) else { throw Self.invalidToken }
        }
        return (claims.center, disposition)
    }

    /// A browser's or phone's confirmation that it showed the notification its push's token was made
    /// for (the token that answers it also confirms its display, apart, once). Refused unless the token is
    /// genuine and not expired, and a second time; the notification need not still be in the list (one
    /// shown and then removed was shown). Tells the app (`notification.displayed`), if it asked.
    package func confirmDisplay(token: String) async throws {
        let now = wallClock.now
        guard let claims = await tokens.openResponse(token, now: now) else { throw Self.invalidToken }
        let at = centers.clock.now
        let receipt = ReceiptEvent(
            center: claims.center, identifier: claims.i, deliveredAt: claims.deliveredAt, destination: claims.r, channel: claims.channel,
            stage: .displayed, at: at)
        let displayed = DelegateEvent.displayed(identifier: claims.i, deliveredAt: claims.deliveredAt, destination: claims.r)
        // The token spent in the same change as the step it records: a confirmation is never spent unrecorded.
        let recorded: Bool
        do {
            recorded = try await store.record(
                [CapabilityTokens.displayUse(claims), .receipt(receipt), .app(displayed)], for: claims.center, at: at)
        } catch let error as StoreError where error.code == .conflict {
            throw NotificationError(
                code: .displayAlreadyConfirmed, kind: .refused, message: "This push's display was confirmed already; confirm it once.")
        }
        guard recorded else { throw Self.invalidToken }
        receipt.count()
    }

    /// The attachment an attachment token names, if it is genuine, not expired, and its notification
    /// still delivered.
    package func attachment(token: String) async throws -> (center: CenterKey, identifier: String, attachmentID: String) {
        guard let claims = await tokens.openAttachment(token, now: wallClock.now),
            try await store.deliveredNotification(claims.center, identifier: claims.i) != nil
        else { throw Self.invalidToken }
        return (claims.center, claims.i, claims.t)
    }

    static let invalidToken = NotificationError(
        code: .invalidResponseToken, kind: .forbidden,
        message: "The token is unknown, expired, already answered, or its notification was replaced or removed.")

    // MARK: sending

    /// The payload of an outbox message for `subscription` (the event's webhook body as written in the
    /// change's transaction, read back), made now: the category's actions as they are, a response token
    /// signed with the app's token key (naming this subscription, which an answer through it sends no
    /// close), the first image attachment as a signed path; with whom its receipt is about (a
    /// notification's, not a close's).
    package func payload(of event: StoredDelegateMessage, for subscription: PushSubscriptionRecord, now: Date) async throws
        -> (payload: WebPushPayload, receipt: ReceiptTarget?)
    {
        let receipt = event.receiptTarget(center: subscription.center, destination: subscription.id, channel: .browser)
        return (try await payload(of: event, for: subscription, now: now), receipt)
    }

    private func payload(of event: StoredDelegateMessage, for subscription: PushSubscriptionRecord, now: Date) async throws
        -> WebPushPayload
    {
        let centerID = subscription.center.centerID
        switch event {
        case .removed(let identifiers):
            return .close(identifiers, centerID: centerID)
        case .delivered(let delivered):
            let category = try await centers.category(of: delivered.request, appID: subscription.center.appID)
            var image: String?
            if let attachment = delivered.request.content.attachments?.first {
                image =
                    "/v1/web-push/attachments/"
                    + (try await tokens.attachment(
                        attachment.identifier, of: delivered.request.identifier, center: subscription.center, now: now))
            }
            return .notification(
                delivered, centerID: centerID, category: category,
                token: try await tokens.response(
                    for: delivered, center: subscription.center, destination: subscription.id, channel: .browser, now: now),
                image: image)
        }
    }
}
