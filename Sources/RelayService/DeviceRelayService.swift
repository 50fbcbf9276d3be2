import Clocks
import ErrorCodes
import Foundation
import NotificationCore
import NotificationService
import Relay
import Scheduling
import Storage
import StrictJSON
import Synchronization
import WebPushService

/// Relays to phones for the centers: each app's APNs and FCM credentials (checked, then never shown
/// again), the phones' registrations (checked before anything is stored), and the provider's request
/// for an outbox message, made when it is sent — the category as it is then, a response token the app
/// posts back (`POST /v1/responses`, as a service worker does).
package final class DeviceRelayService: Sendable {
    package struct Configuration: Sendable, Equatable {
        /// Registrations one center may hold (one user's phones and tablets).
        package var deviceLimit = 20
        package var apnsProductionURL = "https://api.push.apple.com"
        package var apnsSandboxURL = "https://api.sandbox.push.apple.com"
        package var fcmURL = "https://fcm.googleapis.com"
        /// Where service accounts trade their assertion for an access token (the deployment's, never the
        /// uploaded file's `token_uri`).
        package var googleTokenURL = "https://oauth2.googleapis.com/token"

        package init() {}

        /// The APNs origin for a device in `environment`.
        package func apnsURL(_ environment: APNsCredential.Environment) -> String {
            environment == .production ? apnsProductionURL : apnsSandboxURL
        }
    }

    /// What to send for one outbox message: the provider's request and the credential that authorizes it.
    package enum Request: Sendable {
        case apns(APNsNotification, url: String, credential: APNsCredential, credentialID: String)
        case fcm(FCMMessage, url: String, account: FCMServiceAccount, credentialID: String)
    }

    package let configuration: Configuration
    package let relays: any DeviceRelayStore
    private let centers: NotificationCenterService
    /// The scheduler's clock: when registrations are made and found gone.
    package var clock: any SchedulerClock { centers.clock }
    /// Real time: the response tokens in the requests.
    package var wallClock: any WallClock { centers.wallClock }
    private let tokens: CapabilityTokens
    private let decoded = Mutex<[String: Decoded]>([:])

    package init(
        relays: any DeviceRelayStore, centers: NotificationCenterService, tokens: CapabilityTokens, configuration: Configuration
    ) {
        self.relays = relays
        self.centers = centers
        self.tokens = tokens
        self.configuration = configuration
    }

    // MARK: credentials

    /// Sets the app's APNs credential (a new id: a rotation); what the API shows of it.
    package func setAPNs(appID: String, _ credential: APNsCredential) async throws -> RelayCredentialRecord {
        try await save(appID: appID, .apns, fingerprint: credential.fingerprint, material: credential)
    }

    /// Sets the app's FCM service account (a new id: a rotation).
    package func setFCM(appID: String, _ account: FCMServiceAccount) async throws -> RelayCredentialRecord {
        try await save(appID: appID, .fcm, fingerprint: account.fingerprint, material: account)
    }

    package func credentials(appID: String) async throws -> [RelayCredentialRecord] {
        try await relays.relayCredentials(appID: appID)
    }

    package func removeCredential(appID: String, _ provider: PushProvider) async throws {
        guard try await relays.removeRelayCredential(appID: appID, provider: provider) else {
            throw NotificationError.notFound(.relayCredentialNotFound, "The app has no \(provider.rawValue) credential to remove.")
        }
    }

    private func save(appID: String, _ provider: PushProvider, fingerprint: String, material: some Encodable) async throws
        -> RelayCredentialRecord
    {
        let record = RelayCredentialRecord(
            appID: appID, provider: provider, id: "rcr_" + RandomID.hex(bytes: 12), fingerprint: fingerprint,
            material: Data(try WireFormat.bytes(material)),
            createdAt: centers.clock.now)
        try await relays.setRelayCredential(record)
        return record
    }

    // MARK: registrations

    /// Registers a phone's token for the center: checked for its provider's shape; the same token again
    /// keeps its id.
    package func register(_ key: CenterKey, provider: PushProvider, token: String, environment: APNsCredential.Environment?) async throws
        -> (DeviceRegistrationRecord, created: Bool)
    {
        let checked: String
        do {
            checked = provider == .apns ? try DeviceToken.apns(token) : try DeviceToken.fcm(token)
        } catch {
            throw NotificationError.invalid(.invalidDeviceToken, error.description)
        }
        if provider == .fcm, environment != nil {
            throw NotificationError.invalid(.invalidDeviceToken, "`environment` is for APNs tokens only; leave it out for FCM.")
        }
        _ = try await centers.center(key)
        return try await relays.saveDeviceRegistration(
            DeviceRegistrationRecord(
                center: key, provider: provider, token: checked, environment: environment?.rawValue, createdAt: centers.clock.now),
            limit: configuration.deviceLimit)
    }

    package func registrations(_ key: CenterKey) async throws -> [DeviceRegistrationRecord] {
        _ = try await centers.center(key)
        return try await relays.deviceRegistrations(key)
    }

    package func unregister(_ key: CenterKey, id: String) async throws {
        guard try await relays.removeDeviceRegistration(key, id: id) else {
            throw NotificationError.notFound(.deviceRegistrationNotFound, "The center has no device registration '\(id)'.")
        }
    }

    // MARK: sending

    /// The provider's request for an outbox message to a phone (the event's webhook body as the change's
    /// transaction wrote it, read back), made `now` with the app's credential as it is now, for the provider
    /// to keep until `expires` (both on the wall clock), with whom its receipt is about (a notification's,
    /// not a removal's); nil when the app has none for the provider.
    package func request(of event: StoredDelegateMessage, for target: RelayTarget, now: Date, expires: Date) async throws
        -> (request: Request, receipt: ReceiptTarget?)?
    {
        guard let stored = target.credential else { return nil }
        let registration = target.registration
        return (
            try await request(of: event, for: registration, credential: stored, now: now, expires: expires),
            event.receiptTarget(center: registration.center, destination: registration.id, channel: .phone)
        )
    }

    private func request(
        of event: StoredDelegateMessage, for registration: DeviceRegistrationRecord, credential stored: RelayCredentialRecord, now: Date,
        expires: Date
    ) async throws -> Request {
        let centerID = registration.center.centerID
        switch try credential(stored) {
        case .apns(let credential):
            let environment = registration.environment.flatMap(APNsCredential.Environment.init(rawValue:)) ?? credential.environment
            let url = configuration.apnsURL(environment) + "/3/device/" + registration.token
            let notification: APNsNotification
            switch event {
            case .removed(let identifiers):
                notification = try .removal(identifiers, centerID: centerID, topic: credential.topic, expires: expires)
            case .delivered(let delivered):
                notification = try .alert(
                    delivered, centerID: centerID, topic: credential.topic, links: try await links(delivered, registration, now),
                    expires: expires)
            }
            return .apns(notification, url: url, credential: credential, credentialID: stored.id)
        case .fcm(let account):
            let url = configuration.fcmURL + "/v1/projects/\(account.projectID)/messages:send"
            let body: FCMMessage
            switch event {
            case .removed(let identifiers):
                body = try .removal(identifiers, token: registration.token, centerID: centerID, expires: expires, now: now)
            case .delivered(let delivered):
                let category = try await centers.category(of: delivered.request, appID: registration.center.appID)
                body = try .notification(
                    delivered, token: registration.token, centerID: centerID, category: category,
                    links: try await links(delivered, registration, now), expires: expires, now: now)
            }
            return .fcm(body, url: url, account: account, credentialID: stored.id)
        }
    }

    /// A stored credential, decoded once per id (a rotation makes a new id).
    private enum Decoded: Sendable {
        case apns(APNsCredential)
        case fcm(FCMServiceAccount)
    }

    private func credential(_ stored: RelayCredentialRecord) throws -> Decoded {
        if let decoded = decoded.withLock({ $0[stored.id] }) { return decoded }
        let made: Decoded =
            switch stored.provider {
            case .apns: .apns(try JSONDecoder().decode(APNsCredential.self, from: stored.material))
            case .fcm: .fcm(try JSONDecoder().decode(FCMServiceAccount.self, from: stored.material))
            }
        decoded.withLock { cache in
            if cache.count >= 1024 { cache.removeAll() }
            cache[stored.id] = made
        }
        return made
    }

    /// The delivery's response token and its first attachment's download path, signed with the app's token key.
    private func links(_ delivered: DeliveredNotification, _ registration: DeviceRegistrationRecord, _ now: Date) async throws
        -> DeliveryLinks
    {
        var attachment: (identifier: String, path: String)?
        if let first = delivered.request.content.attachments?.first {
            let token = try await tokens.attachment(
                first.identifier, of: delivered.request.identifier, center: registration.center, now: now)
            attachment = (identifier: first.identifier, path: "/v1/web-push/attachments/" + token)
        }
        return DeliveryLinks(
            responseToken: try await tokens.response(
                for: delivered, center: registration.center, destination: registration.id, channel: .phone, now: now),
            attachment: attachment)
    }

}
