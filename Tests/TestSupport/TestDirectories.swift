import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Directories that test servers keep for their whole test (a restart reuses one), under one root per
/// test process. Nothing removes them while the process runs; the first use in a later run removes the
/// roots of runs whose process is gone, so a machine keeps at most the last run's.
package enum TestDirectories {
    private static let prefix = "usernotifyd-tests-"

    private static let root: String = {
        let temporary = FileManager.default.temporaryDirectory.path
        for name in (try? FileManager.default.contentsOfDirectory(atPath: temporary)) ?? [] where name.hasPrefix(prefix) {
            guard let pid = Int32(name.dropFirst(prefix.count)), pid != getpid(), kill(pid, 0) != 0, errno == ESRCH else { continue }
            try? FileManager.default.removeItem(atPath: "\(temporary)/\(name)")
        }
        let root = "\(temporary)/\(prefix)\(getpid())"
        try? FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        return root
    }()

    /// A new directory's path (not made: the server makes it), named `name-…`.
    package static func unique(_ name: String) -> String {
        "\(root)/\(name)-\(UUID().uuidString)"
    }
}
