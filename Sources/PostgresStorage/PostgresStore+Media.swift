import Foundation
import NotificationCore
import PostgresNIO
import Storage

/// Media on PostgreSQL: the records, their holds, and the bytes themselves in `media_chunks` (1 MiB
/// each), so that every replica serves every attachment with no shared volume. A replica keeps the files
/// it served in its own media directory as a cache (`materialize`); the database stays the truth.
extension PostgresStore: MediaStore {
    static let chunkSize = 1 << 20

    static func mediaIDs(of request: NotificationRequest) -> Set<String> {
        Set(request.content.attachments?.compactMap(\.mediaID) ?? [])
    }

    func releaseHolds(_ key: CenterKey, holder: String, identifiers: [String], _ connection: PostgresConnection) async throws {
        try await connection.run(
            """
            DELETE FROM media_holds WHERE app_id = \(key.appID) AND center_id = \(key.centerID) AND holder = \(holder)
            AND identifier = ANY(\(identifiers))
            """, logger)
    }

    /// A broadcast holds the media its request names from when it is made (refusing media the app does
    /// not have) while it is active: a member's firing may come days later, long after an upload that
    /// nothing held would have expired. Each member's delivered notification holds them from its firing.
    func holdMedia(of record: BroadcastRecord, _ connection: PostgresConnection) async throws {
        let media = Self.mediaIDs(of: record.broadcast.request).sorted()
        guard !media.isEmpty else { return }
        let found = try await connection.rows(
            "UPDATE media SET attached = true WHERE app_id = \(record.appID) AND id = ANY(\(media)) RETURNING id", logger
        ).map { try $0.get("id", as: String.self) }
        if let missing = media.first(where: { !found.contains($0) }) { throw NotificationError.attachmentNotInDataStore(missing) }
        try await connection.run(
            """
            INSERT INTO broadcast_media(app_id, broadcast_id, media_id)
            SELECT \(record.appID), \(record.broadcast.id), m FROM unnest(\(media)) AS m
            """, logger)
    }

    /// The broadcasts that hold a media row `m` of the outer query: the active ones that name it.
    private static let broadcastHolds = """
        broadcast_media bm JOIN broadcasts b ON b.app_id = bm.app_id AND b.id = bm.broadcast_id
        WHERE bm.app_id = m.app_id AND bm.media_id = m.id AND b.status IN ('scheduled', 'firing')
        """

    package func insertMedia(_ media: MediaRecord, quota: Int, file: String, place: @escaping @Sendable () throws -> Void) async throws
        -> MediaRecord
    {
        try await withoutActuallyEscaping(place) { place in try await insertMedia(media, quota: quota, file: file, escaping: place) }
    }

    private func insertMedia(
        _ media: MediaRecord, quota: Int, file: String, escaping place: @escaping @Sendable () throws -> Void
    ) async throws -> MediaRecord {
        try await write { connection, _ in
            // Uploads of one app are serialized: the quota check and the insert see the same total.
            try await connection.run("SELECT pg_advisory_xact_lock(hashtext(\(media.appID)))", self.logger)
            if let existing = try await connection.rows(
                "\(unescaped: Self.mediaSelect) WHERE m.app_id = \(media.appID) AND m.sha256 = \(media.sha256)", self.logger
            ).first {
                return try Self.media(existing)
            }
            let used =
                try await connection.rows(
                    "SELECT COALESCE(SUM(size), 0)::bigint AS used FROM media WHERE app_id = \(media.appID)", self.logger
                )
                .first?.get("used", as: Int64.self) ?? 0
            if Int(used) + media.size > quota {
                throw NotificationError.mediaQuotaExceeded(quota: quota, used: Int(used), size: media.size)
            }
            try await connection.run(
                """
                INSERT INTO media(id, app_id, sha256, uti, mime_type, size, created_at)
                VALUES (\(media.id), \(media.appID), \(media.sha256), \(media.uti), \(media.mimeType), \(Int64(media.size)),
                \(Self.milliseconds(media.createdAt)))
                """, self.logger)
            try await connection.run("DELETE FROM media_trash WHERE sha256 = \(media.sha256)", self.logger)
            // The bytes, unless another record (of any app) has them already.
            let stored = try await !connection.rows("SELECT 1 FROM media_chunks WHERE sha256 = \(media.sha256) LIMIT 1", self.logger)
                .isEmpty
            if !stored { try await self.storeChunks(of: file, sha256: media.sha256, connection) }
            try place()
            return media
        }
    }

    /// Copies a file into `media_chunks`, a chunk at a time (never the whole file in memory).
    private func storeChunks(of path: String, sha256: String, _ connection: PostgresConnection) async throws {
        guard let handle = FileHandle(forReadingAtPath: path) else { throw StoreError(.notFound, "the upload at \(path) is gone") }
        defer { try? handle.close() }
        var number = 0
        while let chunk = try handle.read(upToCount: Self.chunkSize), !chunk.isEmpty {
            try await connection.run(
                "INSERT INTO media_chunks(sha256, number, bytes) VALUES (\(sha256), \(number), \(chunk)) ON CONFLICT DO NOTHING", logger)
            number += 1
        }
    }

