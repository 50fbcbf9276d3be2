import Foundation
import Logging
import SQLiteStorage
import Storage

/// The database behind the service, chosen by configuration: SQLite in the data directory (the embedded
/// default), or the URL's database (`--database-url`). Everything above talks to it through the store
/// protocols only.
package struct StorageBackend: Sendable {
    /// The store, as every part uses it.
    package let store: any NotificationStore & PrincipalStore & WebhookStore & MediaStore & ClockStore
    /// Keeps the store healthy until cancelled (checkpoints, a connection pool, a listener).
    package let run: @Sendable () async throws -> Void
    /// Says where the data lives, for the start-up log (never a password).
    package let description: String

    /// Opens the configured database and runs its migrations.
    package static func open(_ configuration: ServerConfiguration, logger: Logger) async throws -> StorageBackend {
        guard let url = configuration.databaseURL else {
            let path = URL(fileURLWithPath: configuration.dataDirectory).appendingPathComponent("usernotifyd.sqlite").path
            return try sqlite(path: path)
        }
        switch url.scheme?.lowercased() {
        case "sqlite", "file":
            return try sqlite(path: url.path)
        default:
            throw ConfigurationError(
                "--database-url: '\(url.scheme ?? "")' is not a supported database; use sqlite:///path/to/file.sqlite or postgres://…")
        }
    }

    private static func sqlite(path: String) throws -> StorageBackend {
        try FileManager.default.createDirectory(
            atPath: URL(fileURLWithPath: path).deletingLastPathComponent().path, withIntermediateDirectories: true)
        let store = try SQLiteStore(path: path)
        return StorageBackend(store: store, run: { await store.runCheckpoints() }, description: "sqlite:\(path)")
    }
}
