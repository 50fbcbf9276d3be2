import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// An exclusive lock on a directory, held by this process until it exits: `flock` on a lock file in it,
/// which holds this process's pid. The kernel drops the lock with the process however it ends (SIGKILL
/// too), so a lock never outlives its holder and a restart takes it at once.
///
/// The data directory holds the SQLite database, the media and the upload spool: a second process on it
/// (a second container on the same volume, a second `make run`) would take over claims the first still
/// holds and empty its spool. With the lock, one process owns the SQLite file, so claims can live in its
/// memory and nothing on disk is held by anyone else.
package final class DirectoryLock: Sendable {
    /// Another process holds the lock.
    package struct Held: Error, CustomStringConvertible {
        package let directory: String
        /// The holder's pid, as it wrote it in the lock file (nil if unreadable).
        package let pid: Int32?

        package var description: String {
            let holder = pid.map { "process \($0)" } ?? "another process"
            return
                "the data directory \(directory) is in use by \(holder) (another usernotifyd): one process owns it, its SQLite database and media; stop that process or give this one another --data-dir"
        }
    }

    /// The lock file's name in the directory.
    package static let fileName = "usernotifyd.lock"

    /// The directory locked.
    package let directory: String
    private let descriptor: Int32

    /// Takes the lock on `directory` (created if missing), or throws `Held` at once if another process
    /// has it.
    package init(directory: String) throws {
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let path = URL(fileURLWithPath: directory).appendingPathComponent(Self.fileName).path
        let descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            throw CocoaError(.fileWriteNoPermission, userInfo: [NSFilePathErrorKey: path, "errno": errno])
        }
        guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
            let failure = errno
            let pid = Self.readPID(descriptor)
            close(descriptor)
            if failure == EWOULDBLOCK { throw Held(directory: directory, pid: pid) }
            throw CocoaError(.fileLocking, userInfo: [NSFilePathErrorKey: path, "errno": failure])
        }
        // The holder's pid, for the message another process gives.
        let text = Array("\(getpid())\n".utf8)
        _ = ftruncate(descriptor, 0)
        _ = text.withUnsafeBytes { pwrite(descriptor, $0.baseAddress, $0.count, 0) }
        self.directory = directory
        self.descriptor = descriptor
    }

    deinit {
        // Closing the last descriptor of the open file drops the lock.
        close(descriptor)
    }

    private static func readPID(_ descriptor: Int32) -> Int32? {
        var buffer = [UInt8](repeating: 0, count: 32)
        let count = buffer.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, $0.count, 0) }
        guard count > 0 else { return nil }
        return Int32(String(decoding: buffer[..<count], as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines))
    }
}
