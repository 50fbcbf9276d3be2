import Crypto
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Media files on disk, content-addressed: `<root>/<first two hex digits>/<sha256>`. New files arrive in
/// `<root>/incoming` (the HTTP server spools uploads there; downloads land there), on the same file system,
/// so keeping one is a `rename(2)`.
package struct MediaFileStore: Sendable {
    package let root: String
    package var incoming: String { root + "/incoming" }

    package init(root: String) throws {
        self.root = root
        try FileManager.default.createDirectory(atPath: root + "/incoming", withIntermediateDirectories: true)
    }

    /// Creates `<root>/incoming` or empties it (at start-up: files half-written before a crash); returns it.
    package static func emptyIncoming(root: String) throws -> String {
        let incoming = root + "/incoming"
        try? FileManager.default.removeItem(atPath: incoming)
        try FileManager.default.createDirectory(atPath: incoming, withIntermediateDirectories: true)
        return incoming
    }

    package func path(of sha256: String) -> String { Self.path(of: sha256, root: root) }

    /// Where the file with this SHA-256 is in the store at `root`.
    package static func path(of sha256: String, root: String) -> String {
        "\(root)/\(sha256.prefix(2))/\(sha256)"
    }

    /// A fresh name in `incoming` for a file about to be written.
    package func incomingPath() -> String {
        incoming + "/fetch-" + UUID().uuidString.lowercased()
    }

    /// What sniffing and addressing a new file need, read in one pass: its head and tail, its SHA-256.
    /// Also flushes the file to disk, so a file moved into the store is durable with its record.
    package func examine(_ path: String) throws -> (head: [UInt8], tail: [UInt8], size: Int, sha256: String) {
        guard let handle = FileHandle(forUpdatingAtPath: path) else { throw CocoaError(.fileReadNoSuchFile) }
        defer { try? handle.close() }
        var hasher = SHA256()
        var head: [UInt8] = []
        var tail: [UInt8] = []
        var size = 0
        while let chunk = try handle.read(upToCount: 1 << 20), !chunk.isEmpty {
            hasher.update(data: chunk)
            if head.count < MediaSniffer.headBytes { head += chunk.prefix(MediaSniffer.headBytes - head.count) }
            tail = Array((tail + chunk.suffix(MediaSniffer.tailBytes)).suffix(MediaSniffer.tailBytes))
            size += chunk.count
        }
        try handle.synchronize()
        let sha256 = hasher.finalize().map { String(format: "%02x", $0) }.joined()
        return (head, tail, size, sha256)
    }

    /// Moves a new file to its content address (called inside the store's transaction: quick).
    package func place(_ path: String, sha256: String) throws {
        let target = self.path(of: sha256)
        try FileManager.default.createDirectory(atPath: (target as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        guard rename(path, target) == 0 else { throw CocoaError(.fileWriteUnknown) }
    }

    /// Makes renames in the file's directory durable.
    package func syncDirectory(of sha256: String) {
        let directory = open((path(of: sha256) as NSString).deletingLastPathComponent, O_RDONLY | O_CLOEXEC)
        guard directory >= 0 else { return }
        fsync(directory)
        close(directory)
    }

    /// Removes the file of a content address (anything that is not one — 64 lowercase hex digits — names
    /// no file here).
    package func remove(_ sha256: String) {
        guard sha256.utf8.count == 64, sha256.utf8.allSatisfy({ (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }) else { return }
        unlink(path(of: sha256))
    }

    /// The content addresses of the files kept, with when each was last changed.
    package func storedFiles() -> [(sha256: String, modified: Date)] {
        let manager = FileManager.default
        var files: [(String, Date)] = []
        for directory in (try? manager.contentsOfDirectory(atPath: root)) ?? [] where directory.count == 2 {
            for name in (try? manager.contentsOfDirectory(atPath: "\(root)/\(directory)")) ?? [] where name.count == 64 {
                let modified = (try? manager.attributesOfItem(atPath: "\(root)/\(directory)/\(name)")[.modificationDate] as? Date) ?? Date()
                files.append((name, modified))
            }
        }
        return files
    }

    /// Opens the file for reading; the caller owns the descriptor.
    package func openForReading(_ sha256: String) -> Int32? {
        let descriptor = open(path(of: sha256), O_RDONLY | O_CLOEXEC)
        return descriptor >= 0 ? descriptor : nil
    }
}
