import Foundation
import GRDB
import NotificationCore
import Storage

extension SQLiteStore: DeviceRelayStore {
    package func setRelayCredential(_ credential: RelayCredentialRecord) async throws {
        let material = try credential.sealed(secrets)
        try await write { db, _ in
            try db.execute(
                sql: """
                    INSERT INTO relay_credentials(app_id, provider, id, fingerprint, material, created_at) VALUES (?, ?, ?, ?, ?, ?)
                    ON CONFLICT(app_id, provider) DO UPDATE SET
                        id = excluded.id, fingerprint = excluded.fingerprint, material = excluded.material, created_at = excluded.created_at
                    """,
                arguments: [
                    credential.appID, credential.provider.rawValue, credential.id, credential.fingerprint, material,
                    Self.milliseconds(credential.createdAt),
                ])
        }
    }

    package func relayCredential(appID: String, provider: PushProvider) async throws -> RelayCredentialRecord? {
        try await read { db in
            try Row.fetchOne(
                db.cachedStatement(sql: "SELECT * FROM relay_credentials WHERE app_id = ? AND provider = ?"),
                arguments: [appID, provider.rawValue]
            ).map(Self.relayCredential)
        }.map { try $0.opened(secrets) }
    }

    package func relayCredentials(appID: String) async throws -> [RelayCredentialRecord] {
        try await read { db in
            try Row.fetchAll(db, sql: "SELECT * FROM relay_credentials WHERE app_id = ? ORDER BY provider", arguments: [appID])
                .map(Self.relayCredential)
        }.map { try $0.opened(secrets) }
    }

    package func removeRelayCredential(appID: String, provider: PushProvider) async throws -> Bool {
        try await write { db, _ in
            try db.execute(
                sql: "DELETE FROM relay_credentials WHERE app_id = ? AND provider = ?", arguments: [appID, provider.rawValue])
            return db.changesCount == 1
        }
    }

    package func saveDeviceRegistration(_ registration: DeviceRegistrationRecord, limit: Int) async throws -> (
        DeviceRegistrationRecord, created: Bool
    ) {
        try await write { db, effects in
            let device = CenterDeviceTable(
                table: Self.deviceRegistrationRows.table, unique: "provider = ? AND token = ?",
                uniqueArguments: [registration.provider.rawValue, registration.token], update: "environment = ?",
                updateArguments: [registration.environment], columns: ["provider", "token", "environment"],
                values: [registration.provider.rawValue, registration.token, registration.environment],
                moved: { .deviceUnregistered(registrationID: $0, provider: registration.provider, reason: "moved") },
                limitReached: NotificationError.deviceLimitReached(limit))
            return try Self.saveCenterDevice(device, registration, limit: limit, db, &effects)
        }
    }

    package func deviceRegistrations(_ key: CenterKey) async throws -> [DeviceRegistrationRecord] {
        try await read { db in try Self.deviceRegistrations(key, db) }
    }

    package func relayTargets(registrationIDs ids: [String]) async throws -> [String: RelayTarget] {
        let list = JSONRows.list(ids)
        let targets = try await read { db in
            try Row.fetchAll(
                db.cachedStatement(
                    sql: """
                        SELECT \(Self.deviceRegistrationRows.list(of: "d")), c.id, c.fingerprint, c.material, c.created_at
                        FROM device_registrations d LEFT JOIN relay_credentials c ON c.app_id = d.app_id AND c.provider = d.provider
                        WHERE d.id IN (SELECT value FROM json_each(?))
                        """), arguments: [list]
            ).map { row in
                let registration = Self.deviceRegistrationRows.decode(row)
                // The credential's columns follow the registration's.
                let first = Self.deviceRegistrationRows.columns.count
                let credential = (row[first] as String?).map { credentialID in
                    RelayCredentialRecord(
                        appID: registration.center.appID, provider: registration.provider, id: credentialID, fingerprint: row[first + 1],
                        material: row[first + 2], createdAt: Self.date(row[first + 3]))
                }
                return RelayTarget(registration: registration, credential: credential)
            }
        }
        return try RelayTarget.opened(targets, secrets)
    }

    package func removeDeviceRegistration(_ key: CenterKey, id: String) async throws -> Bool {
        try await removeCenterDevice(Self.deviceRegistrationRows, key, id: id)
    }

    package func removeGoneDeviceRegistration(id: String, reason: String, at date: Date) async throws -> Bool {
        try await removeGoneCenterDevice(Self.deviceRegistrationRows, id: id, at: date) {
            .deviceUnregistered(registrationID: $0.id, provider: $0.provider, reason: reason)
        }
    }

    /// The center's registrations, oldest first, inside a transaction.
    static func deviceRegistrations(_ key: CenterKey, _ db: Database) throws -> [DeviceRegistrationRecord] {
        try centerDevices(deviceRegistrationRows, key, db)
    }

    private static func relayCredential(_ row: Row) -> RelayCredentialRecord {
        RelayCredentialRecord(
            appID: row["app_id"], provider: PushProvider(rawValue: row["provider"]) ?? .apns, id: row["id"],
            fingerprint: row["fingerprint"],
            material: row["material"], createdAt: date(row["created_at"]))
    }
}
