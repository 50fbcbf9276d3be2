import NotificationCore
import Storage
import Synchronization

/// `getPendingNotificationRequests` pages as the JSON bytes last sent, per center, cursor and limit,
/// valid while the center's version (`StoreCache`) has not moved on. A hit skips the database, the
/// decoding of every stored request and the encoding of the page.
final class PendingPageCache: Sendable {
    private struct Entry {
        var version: UInt64
        var bytes: [UInt8]
    }

    struct Key: Hashable {
        var center: CenterKey
        var cursor: String?
        var limit: Int
    }

    private static let capacity = 10_000
    private let entries = Mutex<[Key: Entry]>([:])

    func bytes(for key: Key, version: UInt64) -> [UInt8]? {
        entries.withLock { entries in
            guard let entry = entries[key], entry.version == version else { return nil }
            return entry.bytes
        }
    }

    /// Keeps bytes built from a read that started at `version` (read *before* the database was).
    func store(_ bytes: [UInt8], for key: Key, version: UInt64) {
        entries.withLock { entries in
            if entries.count >= Self.capacity { entries.removeAll(keepingCapacity: true) }
            entries[key] = Entry(version: version, bytes: bytes)
        }
    }
}
