import Foundation
import Logging
import PostgresStorage
import SQLiteStorage
import Storage

/// The database behind the service, chosen by configuration: SQLite in the data directory (the embedded
/// default), or the URL's database (`--database-url`: `postgres://…` for several replicas,
/// `sqlite:///path`). Everything above talks to it through the store protocols only.
package struct StorageBackend: Sendable {
    package typealias Store = NotificationStore & PrincipalStore & WebhookStore & MediaStore & ClockStore & IdempotencyStore
        & RetentionStore & PushSubscriptionStore & DeviceRelayStore & SecretStore & BroadcastStore

    /// The store, as every part uses it.
    package let store: any Store
    /// Keeps the store working until cancelled (checkpoints; a connection pool and its change listener).
    package let run: @Sendable () async throws -> Void
    /// Makes the store ready once `run` is going: the migrations.
    package let prepare: @Sendable () async throws -> Void
    /// Whether the database can be reached now (`/readyz`).
    package let isReachable: @Sendable () -> Bool
    /// How often the loops look at the store whatever the feed said: changes of other processes may be
    /// missed while the feed reconnects, and a claim whose holder could not give it back (a store error)
    /// is claimable again only once its lease ends on the wall clock, which no due date announces.
    package let safetyPoll: Duration?
    /// The database pool's connections in use, calls waiting for one, and its size, and the transactions
    /// run again (PostgreSQL; nil for SQLite, whose one writer and readers are not a pool to size).
    package var databaseFigures: @Sendable () -> PostgresStore.Figures? = { nil }
    /// Says where the data lives, for the start-up log (never a password).
    package let description: String

    /// The SQLite file the configuration names (the data directory's by default), or nil for another database.
    package static func sqlitePath(_ configuration: ServerConfiguration) -> String? {
        guard let url = configuration.databaseURL else {
            return URL(fileURLWithPath: configuration.dataDirectory).appendingPathComponent("usernotifyd.sqlite").path
        }
        return ["sqlite", "file"].contains(url.scheme?.lowercased() ?? "") ? url.path : nil
    }

    /// The keys that seal the database's secrets: the configured file's; for SQLite without one, the data
    /// directory's `secrets.key`, made at first start — unless the database already holds secrets sealed
    /// with a key (its file was lost: refused, never replaced by a new key). PostgreSQL without a file seals
    /// nothing, and says so.
    static func secretBox(_ configuration: ServerConfiguration, sqlitePath: String?, logger: Logger) async throws -> SecretBox {
        let file: String
        if let configured = configuration.secretsKeyFile {
            file = configured
        } else if let sqlitePath {
            file = URL(fileURLWithPath: configuration.dataDirectory).appendingPathComponent("secrets.key").path
            if !FileManager.default.fileExists(atPath: file) {
                // Anything sealed already cannot open without its key: `sealSecrets` with no key says so.
                do {
                    _ = try await SQLiteStore(path: sqlitePath).sealSecrets()
                } catch let failure as SecretBox.Failure {
                    throw ConfigurationError("\(failure); the data directory's \(file) is missing")
                }
                guard
                    FileManager.default.createFile(
                        atPath: file, contents: Data(SecretBox.newKeyFile().utf8), attributes: [.posixPermissions: 0o600])
                else { throw ConfigurationError("cannot write the secrets key file \(file)") }
                logger.notice("secrets key made: back it up apart from the database", metadata: ["secrets.key_file": .string(file)])
            }
        } else {
            logger.warning(
                "no --secrets-key-file: webhook secrets, relay keys and VAPID keys are stored unsealed in the database",
                metadata: ["storage.database": "postgresql"])
            return SecretBox()
        }
        guard let contents = try? String(contentsOfFile: file, encoding: .utf8) else {
            throw ConfigurationError("--secrets-key-file: cannot read '\(file)'")
        }
        do throws(SecretBox.KeyFileError) {
            return try SecretBox(keyFile: contents)
        } catch {
            throw ConfigurationError("--secrets-key-file '\(file)': \(error)")
        }
    }

    /// Opens the configured database.
    package static func open(_ configuration: ServerConfiguration, logger: Logger) async throws -> StorageBackend {
        let path = sqlitePath(configuration)
        if let path {
            try FileManager.default.createDirectory(
                atPath: URL(fileURLWithPath: path).deletingLastPathComponent().path, withIntermediateDirectories: true)
        }
        let secrets = try await secretBox(configuration, sqlitePath: path, logger: logger)
        if let path { return try sqlite(path: path, secrets: secrets, logger: logger) }
        guard let url = configuration.databaseURL, ["postgres", "postgresql"].contains(url.scheme?.lowercased() ?? "") else {
            throw ConfigurationError(
                "--database-url: '\(configuration.databaseURL?.scheme ?? "")' is not a supported database; use postgres://user:password@host:5432/db or sqlite:///path/file.sqlite"
            )
        }
        var postgres = try PostgresStore.Configuration(url: url)
        postgres.maximumConnections = configuration.databasePoolSize ?? postgres.maximumConnections
        let store = PostgresStore(configuration: postgres, logger: logger, secrets: secrets)
        return StorageBackend(
            store: store, run: { await store.run() }, prepare: { try await store.prepare() }, isReachable: { store.isReachable },
            safetyPoll: .seconds(1), databaseFigures: { store.figures },
            description: "postgres://\(postgres.host):\(postgres.port)/\(postgres.database ?? "")")
    }

    private static func sqlite(path: String, secrets: SecretBox, logger: Logger) throws -> StorageBackend {
        let store = try SQLiteStore(path: path, secrets: secrets)
        return StorageBackend(
            store: store,
            run: {
                await store.runCheckpoints()
                // The run ends after every part that used the store (`CenterRuntime.run`): its files are
                // closed before the server's run returns.
                do { try store.close() } catch { logger.warning("the SQLite database did not close: \(error)") }
            },
            // The feed sees every change of the one process that owns the file: the poll is only for claims
            // it could not give back, so a few seconds' look costs next to nothing.
            prepare: {}, isReachable: { true }, safetyPoll: .seconds(5), description: "sqlite:\(path)")
    }
}