    /// Writes the bytes of `sha256` from the database to `path` (a replica's cache), a chunk at a time;
    /// false if the database has no such content.
    package func materialize(sha256: String, into path: String) async throws -> Bool {
        try await read { connection in
            let count =
                try await connection.rows("SELECT count(*)::bigint AS n FROM media_chunks WHERE sha256 = \(sha256)", self.logger)
                .first?.get("n", as: Int64.self) ?? 0
            guard count > 0 else { return false }
            let temporary = path + ".part-" + UUID().uuidString
            guard FileManager.default.createFile(atPath: temporary, contents: nil), let handle = FileHandle(forWritingAtPath: temporary)
            else {
                throw StoreError.unavailable("cannot write the media cache at \(temporary)")
            }
            do {
                for number in 0..<Int(count) {
                    let rows = try await connection.rows(
                        "SELECT bytes FROM media_chunks WHERE sha256 = \(sha256) AND number = \(number)", self.logger)
                    guard let bytes = try rows.first?.get("bytes", as: Data.self) else {
                        throw StoreError(.notFound, "chunk \(number) of \(sha256)")
                    }
                    try handle.write(contentsOf: bytes)
                }
                try handle.synchronize()
                try handle.close()
                guard rename(temporary, path) == 0 else { throw StoreError.unavailable("cannot place the media cache at \(path)") }
            } catch {
                try? handle.close()
                unlink(temporary)
                throw error
            }
            return true
        }
    }

    /// Media rows with their number of holders: requests, notifications and active broadcasts.
    private static let mediaSelect = """
        SELECT m.*, ((SELECT count(*) FROM media_holds h WHERE h.app_id = m.app_id AND h.media_id = m.id)
            + (SELECT count(*) FROM \(broadcastHolds)))::bigint AS holds FROM media m
        """

    package func media(appID: String, id: String) async throws -> MediaRecord? {
        try await read { connection in
            try await connection.rows("\(unescaped: Self.mediaSelect) WHERE m.app_id = \(appID) AND m.id = \(id)", self.logger).first.map(
                Self.media)
        }
    }

    package func mediaUsage(appID: String) async throws -> MediaUsage {
        try await read { connection in
            let row = try await connection.rows(
                "SELECT count(*)::bigint AS n, COALESCE(SUM(size), 0)::bigint AS bytes FROM media WHERE app_id = \(appID)", self.logger
            ).first
            return MediaUsage(count: Int(try row?.get("n", as: Int64.self) ?? 0), bytes: Int(try row?.get("bytes", as: Int64.self) ?? 0))
        }
    }

    package func expireStagedMedia(before date: Date) async throws {
        try await write { connection, _ in
            let gone = try await connection.rows(
                "DELETE FROM media WHERE NOT attached AND created_at < \(Self.milliseconds(date)) RETURNING sha256", self.logger)
            try await self.trash(try gone.map { try $0.get("sha256", as: String.self) }, connection)
        }
    }

    package func sweepMediaFiles(remove: @escaping @Sendable (String) -> Void) async throws -> Int {
        try await withoutActuallyEscaping(remove) { remove in try await sweepMediaFiles(escaping: remove) }
    }

    private func sweepMediaFiles(escaping remove: @escaping @Sendable (String) -> Void) async throws -> Int {
        try await write { connection, changes in
            // One sweeper at a time across replicas: a re-upload of the same content waits for it, or wins.
            try await connection.run("SELECT pg_advisory_xact_lock(\(Self.migrationLock + 1))", self.logger)
            let unheld = try await connection.rows(
                """
                DELETE FROM media m WHERE attached
                AND NOT EXISTS (SELECT 1 FROM media_holds h WHERE h.app_id = m.app_id AND h.media_id = m.id)
                AND NOT EXISTS (SELECT 1 FROM \(unescaped: Self.broadcastHolds))
                RETURNING sha256
                """, self.logger)
            try await self.trash(try unheld.map { try $0.get("sha256", as: String.self) }, connection)
            let trash = try await connection.rows("DELETE FROM media_trash RETURNING sha256", self.logger).map {
                try $0.get("sha256", as: String.self)
            }
            var removed: [String] = []
            for sha256 in trash {
                // Uploaded again since (by this app or another): the bytes stay.
                guard try await connection.rows("SELECT 1 FROM media WHERE sha256 = \(sha256) LIMIT 1", self.logger).isEmpty else {
                    continue
                }
                try await connection.run("DELETE FROM media_chunks WHERE sha256 = \(sha256)", self.logger)
                remove(sha256)
                removed.append(sha256)
            }
            // The other replicas drop their copies once this commits.
            if !removed.isEmpty { changes.announce(.mediaRemoved(removed)) }
            return removed.count
        }
    }

    /// Which of these content addresses some media record still has (a replica's cache keeps only those).
    package func knownMedia(_ sha256s: [String]) async throws -> Set<String> {
        guard !sha256s.isEmpty else { return [] }
        return try await read { connection in
            Set(
                try await connection.rows("SELECT DISTINCT sha256 FROM media WHERE sha256 = ANY(\(sha256s))", self.logger).map {
                    try $0.get("sha256", as: String.self)
                })
        }
    }

    func trash(_ sha256s: [String], _ connection: PostgresConnection) async throws {
        guard !sha256s.isEmpty else { return }
        try await connection.run(
            "INSERT INTO media_trash(sha256) SELECT DISTINCT s FROM unnest(\(sha256s)) AS s ON CONFLICT DO NOTHING", logger)
    }

    static func media(_ row: PostgresRandomAccessRow) throws -> MediaRecord {
        MediaRecord(
            id: try row.get("id"), appID: try row.get("app_id"), sha256: try row.get("sha256"), uti: try row.get("uti"),
            mimeType: try row.get("mime_type"), size: Int(try row.get("size", as: Int64.self)), createdAt: date(try row.get("created_at")),
            attached: try row.get("attached"), holds: Int(try row.get("holds", as: Int64?.self) ?? 0))
    }
}
