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

    /// The directory cannot be made, or its lock file written: what the system said, and for a refused
    /// permission, who owns the directory and who this process runs as (a container's volume made by
    /// root, mounted into an image that runs as another user, is the usual cause).
    package struct Unusable: Error, CustomStringConvertible {
        /// The path the system refused.
        package let path: String
        /// The directory whose permissions decide (the path's parent when making it failed).
        package let directory: String
        package let errno: Int32

        package init(path: String, directory: String, errno: Int32) {
            self.path = path
            self.directory = directory
            self.errno = errno
        }

        package var description: String {
            let reason = String(cString: strerror(errno))
            var text = "the data directory cannot be used: \(path): \(reason)"
            switch errno {
            case EACCES, EPERM:
                var info = stat()
                let owner =
                    stat(directory, &info) == 0
                    ? "belongs to uid \(info.st_uid) (mode \(String(info.st_mode & 0o7777, radix: 8)))" : "is not readable"
                let user = geteuid()
                text +=
                    "; \(directory) \(owner) and this process runs as uid \(user): make it writable by uid \(user) (for a container's volume, chown it to \(user) or run the container as its owner), or give another --data-dir"
            case EROFS:
                text += "; mount the volume read-write, or give another --data-dir"
            default:
                text += "; give another --data-dir"
            }
            return text
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
        try Self.make(directory)
        let path = URL(fileURLWithPath: directory).appendingPathComponent(Self.fileName).path
        let descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw Unusable(path: path, directory: directory, errno: errno) }
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

    /// Makes `directory` and the directories above it that are missing (`mkdir -p`).
    private static func make(_ directory: String) throws {
        let url = URL(fileURLWithPath: directory).standardizedFileURL
        var made = URL(fileURLWithPath: "/")
        for component in url.pathComponents.dropFirst() {
            let parent = made
            made.appendPathComponent(component)
            guard mkdir(made.path, 0o755) != 0 else { continue }
            let failure = errno
            var info = stat()
            // There already: a directory is fine, anything else is refused as mkdir would.
            if failure == EEXIST, stat(made.path, &info) == 0, info.st_mode & S_IFMT == S_IFDIR { continue }
            throw Unusable(path: made.path, directory: parent.path, errno: failure == EEXIST ? ENOTDIR : failure)
        }
    }

    private static func readPID(_ descriptor: Int32) -> Int32? {
        var buffer = [UInt8](repeating: 0, count: 32)
        let count = buffer.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, $0.count, 0) }
        guard count > 0 else { return nil }
        return Int32(String(decoding: buffer[..<count], as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines))
    }
}
