import Foundation
import GRDB
import NotificationCore
import Storage

/// What holds media: a pending request or a delivered notification (the table it lives in).
enum MediaHolder: String, Sendable {
    case pending, delivered
}

extension SQLiteStore: MediaStore {
    /// The ids of a request's uploaded attachments.
    static func mediaIDs(of request: NotificationRequest) -> Set<String> {
        Set(request.content.attachments?.compactMap(\.mediaID) ?? [])
    }

    /// Refuses (`attachmentNotInDataStore`) media the app does not have: a row must never hold media
    /// that is gone.
    static func checkMediaExists(_ ids: Set<String>, appID: String, _ db: Database) throws {
        if let missing = ids.subtracting(try existingMedia(ids, appID: appID, db)).sorted().first {
            throw NotificationError.attachmentNotInDataStore(missing)
        }
    }

    /// Which of `ids` the app has.
    static func existingMedia(_ ids: Set<String>, appID: String, _ db: Database) throws -> Set<String> {
        guard !ids.isEmpty else { return [] }
        return try String.fetchSet(
            db, sql: "SELECT id FROM media WHERE app_id = ? AND id IN (\(ids.map { _ in "?" }.joined(separator: ",")))",
            arguments: StatementArguments([appID] + ids.sorted()))
    }

    /// Makes `media` the media one holder holds (in place of what it held before); attached media live
    /// as long as something holds them.
    static func setHolds(_ key: CenterKey, holder: MediaHolder, identifier: String, media: Set<String>, _ db: Database) throws {
        try releaseHolds(key, holder: holder, identifiers: [identifier], db)
        guard !media.isEmpty else { return }
        let hold = try db.cachedStatement(
            sql: "INSERT INTO media_holds(app_id, center_id, holder, identifier, media_id) VALUES (?, ?, ?, ?, ?)")
        let attach = try db.cachedStatement(sql: "UPDATE media SET attached = 1 WHERE app_id = ? AND id = ?")
        for id in media.sorted() {
            try hold.execute(arguments: [key.appID, key.centerID, holder.rawValue, identifier, id])
            try attach.execute(arguments: [key.appID, id])
        }
    }

    /// A broadcast holds the media its request names from when it is made (refusing media the app does
    /// not have) while it is active: a member's firing may come days later, long after an upload that
    /// nothing held would have expired. Each member's delivered notification holds them from its firing.
    static func holdMedia(of record: BroadcastRecord, _ db: Database) throws {
        let media = mediaIDs(of: record.broadcast.request)
        guard !media.isEmpty else { return }
        try checkMediaExists(media, appID: record.appID, db)
        let hold = try db.cachedStatement(sql: "INSERT INTO broadcast_media(app_id, broadcast_id, media_id) VALUES (?, ?, ?)")
        let attach = try db.cachedStatement(sql: "UPDATE media SET attached = 1 WHERE app_id = ? AND id = ?")
        for id in media.sorted() {
            try hold.execute(arguments: [record.appID, record.broadcast.id, id])
            try attach.execute(arguments: [record.appID, id])
        }
    }

    /// The broadcasts that hold a media row `media` of the outer query: the active ones that name it.
    private static let broadcastHolds = """
        broadcast_media bm JOIN broadcasts b ON b.app_id = bm.app_id AND b.id = bm.broadcast_id
        WHERE bm.app_id = media.app_id AND bm.media_id = media.id AND b.status IN ('scheduled', 'firing')
        """

    /// Lets go of what the named holders held; media nobody holds any more go at the next sweep.
    ///
    /// Most holders hold nothing, so each is looked at first: SQLite runs this DELETE through a temporary
    /// b-tree (allocated and faulted in anew each time), which cost an add more than its own insert.
    static func releaseHolds(_ key: CenterKey, holder: MediaHolder, identifiers: [String], _ db: Database) throws {
        let holds = try db.cachedStatement(
            sql: "SELECT EXISTS (SELECT 1 FROM media_holds WHERE app_id = ? AND center_id = ? AND holder = ? AND identifier = ?)")
        let release = try db.cachedStatement(
            sql: "DELETE FROM media_holds WHERE app_id = ? AND center_id = ? AND holder = ? AND identifier = ?")
        for identifier in identifiers {
            let arguments: StatementArguments = [key.appID, key.centerID, holder.rawValue, identifier]
            if try Bool.fetchOne(holds, arguments: arguments) == true { try release.execute(arguments: arguments) }
        }
    }

