import Foundation
import NotificationCore
import WebPush

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
