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
        & RetentionStore & PushSubscriptionStore & DeviceRelayStore

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
    /// The database pool's connections in use, calls waiting for one, and its size (PostgreSQL; nil for
    /// SQLite, whose one writer and readers are not a pool to size).
    package var poolFigures: @Sendable () -> (inUse: Int, waiting: Int, maximum: Int)? = { nil }
    /// Says where the data lives, for the start-up log (never a password).
    package let description: String

    /// The SQLite file the configuration names (the data directory's by default), or nil for another database.
    package static func sqlitePath(_ configuration: ServerConfiguration) -> String? {
        guard let url = configuration.databaseURL else {
            return URL(fileURLWithPath: configuration.dataDirectory).appendingPathComponent("usernotifyd.sqlite").path
        }
        return ["sqlite", "file"].contains(url.scheme?.lowercased() ?? "") ? url.path : nil
    }

    /// Opens the configured database.
    package static func open(_ configuration: ServerConfiguration, logger: Logger) throws -> StorageBackend {
        if let path = sqlitePath(configuration) { return try sqlite(path: path) }
        guard let url = configuration.databaseURL, ["postgres", "postgresql"].contains(url.scheme?.lowercased() ?? "") else {
            throw ConfigurationError(
                "--database-url: '\(configuration.databaseURL?.scheme ?? "")' is not a supported database; use postgres://user:password@host:5432/db or sqlite:///path/file.sqlite"
            )
        }
        var postgres = try PostgresStore.Configuration(url: url)
        postgres.maximumConnections = configuration.databasePoolSize ?? postgres.maximumConnections
        let store = PostgresStore(configuration: postgres, logger: logger)
        return StorageBackend(
            store: store, run: { await store.run() }, prepare: { try await store.prepare() }, isReachable: { store.isReachable },
            safetyPoll: .seconds(1), poolFigures: { store.poolFigures },
            description: "postgres://\(postgres.host):\(postgres.port)/\(postgres.database ?? "")")
    }

    private static func sqlite(path: String) throws -> StorageBackend {
        try FileManager.default.createDirectory(
            atPath: URL(fileURLWithPath: path).deletingLastPathComponent().path, withIntermediateDirectories: true)
        let store = try SQLiteStore(path: path)
        return StorageBackend(
            // The feed sees every change of the one process that owns the file: the poll is only for claims
            // it could not give back, so a few seconds' look costs next to nothing.
            store: store, run: { await store.runCheckpoints() }, prepare: {}, isReachable: { true }, safetyPoll: .seconds(5),
            description: "sqlite:\(path)")
    }
}
