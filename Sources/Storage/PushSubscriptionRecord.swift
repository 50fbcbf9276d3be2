import Foundation
import NotificationCore
import Synchronization
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

    /// The endpoint's origin (`https://fcm.googleapis.com`), its push service: the lane of its messages.
    package var pushServiceOrigin: String { vapidAudience ?? endpoint }

    /// The endpoint's origin as its VAPID tokens name it (RFC 8292's `aud`); nil for an endpoint that is
    /// not a URL.
    package var vapidAudience: String? {
        // The origin is the scheme and authority's: the endpoint up to its path, query or fragment. Push
        // services are few, so each one's is worked out once (a URL parse of a long endpoint, per message).
        let bytes = endpoint.utf8
        var authority = bytes.startIndex
        if let colon = bytes.firstIndex(of: UInt8(ascii: ":")), bytes[colon...].starts(with: "://".utf8) {
            authority = bytes.index(colon, offsetBy: 3)
        }
        let end = bytes[authority...].firstIndex { $0 == UInt8(ascii: "/") || $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "#") }
        let prefix = endpoint[..<(end ?? bytes.endIndex)]
        if let known = Self.audiences.withLock({ $0[prefix] }) { return known }
        let audience = URL(string: endpoint).flatMap(VAPID.audience(of:))
        Self.audiences.withLock { audiences in
            if audiences.count >= 256 { audiences.removeAll() }
            audiences[prefix] = .some(audience)
        }
        return audience
    }

    private static let audiences = Mutex<[Substring: String?]>([:])

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
