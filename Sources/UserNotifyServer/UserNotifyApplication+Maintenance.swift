import Foundation
import Media
import SQLiteStorage
import Storage

/// What `usernotifyd backup` copied.
package struct BackupReport: Sendable, Codable {
    /// Where the backup is: `usernotifyd.sqlite` and `media/`.
    package var directory: String
    package var databaseBytes: Int
    /// The media files the copied database refers to, copied beside it.
    package var mediaFiles: Int
    /// Referred to but gone before they were copied (their last holder was removed meanwhile): their
    /// notifications show no attachment after a restore.
    package var mediaMissing: Int
    /// The secrets key file, which the backup leaves out: back it up apart from the database.
    package var secretsKeyFile: String?
}

extension UserNotifyApplication {
    /// `usernotifyd migrate`: takes the data directory as a server would (refused while one runs there),
    /// migrates the database to this version's schema and returns what it migrated, without serving — for
    /// a rolling upgrade's step before the new replicas start, or a check before a restart. A database
    /// whose schema is newer than this version's is refused (`SchemaTooNew`).
    package func migrate() async throws -> String {
        let locks = try ownedDirectories.map { try DirectoryLock(directory: $0) }
        defer { withExtendedLifetime(locks) {} }
        try FileManager.default.createDirectory(atPath: configuration.dataDirectory, withIntermediateDirectories: true)
        let backend = try await StorageBackend.open(configuration, logger: logger)
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { try await backend.run() }
            try await backend.prepare()
            group.cancelAll()
        }
        return backend.description
    }

    /// `usernotifyd backup DIRECTORY`: a consistent copy of the SQLite database (SQLite's online backup
    /// API, while a server may be running on it), then the media files the copy refers to, into
    /// `directory` (made; it must not hold a backup already). The restore: stop the server, put the
    /// backup's files into an empty data directory with the secrets key, start it.
    package func backup(to directory: String) throws -> BackupReport {
        guard let database = StorageBackend.sqlitePath(configuration) else {
            throw ConfigurationError(
                "backup copies an SQLite database; a PostgreSQL database is backed up with pg_dump (docs/operations.md, Backup and restore)"
            )
        }
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let (bytes, media) = try SQLiteBackup.copy(database, to: directory + "/usernotifyd.sqlite")
        let live = CenterRuntime.mediaPath(dataDirectory: configuration.dataDirectory)
        var missing = 0
        for sha256 in media {
            let source = MediaFileStore.path(of: sha256, root: live)
            guard FileManager.default.fileExists(atPath: source) else {
                missing += 1
                continue
            }
            let target = MediaFileStore.path(of: sha256, root: directory + "/media")
            try FileManager.default.createDirectory(
                atPath: URL(fileURLWithPath: target).deletingLastPathComponent().path, withIntermediateDirectories: true)
            try FileManager.default.copyItem(atPath: source, toPath: target)
        }
        let keyFile =
            configuration.secretsKeyFile ?? URL(fileURLWithPath: configuration.dataDirectory).appendingPathComponent("secrets.key").path
        return BackupReport(
            directory: directory, databaseBytes: bytes, mediaFiles: media.count - missing, mediaMissing: missing,
            secretsKeyFile: FileManager.default.fileExists(atPath: keyFile) ? keyFile : nil)
    }

    /// `usernotifyd compact`: takes the data directory as a server would (refused while one runs there) and
    /// rewrites the SQLite database with this version's page size and without its free pages
    /// (`SQLiteCompaction`).
    package func compact() throws -> SQLiteCompaction.Outcome {
        guard let database = StorageBackend.sqlitePath(configuration) else {
            throw ConfigurationError(
                "compact rewrites an SQLite database; on PostgreSQL, VACUUM FULL does it (docs/operations.md, Upgrades and migrations)")
        }
        // A wrong data directory is not made (with a lock file in it) before it is found empty.
        try SQLiteCompaction.requireDatabase(database)
        let locks = try ownedDirectories.map { try DirectoryLock(directory: $0) }
        defer { withExtendedLifetime(locks) {} }
        return try SQLiteCompaction.compact(database)
    }
}
