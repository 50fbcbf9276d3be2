import Foundation
import NotificationCore
import WebPush

/// A browser's Web Push subscription for one center (`PushSubscription.toJSON()`), and the VAPID key it
/// was made with: every message to it is signed with that key until the browser subscribes again.
package struct PushSubscriptionRecord: Sendable, Hashable, OutboxTarget {
    /// `wps_` and 24 hex digits.
    package var id: String
    package var center: CenterKey
    /// The push service's URL for this browser (unique: one subscription per browser and service worker).
    package var endpoint: String
    /// `keys.p256dh`, base64url.
    package var p256dh: String
    /// `keys.auth`, base64url.
    package var auth: String
    /// When the push service will end it, if it says (`expirationTime`).
    package var expirationTime: Date?
    package var vapidKeyID: String
    package var createdAt: Date

    package init(
        id: String = PushSubscriptionRecord.newID(), center: CenterKey, endpoint: String, p256dh: String, auth: String,
        expirationTime: Date? = nil, vapidKeyID: String, createdAt: Date
    ) {
        self.id = id
        self.center = center
        self.endpoint = endpoint
        self.p256dh = p256dh
        self.auth = auth
        self.expirationTime = expirationTime
        self.vapidKeyID = vapidKeyID
        self.createdAt = createdAt
    }

    package static func newID() -> String { "wps_" + RandomID.hex(bytes: 12) }

    /// The endpoint's origin (`https://fcm.googleapis.com`), its push service: what its VAPID tokens name.
    package var pushServiceOrigin: String {
        URL(string: endpoint).flatMap(VAPID.audience(of:)) ?? endpoint
    }

    /// The outbox message that carries a delivery (`notification.delivered`) or a removal
    /// (`notification.removed`) to this subscription: the webhook body of the same event, which the
    /// dispatcher turns into the service worker's payload when it sends it, encrypted for this browser.
    /// Its `url` is the push service's origin: the lane of every browser subscribed there.
    package func outboxMessage(_ event: DelegateEvent, at date: Date, traceparent: String?) throws -> WebhookDeliveryRecord {
        WebhookDeliveryRecord(
            id: WebhookMessage.newID(), appID: center.appID, url: pushServiceOrigin, type: event.webhookType,
            payload: Data(try event.webhookBody(centerID: center.centerID, at: date)), nextAttempt: date, createdAt: date,
            traceparent: traceparent, destination: .browser, subscriptionID: id)
    }
}

/// A VAPID key pair as stored: the private scalar, and whether new subscriptions are made with it.
package struct VAPIDKeyRecord: Sendable, Hashable {
    package var id: String
    /// The 32-byte private scalar (P-256).
    package var privateKey: Data
    /// The key new subscriptions use; the others are kept for the subscriptions made with them.
    package var isPrimary: Bool
    package var createdAt: Date

    package init(id: String, privateKey: Data, isPrimary: Bool, createdAt: Date) {
        self.id = id
        self.privateKey = privateKey
        self.isPrimary = isPrimary
        self.createdAt = createdAt
    }
}

/// The VAPID keys and the browsers' push subscriptions, in the store every replica shares.
package protocol PushSubscriptionStore: Sendable {
    /// Every VAPID key, the primary first.
    func vapidKeys() async throws -> [VAPIDKeyRecord]
    /// Makes `key` the primary: at first start only when there is none (replicas starting together keep
    /// the first one written), and on rotation (`rotating`) in place of the current one, which is kept
    /// for the subscriptions made with it. Returns every key, the primary first.
    func installVAPIDKey(_ key: VAPIDKeyRecord, rotating: Bool) async throws -> [VAPIDKeyRecord]

    /// Saves a subscription: a new one, or the same endpoint subscribing again (its keys and key id
    /// replaced, its id kept); an endpoint another center of the app had moves here, and that center's app
    /// hears (`webpush.subscription.removed`, reason `moved`); another app's subscription to the same
    /// endpoint is never touched. Refused with
    /// `pushSubscriptionLimitReached` when the center already has `limit` others. Returns the record as
    /// stored and whether it is new.
    func savePushSubscription(_ subscription: PushSubscriptionRecord, limit: Int) async throws -> (PushSubscriptionRecord, created: Bool)
    /// The center's subscriptions, oldest first.
    func pushSubscriptions(_ key: CenterKey) async throws -> [PushSubscriptionRecord]
    /// Subscriptions by id, of any center, in one read (an outbox claim's); an id that is gone is left out.
    func pushSubscriptions(ids: [String]) async throws -> [String: PushSubscriptionRecord]
    /// Removes one of the center's subscriptions; false if it has none with this id.
    func removePushSubscription(_ key: CenterKey, id: String) async throws -> Bool
    /// Removes a subscription its push service said is gone (404, 410), and tells the app through the
    /// outbox (`webpush.subscription.removed`) in the same transaction; false if it was gone already.
    func removeGonePushSubscription(id: String, at date: Date) async throws -> Bool
}

extension PushSubscriptionStore {
    /// One subscription by id, of any center.
    package func pushSubscription(id: String) async throws -> PushSubscriptionRecord? {
        try await pushSubscriptions(ids: [id])[id]
    }
}
