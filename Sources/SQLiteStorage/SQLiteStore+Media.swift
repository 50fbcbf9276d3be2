import Foundation
import GRDB
import NotificationCore
import Storage

extension SQLiteStore: MediaStore {
    /// Media rows, their holds kept by triggers on `pending` and `delivered` (whose `media` column lists
    /// the media ids of the request's attachments): a row whose last hold goes is deleted, and its content
    /// address queued in `media_trash` until the file is removed.
    static func migrateMedia(_ db: Database) throws {
        var holders = ""
        for table in ["pending", "delivered"] {
            let ids = { (row: String) in "SELECT value FROM json_each(\(row).media)" }
            holders += """
                ALTER TABLE \(table) ADD COLUMN media TEXT;
                CREATE TRIGGER \(table)_media_held AFTER INSERT ON \(table) WHEN NEW.media IS NOT NULL BEGIN
                    UPDATE media SET holds = holds + 1, attached = 1 WHERE id IN (\(ids("NEW")));
                END;
                CREATE TRIGGER \(table)_media_changed AFTER UPDATE OF media ON \(table) BEGIN
                    UPDATE media SET holds = holds + 1, attached = 1 WHERE NEW.media IS NOT NULL AND id IN (\(ids("NEW")));
                    UPDATE media SET holds = holds - 1 WHERE OLD.media IS NOT NULL AND id IN (\(ids("OLD")));
                END;
                CREATE TRIGGER \(table)_media_released AFTER DELETE ON \(table) WHEN OLD.media IS NOT NULL BEGIN
                    UPDATE media SET holds = holds - 1 WHERE id IN (\(ids("OLD")));
                END;

                """
        }
        try db.execute(
            sql: """
                CREATE TABLE media (
                    id TEXT PRIMARY KEY NOT NULL,
                    app_id TEXT NOT NULL REFERENCES apps(id) ON DELETE CASCADE,
                    sha256 TEXT NOT NULL,
                    uti TEXT NOT NULL,
                    mime_type TEXT NOT NULL,
                    size INTEGER NOT NULL,
                    created_at INTEGER NOT NULL,
                    attached INTEGER NOT NULL DEFAULT 0,
                    holds INTEGER NOT NULL DEFAULT 0,
                    UNIQUE (app_id, sha256)
                );
                CREATE INDEX media_by_sha ON media(sha256);
                CREATE INDEX media_staged ON media(created_at) WHERE attached = 0;
                CREATE TABLE media_trash (sha256 TEXT PRIMARY KEY NOT NULL) WITHOUT ROWID;
                CREATE TRIGGER media_unheld AFTER UPDATE OF holds ON media WHEN NEW.holds <= 0 AND NEW.attached = 1 BEGIN
                    DELETE FROM media WHERE id = NEW.id;
                END;
                CREATE TRIGGER media_deleted AFTER DELETE ON media BEGIN
                    INSERT OR IGNORE INTO media_trash(sha256) VALUES (OLD.sha256);
                END;
                \(holders)
                """)
    }

    /// The `media` column for a request: the ids of its uploaded attachments, as a JSON array.
    static func mediaColumn(_ request: NotificationRequest) -> String? {
        let ids = Set(request.content.attachments?.compactMap(\.mediaID) ?? [])
        guard !ids.isEmpty else { return nil }
        return "[" + ids.sorted().map { "\"\($0)\"" }.joined(separator: ",") + "]"
    }

    /// Refuses (`attachmentNotInDataStore`) attachments whose media the center's app does not have: a
    /// row must never hold media that is gone.
    static func checkMediaExists(_ request: NotificationRequest, centerID: String, _ db: Database) throws {
        let ids = Set(request.content.attachments?.compactMap(\.mediaID) ?? [])
        if let missing = ids.subtracting(try existingMedia(ids, centerID: centerID, db)).sorted().first {
            throw NotificationError.attachmentNotInDataStore(missing)
        }
    }

    /// Which of `ids` the center's app has.
    static func existingMedia(_ ids: Set<String>, centerID: String, _ db: Database) throws -> Set<String> {
        guard !ids.isEmpty else { return [] }
        return try String.fetchSet(
            db,
            sql: """
                SELECT id FROM media WHERE app_id = (SELECT app_id FROM centers WHERE id = ?)
                AND id IN (\(ids.map { _ in "?" }.joined(separator: ",")))
                """,
            arguments: StatementArguments([centerID] + ids.sorted()))
    }

    package func insertMedia(_ media: MediaRecord, quota: Int, place: @Sendable () throws -> Void) async throws -> MediaRecord {
        try await writer.write { db in
            if let existing = try Row.fetchOne(
                db, sql: "SELECT * FROM media WHERE app_id = ? AND sha256 = ?", arguments: [media.appID, media.sha256])
            {
                return Self.media(existing)
            }
            let used = try Int.fetchOne(db, sql: "SELECT COALESCE(SUM(size), 0) FROM media WHERE app_id = ?", arguments: [media.appID]) ?? 0
            if used + media.size > quota { throw NotificationError.mediaQuotaExceeded(quota: quota, used: used, size: media.size) }
            try db.execute(
                sql: "INSERT INTO media(id, app_id, sha256, uti, mime_type, size, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)",
                arguments: [media.id, media.appID, media.sha256, media.uti, media.mimeType, media.size, Self.milliseconds(media.createdAt)])
            // The same content may be trash from another app's (or an earlier) record: it is in use again.
            try db.execute(sql: "DELETE FROM media_trash WHERE sha256 = ?", arguments: [media.sha256])
            try place()
            return media
        }
    }

    package func media(appID: String, id: String) async throws -> MediaRecord? {
        try await pool.read { db in
            try Row.fetchOne(db, sql: "SELECT * FROM media WHERE app_id = ? AND id = ?", arguments: [appID, id]).map(Self.media)
        }
    }

    package func mediaUsage(appID: String) async throws -> MediaUsage {
        try await pool.read { db in
            let row = try Row.fetchOne(
                db, sql: "SELECT COUNT(*) AS n, COALESCE(SUM(size), 0) AS bytes FROM media WHERE app_id = ?", arguments: [appID])
            return MediaUsage(count: row?["n"] ?? 0, bytes: row?["bytes"] ?? 0)
        }
    }

    package func expireStagedMedia(before date: Date) async throws {
        try await writer.write { db in
            try db.execute(sql: "DELETE FROM media WHERE attached = 0 AND created_at < ?", arguments: [Self.milliseconds(date)])
        }
    }

    package func sweepMediaFiles(remove: @Sendable (String) -> Void) async throws -> Int {
        try await writer.write { db in
            let trash = try String.fetchAll(db, sql: "SELECT sha256 FROM media_trash")
            guard !trash.isEmpty else { return 0 }
            var removed = 0
            for sha256 in trash {
                try db.execute(sql: "DELETE FROM media_trash WHERE sha256 = ?", arguments: [sha256])
                // Uploaded again since: the file stays.
                guard try !(Bool.fetchOne(db, sql: "SELECT 1 FROM media WHERE sha256 = ?", arguments: [sha256]) ?? false) else { continue }
                remove(sha256)
                removed += 1
            }
            return removed
        }
    }

    static func media(_ row: Row) -> MediaRecord {
        MediaRecord(
            id: row["id"], appID: row["app_id"], sha256: row["sha256"], uti: row["uti"], mimeType: row["mime_type"], size: row["size"],
            createdAt: date(row["created_at"]), attached: row["attached"], holds: row["holds"])
    }
}
