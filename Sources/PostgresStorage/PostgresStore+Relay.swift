import Foundation
import NIOCore
import NotificationCore
import PostgresNIO
import Storage

extension PostgresStore: DeviceRelayStore {
    package func setRelayCredential(_ credential: RelayCredentialRecord) async throws {
        let material = ByteBuffer(bytes: try credential.sealed(secrets))
        try await write { connection, _ in
            try await connection.run(
                """
                INSERT INTO relay_credentials(app_id, provider, id, fingerprint, material, created_at)
                VALUES (\(credential.appID), \(credential.provider.rawValue), \(credential.id), \(credential.fingerprint),
                    \(material), \(Self.milliseconds(credential.createdAt)))
                ON CONFLICT (app_id, provider) DO UPDATE SET
                    id = excluded.id, fingerprint = excluded.fingerprint, material = excluded.material, created_at = excluded.created_at
                """, self.logger)
        }
    }

    package func relayCredential(appID: String, provider: PushProvider) async throws -> RelayCredentialRecord? {
        try await read { connection in
            try await connection.rows(
                "SELECT * FROM relay_credentials WHERE app_id = \(appID) AND provider = \(provider.rawValue)", self.logger
            ).first.map(Self.relayCredential)
        }.map { try $0.opened(secrets) }
    }

    package func relayCredentials(appID: String) async throws -> [RelayCredentialRecord] {
        try await read { connection in
            try await connection.rows("SELECT * FROM relay_credentials WHERE app_id = \(appID) ORDER BY provider", self.logger)
                .map(Self.relayCredential)
        }.map { try $0.opened(secrets) }
    }

    package func removeRelayCredential(appID: String, provider: PushProvider) async throws -> Bool {
        try await write { connection, _ in
            try await !connection.rows(
                "DELETE FROM relay_credentials WHERE app_id = \(appID) AND provider = \(provider.rawValue) RETURNING id", self.logger
            ).isEmpty
        }
    }

    package func saveDeviceRegistration(_ registration: DeviceRegistrationRecord, limit: Int) async throws -> (
        DeviceRegistrationRecord, created: Bool
    ) {
        try await write { connection, changes in
            let key = registration.center
            let device = CenterDeviceQueries(
                table: "device_registrations",
                existing: """
                    SELECT id, center_id FROM device_registrations
                    WHERE app_id = \(key.appID) AND provider = \(registration.provider.rawValue) AND token = \(registration.token)
                    """,
                update: { id in "UPDATE device_registrations SET environment = \(registration.environment) WHERE id = \(id)" },
                insert:
                    """
                    INSERT INTO device_registrations(id, app_id, center_id, provider, token, environment, created_at)
                    VALUES (\(registration.id), \(key.appID), \(key.centerID), \(registration.provider.rawValue), \(registration.token),
                        \(registration.environment), \(Self.milliseconds(registration.createdAt)))
                    """,
                moved: { .deviceUnregistered(registrationID: $0, provider: registration.provider, reason: "moved") },
                limitReached: NotificationError.deviceLimitReached(limit))
            return try await self.saveCenterDevice(device, registration, limit: limit, connection, &changes)
        }
    }

    package func deviceRegistrations(_ key: CenterKey) async throws -> [DeviceRegistrationRecord] {
        try await read { connection in try await self.deviceRegistrations([key], connection)[key] ?? [] }
    }

    package func relayTargets(registrationIDs ids: [String]) async throws -> [String: RelayTarget] {
        let targets = try await read { connection in
            try await connection.rows(
                """
                SELECT d.*, c.id AS credential_id, c.fingerprint, c.material, c.created_at AS credential_created_at
                FROM device_registrations d LEFT JOIN relay_credentials c ON c.app_id = d.app_id AND c.provider = d.provider
                WHERE d.id = ANY(\(ids))
                """, self.logger
            ).map { row in
                let registration = try Self.deviceRegistration(row)
                let credential = try row.get("credential_id", as: String?.self).map { credentialID in
                    RelayCredentialRecord(
                        appID: registration.center.appID, provider: registration.provider, id: credentialID,
                        fingerprint: try row.get("fingerprint"), material: try row.get("material", as: Data.self),
                        createdAt: Self.date(try row.get("credential_created_at")))
                }
                return RelayTarget(registration: registration, credential: credential)
            }
        }
        return try RelayTarget.opened(targets, secrets)
    }

    package func removeDeviceRegistration(_ key: CenterKey, id: String) async throws -> Bool {
        try await removeCenterDevice(in: "device_registrations", key, id: id)
    }

    package func removeGoneDeviceRegistration(id: String, reason: String, at date: Date) async throws -> Bool {
        try await removeGoneCenterDevice(in: "device_registrations", id: id, at: date, decode: Self.deviceRegistration, center: \.center) {
            .deviceUnregistered(registrationID: $0.id, provider: $0.provider, reason: reason)
        }
    }

    /// The centers' registrations, oldest first, inside a transaction.
    func deviceRegistrations(_ keys: Set<CenterKey>, _ connection: PostgresConnection) async throws -> [CenterKey:
        [DeviceRegistrationRecord]]
    {
        try await centerDevices(in: "device_registrations", keys, connection, decode: Self.deviceRegistration, center: \.center)
    }

    /// Where the centers' presented notifications go beside webhooks: their browsers' subscriptions and
    /// their phones' registrations, inside a transaction.
    func pushTargets(_ keys: Set<CenterKey>, _ connection: PostgresConnection) async throws -> [CenterKey: [any OutboxTarget]] {
        var targets: [CenterKey: [any OutboxTarget]] = try await pushSubscriptions(keys, connection).mapValues { $0 }
        for (key, registrations) in try await deviceRegistrations(keys, connection) {
            targets[key, default: []] += registrations as [any OutboxTarget]
        }
        return targets
    }

    private static func deviceRegistration(_ row: PostgresRandomAccessRow) throws -> DeviceRegistrationRecord {
        DeviceRegistrationRecord(
            id: try row.get("id"), center: CenterKey(appID: try row.get("app_id"), centerID: try row.get("center_id")),
            provider: PushProvider(rawValue: try row.get("provider")) ?? .apns, token: try row.get("token"),
            environment: try row.get("environment", as: String?.self), createdAt: date(try row.get("created_at")))
    }

    private static func relayCredential(_ row: PostgresRandomAccessRow) throws -> RelayCredentialRecord {
        RelayCredentialRecord(
            appID: try row.get("app_id"), provider: PushProvider(rawValue: try row.get("provider")) ?? .apns, id: try row.get("id"),
            fingerprint: try row.get("fingerprint"), material: try row.get("material", as: Data.self),
            createdAt: date(try row.get("created_at")))
    }
}
