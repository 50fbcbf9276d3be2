import Foundation
import NotificationCore

/// A phone's registration for one center: the token its push provider gave the app (several phones
/// per center, one registration per token and app).
package struct DeviceRegistrationRecord: Sendable, Hashable {
    /// `dev_` and 24 hex digits.
    package var id: String
    package var center: CenterKey
    package var provider: PushProvider
    /// APNs: the device token in lowercase hex; FCM: the registration token.
    package var token: String
    /// APNs only: `production` or `sandbox` when the device's build differs from the credential's
    /// (a build run from Xcode); nil: the credential's.
    package var environment: String?
    package var createdAt: Date

    package init(
        id: String = DeviceRegistrationRecord.newID(), center: CenterKey, provider: PushProvider, token: String, environment: String? = nil,
        createdAt: Date
    ) {
        self.id = id
        self.center = center
        self.provider = provider
        self.token = token
        self.environment = environment
        self.createdAt = createdAt
    }

    package static let idPrefix = "dev_"

    package static func newID() -> String { idPrefix + RandomID.hex(bytes: 12) }
}

extension DeviceRegistrationRecord: OutboxTarget {
    /// The outbox message that relays a delivery or a removal to this phone: the webhook body of the
    /// event, which the dispatcher turns into the provider's request when it sends it. Its `url` names the
    /// provider (`apns`, `fcm`): the lane of every phone it serves (`subscriptionID` names this one).
    package func outboxMessage(_ event: DelegateEvent, at date: Date, traceparent: String?) throws -> WebhookDeliveryRecord {
        WebhookDeliveryRecord(
            id: WebhookMessage.newID(), appID: center.appID, url: provider.rawValue, type: event.webhookType,
            payload: Data(try event.webhookBody(centerID: center.centerID, at: date)), nextAttempt: date, createdAt: date,
            traceparent: traceparent, destination: .phone, subscriptionID: id)
    }
}
