import Foundation

/// Durable media records. Files and rows must agree, and several writers may race (an upload of content
/// whose last holder is being removed): so the store runs the file operation *inside* its write
/// transaction, which serializes them — `place` moves a new file into the data directory, `remove`
/// deletes one no row refers to any more. Both are quick (`rename`, `unlink`).
package protocol MediaStore: Sendable {
    /// Records an upload whose content is the file at `file`. The same content uploaded again by the
    /// same app is the same record (returned, `place` not called). Refuses with
    /// `attachmentMoveIntoDataStoreFailed` when the app's media would pass `quota` bytes. A store that
    /// keeps the bytes itself (PostgreSQL, shared by replicas) copies them from `file` in the transaction.
    func insertMedia(_ media: MediaRecord, quota: Int, file: String, place: @escaping @Sendable () throws -> Void) async throws
        -> MediaRecord
    /// Writes the content `sha256` to `path` when the store keeps the bytes (a replica fetching what
    /// another took in); false when it does not have them (SQLite: the file in the data directory is the
    /// content).
    func materialize(sha256: String, into path: String) async throws -> Bool
    /// Which of these content addresses some media record still has (what a replica's cache may keep).
    func knownMedia(_ sha256s: [String]) async throws -> Set<String>
    /// The app's media, with how many holders it has now; nil if the app has none with this id.
    func media(appID: String, id: String) async throws -> MediaRecord?
    /// What the app's media take up.
    func mediaUsage(appID: String) async throws -> MediaUsage
    /// Drops staged uploads older than `date` that nothing attached.
    func expireStagedMedia(before date: Date) async throws
    /// Drops attached media no pending request or delivered notification holds any more, then removes
    /// the files no media record refers to (a holder removed, an upload expired, an app deleted), calling
    /// `remove` with each content address inside the transaction; returns how many files went.
    func sweepMediaFiles(remove: @escaping @Sendable (String) -> Void) async throws -> Int
}
