import Foundation

/// The files this process has open under `directory` (Linux's /proc): what a closed store or a stopped
/// server must have let go.
package func openFiles(under directory: String) -> [String] {
    let descriptors = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
    return descriptors.compactMap { try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/\($0)") }
        .filter { $0.hasPrefix(directory) }
}
