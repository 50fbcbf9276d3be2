import ErrorCodes
import Foundation
import HTTPCore
import HTTPTypes
import NotificationCore
import Relay
import RelayService
import Storage
import StrictJSON

/// Relays to phones: the app's APNs and FCM credentials (set, rotated, removed; never shown again: an id
/// and a fingerprint are), the phones' registrations (the user's side registers its token, the app
/// lists and removes them).
enum RelayRoutes {
    struct APNsBody: Decodable, Sendable {
        var keyID: String
        var teamID: String
        var topic: String
        var environment: APNsCredential.Environment
        /// The `.p8` file's PEM.
        var privateKey: String
    }

    struct FCMBody: Decodable, Sendable {
        /// The service account's JSON file, as Firebase downloads it.
        var serviceAccount: JSONValue
    }

    /// A credential as the API shows it: what identifies it, never its key.
    struct CredentialView: Codable, Sendable {
        struct APNs: Codable, Sendable {
            var keyID: String
            var teamID: String
            var topic: String
            var environment: APNsCredential.Environment
        }

        struct FCM: Codable, Sendable {
            var projectID: String
            var clientEmail: String
            var privateKeyID: String?
        }

        var provider: PushProvider
        var id: String
        var fingerprint: String
        var createdAt: Date
        var apns: APNs?
        var fcm: FCM?

        init(_ record: RelayCredentialRecord) throws {
            provider = record.provider
            id = record.id
            fingerprint = record.fingerprint
            createdAt = record.createdAt
            switch record.provider {
            case .apns:
                let credential = try JSONDecoder().decode(APNsCredential.self, from: record.material)
                apns = APNs(
                    keyID: credential.keyID, teamID: credential.teamID, topic: credential.topic, environment: credential.environment)
            case .fcm:
                let account = try JSONDecoder().decode(FCMServiceAccount.self, from: record.material)
                fcm = FCM(projectID: account.projectID, clientEmail: account.clientEmail, privateKeyID: account.privateKeyID)
            }
        }
    }

    struct CredentialList: Codable, Sendable { var credentials: [CredentialView] }

    struct Register: Decodable, Sendable {
        var provider: PushProvider
        var token: String
        /// APNs only: the device's build's environment when it differs from the credential's.
        var environment: APNsCredential.Environment?
    }

    /// A registration as the API shows it (its token too: the app's own, as the phone gave it).
    struct DeviceView: Codable, Sendable {
        var id: String
        var provider: PushProvider
        var token: String
        var environment: String?
        var createdAt: Date

        init(_ record: DeviceRegistrationRecord) {
            id = record.id
            provider = record.provider
            token = record.token
            environment = record.environment
            createdAt = record.createdAt
        }
    }

    struct DeviceList: Codable, Sendable { var devices: [DeviceView] }

    static func register(on router: inout Router, _ provider: APIContextProvider) {
        router.on(.get, "/v1/relay/credentials") { request in
            let (context, appID) = try await AppRoutes.app(request, provider)
            return try .json(CredentialList(credentials: try await context.relay.credentials(appID: appID).map(CredentialView.init)))
        }
        router.on(.put, "/v1/relay/credentials/apns") { request in
            let (context, appID) = try await AppRoutes.app(request, provider)
            let body = try request.decodeJSON(APNsBody.self)
            let credential = try checked { () throws(RelayInputError) in
                try APNsCredential(
                    keyID: body.keyID, teamID: body.teamID, topic: body.topic, environment: body.environment, privateKeyPEM: body.privateKey
                )
            }
            return try .json(try CredentialView(try await context.relay.setAPNs(appID: appID, credential)))
        }
        router.on(.put, "/v1/relay/credentials/fcm") { request in
            let (context, appID) = try await AppRoutes.app(request, provider)
            let body = try request.decodeJSON(FCMBody.self)
            guard case .object = body.serviceAccount else {
                throw NotificationError.invalid(.invalidRelayCredential, "`serviceAccount` must be the service account's JSON object.")
            }
            let json = Data(try WireFormat.bytes(body.serviceAccount))
            let account = try checked { () throws(RelayInputError) in try FCMServiceAccount(json: json) }
            return try .json(try CredentialView(try await context.relay.setFCM(appID: appID, account)))
        }
        // One path per provider, each with its PUT: `Allow` lists what the resource supports.
        for pushProvider in PushProvider.allCases {
            router.on(.delete, "/v1/relay/credentials/\(pushProvider.rawValue)") { request in
                let (context, appID) = try await AppRoutes.app(request, provider)
                try await context.relay.removeCredential(appID: appID, pushProvider)
                return Response(status: .noContent)
            }
        }
        router.on(.post, "/v1/me/devices") { request in
            let (context, key) = try await UserRoutes.user(request, provider)
            let body = try request.decodeJSON(Register.self)
            let (record, created) = try await context.relay.register(
                key, provider: body.provider, token: body.token, environment: body.environment)
            return try .json(DeviceView(record), status: created ? .created : .ok, headers: [.location: "/v1/me/devices/\(record.id)"])
        }
        router.on(.get, "/v1/me/devices") { request in
            let (context, key) = try await UserRoutes.user(request, provider)
            return try .json(DeviceList(devices: try await context.relay.registrations(key).map(DeviceView.init)))
        }
        router.on(.delete, "/v1/me/devices/{deviceID}") { request in
            let (context, key) = try await UserRoutes.user(request, provider)
            try await context.relay.unregister(key, id: request.parameter("deviceID"))
            return Response(status: .noContent)
        }
        router.on(.get, "/v1/centers/{centerID}/devices") { request in
            let (context, center) = try await AppRoutes.center(request, provider)
            return try .json(DeviceList(devices: try await context.relay.registrations(center.key).map(DeviceView.init)))
        }
        router.on(.delete, "/v1/centers/{centerID}/devices/{deviceID}") { request in
            let (context, center) = try await AppRoutes.center(request, provider)
            try await context.relay.unregister(center.key, id: request.parameter("deviceID"))
            return Response(status: .noContent)
        }
    }

    /// A credential checked: what is wrong with it as a 400 problem.
    private static func checked<T>(_ make: () throws(RelayInputError) -> T) throws -> T {
        do {
            return try make()
        } catch {
            throw NotificationError.invalid(.invalidRelayCredential, error.description)
        }
    }
}