    package func insertMedia(_ media: MediaRecord, quota: Int, file: String, place: @escaping @Sendable () throws -> Void) async throws
        -> MediaRecord
    {
        try await write { db, _ in
            if let existing = try Row.fetchOne(
                db, sql: "\(Self.mediaSelect) WHERE media.app_id = ? AND media.sha256 = ?", arguments: [media.appID, media.sha256])
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

    /// Media rows with their number of holders: requests, notifications and active broadcasts.
    private static let mediaSelect = """
        SELECT media.*, (SELECT COUNT(*) FROM media_holds h WHERE h.app_id = media.app_id AND h.media_id = media.id)
            + (SELECT COUNT(*) FROM \(broadcastHolds)) AS holds FROM media
        """

    package func media(appID: String, id: String) async throws -> MediaRecord? {
        try await read { db in
            try Row.fetchOne(db, sql: "\(Self.mediaSelect) WHERE media.app_id = ? AND media.id = ?", arguments: [appID, id]).map(Self.media)
        }
    }

    package func mediaUsage(appID: String) async throws -> MediaUsage {
        try await read { db in
            let row = try Row.fetchOne(
                db, sql: "SELECT COUNT(*) AS n, COALESCE(SUM(size), 0) AS bytes FROM media WHERE app_id = ?", arguments: [appID])
            return MediaUsage(count: row?["n"] ?? 0, bytes: row?["bytes"] ?? 0)
        }
    }

    package func expireStagedMedia(before date: Date) async throws {
        try await write { db, _ in
            let gone = try String.fetchAll(
                db, sql: "DELETE FROM media WHERE attached = 0 AND created_at < ? RETURNING sha256", arguments: [Self.milliseconds(date)])
            try Self.trash(gone, db)
        }
    }

    package func sweepMediaFiles(remove: @escaping @Sendable (String) -> Void) async throws -> Int {
        try await write { db, effects in
            // Attached media that nothing holds any more: their last holder went.
            let unheld = try String.fetchAll(
                db,
                sql: """
                    DELETE FROM media WHERE attached = 1
                    AND NOT EXISTS (SELECT 1 FROM media_holds h WHERE h.app_id = media.app_id AND h.media_id = media.id)
                    AND NOT EXISTS (SELECT 1 FROM \(Self.broadcastHolds))
                    RETURNING sha256
                    """)
            try Self.trash(unheld, db)
            let trash = try String.fetchAll(db, sql: "SELECT sha256 FROM media_trash")
            var removed: [String] = []
            for sha256 in trash {
                try db.execute(sql: "DELETE FROM media_trash WHERE sha256 = ?", arguments: [sha256])
                // Uploaded again since (by this app or another): the file stays.
                guard try !(Bool.fetchOne(db, sql: "SELECT 1 FROM media WHERE sha256 = ?", arguments: [sha256]) ?? false) else { continue }
                remove(sha256)
                removed.append(sha256)
            }
            if !removed.isEmpty { effects.announce(.mediaRemoved(removed)) }
            return removed.count
        }
    }

    /// The file in the data directory is the content: there is nothing else to fetch it from.
    package func materialize(sha256: String, into path: String) async throws -> Bool { false }

    package func knownMedia(_ sha256s: [String]) async throws -> Set<String> {
        guard !sha256s.isEmpty else { return [] }
        return try await read { db in
            try String.fetchSet(
                db, sql: "SELECT DISTINCT sha256 FROM media WHERE sha256 IN (\(sha256s.map { _ in "?" }.joined(separator: ",")))",
                arguments: StatementArguments(sha256s))
        }
    }

    /// Queues the files of media rows that went, for the next sweep.
    static func trash(_ sha256s: [String], _ db: Database) throws {
        let insert = try db.cachedStatement(sql: "INSERT OR IGNORE INTO media_trash(sha256) VALUES (?)")
        for sha256 in Set(sha256s) { try insert.execute(arguments: [sha256]) }
    }

    static func media(_ row: Row) -> MediaRecord {
        MediaRecord(
            id: row["id"], appID: row["app_id"], sha256: row["sha256"], uti: row["uti"], mimeType: row["mime_type"], size: row["size"],
            createdAt: date(row["created_at"]), attached: row["attached"], holds: row["holds"] ?? 0)
    }
}
