import Foundation
import NotificationCore

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
    /// Where outbox messages to phones go, by registration id, in one read (an outbox claim's): the
    /// registration, of any center, and its app's credential for its provider (nil: the app has none); a
    /// registration that is gone is left out.
    func relayTargets(registrationIDs ids: [String]) async throws -> [String: RelayTarget]
    /// Removes one of the center's registrations; false if it has none with this id.
    func removeDeviceRegistration(_ key: CenterKey, id: String) async throws -> Bool
    /// Removes a registration its provider said no longer reaches the app, and tells the app through the
    /// outbox (`device.unregistered`) in the same transaction; false if it was gone already.
    func removeGoneDeviceRegistration(id: String, reason: String, at date: Date) async throws -> Bool
}

extension DeviceRelayStore {
    /// Where an outbox message to a phone goes; nil if the registration is gone.
    package func relayTarget(registrationID id: String) async throws -> RelayTarget? {
        try await relayTargets(registrationIDs: [id])[id]
    }
}
