import Foundation
import Testing
import UserNotifyServer

#if canImport(Glibc)
    import Glibc
#endif

/// The data directory's lock, and what the start says when the directory cannot be used.
@Suite struct DirectoryLockTests {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("lock-\(UUID().uuidString)").path

    @Test func aMissingDirectoryIsMadeWithTheOnesAboveItAndLockedOnce() throws {
        let directory = root + "/a/b/data"
        let lock = try DirectoryLock(directory: directory)
        #expect(FileManager.default.fileExists(atPath: directory + "/" + DirectoryLock.fileName))
        #expect(throws: DirectoryLock.Held.self) { _ = try DirectoryLock(directory: directory) }
        withExtendedLifetime(lock) {}
    }

    @Test func aDirectoryUnderAFileSaysWhichPathIsNotADirectory() throws {
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        _ = FileManager.default.createFile(atPath: root + "/file", contents: Data())
        let error = try #require(throws: DirectoryLock.Unusable.self) { _ = try DirectoryLock(directory: root + "/file/data") }
        #expect(error.errno == ENOTDIR)
        #expect(error.description == "the data directory cannot be used: \(root)/file: Not a directory; give another --data-dir")
    }

    /// A refused permission names the directory's owner and this process's user, and what to change. (The
    /// refusal itself cannot be made here when the tests run as root, whom permissions do not stop.)
    @Test func aRefusedPermissionSaysWhoOwnsTheDirectoryAndWhoAsks() throws {
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        chmod(root, 0o750)
        let refusal = DirectoryLock.Unusable(path: root + "/usernotifyd.lock", directory: root, errno: EACCES)
        let user = geteuid()
        #expect(
            refusal.description
                == "the data directory cannot be used: \(root)/usernotifyd.lock: Permission denied; \(root) belongs to uid \(user) (mode 750) and this process runs as uid \(user): make it writable by uid \(user) (for a container's volume, chown it to \(user) or run the container as its owner), or give another --data-dir"
        )
        let readOnly = DirectoryLock.Unusable(path: root + "/usernotifyd.lock", directory: root, errno: EROFS)
        #expect(readOnly.description.hasSuffix("Read-only file system; mount the volume read-write, or give another --data-dir"))
    }
}
