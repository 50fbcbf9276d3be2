import Foundation
import NotificationCore

/// The push providers a phone registers with.
package enum PushProvider: String, Sendable, Hashable, Codable, CaseIterable {
    /// Apple Push Notification service: iOS, iPadOS, macOS, watchOS apps.
    case apns
    /// Firebase Cloud Messaging (HTTP v1): Android apps, and iOS apps that use Firebase.
    case fcm
}

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
    /// registration (each phone a lane of its own: one that fails holds up no other).
    package func outboxMessage(_ event: DelegateEvent, at date: Date, traceparent: String?) throws -> WebhookDeliveryRecord {
        WebhookDeliveryRecord(
            id: WebhookMessage.newID(), appID: center.appID, url: "\(provider.rawValue):\(id)", type: event.webhookType,
            payload: Data(try event.webhookBody(centerID: center.centerID, at: date)), nextAttempt: date, createdAt: date,
            traceparent: traceparent, subscriptionID: id)
    }
}

/// Where a notification the center presents goes beside the app's webhooks: a browser's push
/// subscription, a phone's registration. Each gets its own outbox message per event.
package protocol OutboxTarget: Sendable {
    func outboxMessage(_ event: DelegateEvent, at date: Date, traceparent: String?) throws -> WebhookDeliveryRecord
}

/// An app's credential for one push provider, as stored: the material (the provider's key, which the API
/// never shows again) and what identifies it.
package struct RelayCredentialRecord: Sendable, Hashable {
    package var appID: String
    package var provider: PushProvider
    /// `rcr_` and 24 hex digits: a new one on every rotation.
    package var id: String
    /// `sha256:` of the public key.
    package var fingerprint: String
    /// The credential as JSON (`APNsCredential`, `FCMServiceAccount`).
    package var material: Data
    package var createdAt: Date

    package init(appID: String, provider: PushProvider, id: String, fingerprint: String, material: Data, createdAt: Date) {
        self.appID = appID
        self.provider = provider
        self.id = id
        self.fingerprint = fingerprint
        self.material = material
        self.createdAt = createdAt
    }
}

/// A phone's registration with its app's credential for the registration's provider.
package struct RelayTarget: Sendable, Hashable {
    package var registration: DeviceRegistrationRecord
    package var credential: RelayCredentialRecord?

    package init(registration: DeviceRegistrationRecord, credential: RelayCredentialRecord?) {
        self.registration = registration
        self.credential = credential
    }
}

/// Apps' relay credentials and phones' registrations, in the store every replica shares.
package protocol DeviceRelayStore: Sendable {
    /// Sets the app's credential for the provider, in place of any before (a rotation).
    func setRelayCredential(_ credential: RelayCredentialRecord) async throws
    /// The app's credential for the provider, or nil.
    func relayCredential(appID: String, provider: PushProvider) async throws -> RelayCredentialRecord?
    /// The app's credentials, by provider.
    func relayCredentials(appID: String) async throws -> [RelayCredentialRecord]
    /// Removes the app's credential for the provider; false if it had none.
    func removeRelayCredential(appID: String, provider: PushProvider) async throws -> Bool

    /// Saves a registration: a new one, or the same token registering again (its environment replaced,
    /// its id kept); a token another center of the app had moves here. Refused with
    /// `deviceLimitReached` when the center already has `limit` others. Returns the record as stored and
    /// whether it is new.
    func saveDeviceRegistration(_ registration: DeviceRegistrationRecord, limit: Int) async throws -> (
        DeviceRegistrationRecord, created: Bool
    )
    /// The center's registrations, oldest first.
    func deviceRegistrations(_ key: CenterKey) async throws -> [DeviceRegistrationRecord]
    /// Where an outbox message to a phone goes: the registration, of any center, and its app's credential
    /// for its provider (nil: the app has none), in one read; nil if the registration is gone.
    func relayTarget(registrationID id: String) async throws -> RelayTarget?
    /// Removes one of the center's registrations; false if it has none with this id.
    func removeDeviceRegistration(_ key: CenterKey, id: String) async throws -> Bool
    /// Removes a registration its provider said no longer reaches the app, and tells the app through the
    /// outbox (`device.unregistered`) in the same transaction; false if it was gone already.
    func removeGoneDeviceRegistration(id: String, reason: String, at date: Date) async throws -> Bool
}
