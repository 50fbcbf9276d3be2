import ErrorCodes
import Foundation
import Logging
import NotificationCore
import Storage

/// The app's media data store: takes uploads and fetched URLs in (type from content, the framework's caps,
/// the app's quota, content-addressed files), resolves the attachments of a request to stored media, and
/// removes files nothing holds any more.
package final class MediaLibrary: Sendable {
    package let files: MediaFileStore
    private let store: any MediaStore
    private let fetcher: (any RemoteMediaFetcher)?
    /// Bytes of media one app may keep.
    package let quota: Int
    /// How long an upload may wait to be attached before it is dropped.
    private let stagedLifetime: Duration
    private let logger: Logger

    package init(
        files: MediaFileStore, store: any MediaStore, fetcher: (any RemoteMediaFetcher)?, quota: Int,
        stagedLifetime: Duration = .seconds(24 * 3600), logger: Logger = Logger(label: "usernotifyd.media")
    ) {
        self.files = files
        self.store = store
        self.fetcher = fetcher
        self.quota = quota
        self.stagedLifetime = stagedLifetime
        self.logger = logger
    }

    /// Takes a new file (at `path`, in `files.incoming`) into the app's store: sniffs its type, checks the
    /// cap of its kind, the `typeHint` and the quota, and moves it to its content address. The same
    /// content again is the same media (`created` false). The file at `path` is moved away or left for the
    /// caller to delete.
    package func ingest(appID: String, path: String, typeHint: String?, at now: Date) async throws -> (media: MediaRecord, created: Bool) {
        let examined: (head: [UInt8], tail: [UInt8], size: Int, sha256: String)
        do {
            examined = try files.examine(path)
        } catch {
            throw NotificationError(
                code: .attachmentMoveIntoDataStoreFailed, kind: .invalid, message: "The file could not be read back: \(error).")
        }
        let type = try Self.type(of: examined, typeHint: typeHint)
        let record = MediaRecord(
            id: "med_" + UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased(), appID: appID, sha256: examined.sha256,
            uti: type.uti, mimeType: type.mimeType, size: examined.size, createdAt: now)
        let files = files
        let stored = try await store.insertMedia(record, quota: quota, file: path) { try files.place(path, sha256: examined.sha256) }
        files.syncDirectory(of: examined.sha256)
        return (stored, stored.id == record.id)
    }

    /// The supported type of the content, checked against its kind's cap and the hint.
    static func type(of file: (head: [UInt8], tail: [UInt8], size: Int, sha256: String), typeHint: String?) throws(NotificationError)
        -> MediaType
    {
        let supported = "JPEG, PNG, GIF, HEIC images; AIFF, WAV, MP3, M4A audio; MPEG, MPEG-2, MP4, AVI video"
        guard file.size > 0 else { throw .init(code: .attachmentUnrecognizedType, kind: .unsupportedType, message: "The file is empty.") }
        let type: MediaType
        switch MediaSniffer.detect(head: file.head, tail: file.tail, size: file.size) {
        case .unrecognized:
            throw .init(
                code: .attachmentUnrecognizedType, kind: .unsupportedType,
                message: "The content is not a supported media type (decided from the bytes, not the name or header): \(supported).")
        case .corrupt(let type, let reason):
            throw .init(code: .attachmentCorrupt, kind: .invalid, message: "The file looks like \(type.uti) but is corrupt: \(reason).")
        case .recognized(let recognized):
            type = recognized
        }
        guard file.size <= type.kind.maxBytes else {
            throw .init(
                code: .attachmentInvalidFileSize, kind: .tooLarge,
                message:
                    "The \(type.kind.rawValue) is \(file.size) bytes; the limit for \(type.kind.rawValue) is \(type.kind.maxBytes) bytes.")
        }
        if let typeHint {
            guard let hinted = MediaType.named(typeHint) else {
                throw .init(
                    code: .attachmentUnrecognizedType, kind: .unsupportedType,
                    message: "typeHint '\(typeHint)' is not a supported type; use one of \(Set(MediaType.all.map(\.uti)).sorted()).")
            }
            guard hinted.uti == type.uti else {
                throw .init(
                    code: .attachmentUnrecognizedType, kind: .unsupportedType,
                    message: "typeHint says \(hinted.uti) but the content is \(type.uti); fix the hint or leave it out.")
            }
        }
        return type
    }

    /// Fetches `url` (through the SSRF guard) and takes it in like an upload.
    package func fetch(appID: String, url: String, typeHint: String?, at now: Date) async throws -> MediaRecord {
        guard let fetcher else {
            throw NotificationError(code: .attachmentInvalidURL, kind: .invalid, message: "Fetching attachment URLs is not enabled.")
        }
        let path = files.incomingPath()
        defer { unlink(path) }
        try await fetcher.fetch(url, to: path, maxBytes: MediaKind.largestBytes)
        return try await ingest(appID: appID, path: path, typeHint: typeHint, at: now).media
    }

    /// The attachments of content an app adds (or a service extension returns), resolved to stored media:
    /// uploads must be in the app's store, URLs are fetched into it; each gets its `type`, `contentType`
    /// and `size`, and an identifier if it had none.
    package func resolve(_ content: NotificationContent, appID: String, at now: Date) async throws -> NotificationContent {
        guard let attachments = content.attachments, !attachments.isEmpty else { return content }
        var content = content
        var resolved: [AttachmentReference] = []
        for var attachment in attachments {
            let media: MediaRecord
            if let mediaID = attachment.mediaID {
                guard let found = try await store.media(appID: appID, id: mediaID) else {
                    throw NotificationError.attachmentNotInDataStore(mediaID)
                }
                if let hint = attachment.typeHint, hint != found.uti {
                    throw NotificationError(
                        code: .attachmentUnrecognizedType, kind: .unsupportedType,
                        message: "typeHint says \(hint) but media '\(mediaID)' is \(found.uti); fix the hint or leave it out.")
                }
                media = found
            } else if let url = attachment.url {
                media = try await fetch(appID: appID, url: url, typeHint: attachment.typeHint, at: now)
            } else {
                continue
            }
            if attachment.identifier.isEmpty { attachment.identifier = UUID().uuidString }
            // Fetched once, the attachment is the stored media; the URL is not fetched again.
            attachment.mediaID = media.id
            attachment.url = nil
            attachment.type = media.uti
            attachment.contentType = media.mimeType
            attachment.size = media.size
            resolved.append(attachment)
        }
        content.attachments = resolved
        return content
    }

    /// Opens the media's file for reading (the caller owns the descriptor). A replica that does not have
    /// it yet fetches it from the store first (PostgreSQL keeps the bytes for every replica).
    package func open(_ media: MediaRecord) async throws -> Int32? {
        if let descriptor = files.openForReading(media.sha256) { return descriptor }
        let path = files.path(of: media.sha256)
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        guard try await store.materialize(sha256: media.sha256, into: path) else { return nil }
        return files.openForReading(media.sha256)
    }

    package func media(appID: String, id: String) async throws -> MediaRecord? {
        try await store.media(appID: appID, id: id)
    }

    package func usage(appID: String) async throws -> MediaUsage {
        try await store.mediaUsage(appID: appID)
    }

    /// Removes the files whose last record went (called after removals, and periodically).
    package func sweep() async {
        let files = files
        do {
            let removed = try await store.sweepMediaFiles { files.remove($0) }
            if removed > 0 { logger.debug("media files removed", metadata: ["count": "\(removed)"]) }
        } catch {
            logger.error("media sweep failed", metadata: ["error": "\(error)"])
        }
    }

    /// Removes kept files no media record has any more (another replica's sweep let them go, or a crash
    /// came between a record's removal and its file's). Files newer than an hour are left alone: their
    /// record may be committing.
    func pruneFiles() async {
        let old = files.storedFiles().filter { $0.modified < Date().addingTimeInterval(-3600) }.map(\.sha256)
        for batch in stride(from: 0, to: old.count, by: 500).map({ Array(old[$0..<min(old.count, $0 + 500)]) }) {
            guard let known = try? await store.knownMedia(batch) else { return }
            for sha256 in batch where !known.contains(sha256) { files.remove(sha256) }
        }
    }

    /// Every `interval` until cancelled: drops uploads never attached within their lifetime, removes
    /// unreferenced files (a delivered notification replaced at fire time lets go of its media).
    package func run(every interval: Duration = .seconds(60), now: @Sendable () -> Date = Date.init) async {
        while !Task.isCancelled {
            let lifetime = Double(stagedLifetime.components.seconds)
            try? await store.expireStagedMedia(before: now().addingTimeInterval(-lifetime))
            await sweep()
            await pruneFiles()
            try? await Task.sleep(for: interval)
        }
    }
}
