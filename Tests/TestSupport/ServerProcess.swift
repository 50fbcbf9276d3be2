import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// An executable of this package run as a child process, for tests of what only a real process shows:
/// the start-up log line, signals, the exit status.
package final class ServerProcess: @unchecked Sendable {
    package let process = Process()
    private let output: FileHandle
    private var lines: [String] = []
    private let lock = NSLock()

    /// Starts `product` (built next to the test bundle) with `arguments` and extra `environment`.
    package convenience init(product: String, arguments: [String] = [], environment: [String: String] = [:]) throws {
        try self.init(executable: Self.productsDirectory.appendingPathComponent(product), arguments: arguments, environment: environment)
    }

    /// Starts any executable (a Python fixture, say) the same way.
    package init(executable: URL, arguments: [String] = [], environment: [String: String] = [:]) throws {
        process.executableURL = executable
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { _, new in new }
        // A channel whose ends are close-on-exec from birth, so that no other child started meanwhile (tests run in
        // parallel) inherits the write end and keeps it open after this process has gone: reading to the
        // end of the output would then never end. The child gets it as its stdout through dup2.
        var ends: [Int32] = [0, 0]
        guard socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &ends) == 0 else {
            throw LoopbackConnection.Failure("socketpair failed: errno \(errno)")
        }
        output = FileHandle(fileDescriptor: ends[0], closeOnDealloc: true)
        let writeEnd = FileHandle(fileDescriptor: ends[1], closeOnDealloc: false)
        process.standardOutput = writeEnd
        process.standardError = writeEnd
        defer { close(ends[1]) }
        try process.run()
    }

    /// The folder that holds the package's built products.
    package static var productsDirectory: URL {
        var url = Bundle.main.bundleURL
        while url.path != "/" {
            if FileManager.default.fileExists(atPath: url.appendingPathComponent("usernotifyd").path) { return url }
            url = url.deletingLastPathComponent()
        }
        for candidate in CommandLine.arguments.prefix(1) {
            return URL(fileURLWithPath: candidate).deletingLastPathComponent()
        }
        return URL(fileURLWithPath: ".build/debug")
    }

    /// The package's root folder (where Package.swift is).
    package static var packageRoot: URL {
        var url = productsDirectory
        while url.path != "/" {
            if FileManager.default.fileExists(atPath: url.appendingPathComponent("Package.swift").path) { return url }
            url = url.deletingLastPathComponent()
        }
        return URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
    }

    /// The first output line, seen so far or still to come, that contains `needle` (nil at the end of
    /// the output). Lines already read by an earlier wait count too, whatever order they came in.
    package func waitForLine(containing needle: String) async throws -> String? {
        if let seen = lock.withLock({ lines.first { $0.contains(needle) } }) { return seen }
        let handle = output
        return try await onOwnThread {
            while true {
                if let line = self.nextLine(from: handle) {
                    if line.contains(needle) { return line }
                } else {
                    return nil
                }
            }
        }
    }

    private var pending = Data()

    /// The next complete output line, recorded; nil at the end of the output.
    private func nextLine(from handle: FileHandle) -> String? {
        while true {
            if let newline = pending.firstIndex(of: 0x0A) {
                let line = String(decoding: pending[pending.startIndex..<newline], as: UTF8.self)
                pending = Data(pending[pending.index(after: newline)...])
                lock.withLock { lines.append(line) }
                return line
            }
            let chunk = handle.availableData
            if chunk.isEmpty { return nil }
            pending.append(chunk)
        }
    }

    /// Waits for the port in the start-up log line (`"http.port":"N"`).
    package func waitForPort() async throws -> Int {
        guard let line = try await waitForLine(containing: "\"listening\""),
            let range = line.range(of: #""http.port":"(\d+)""#, options: .regularExpression)
        else { throw LoopbackConnection.Failure("the server printed no listening line; output: \(outputSoFar)") }
        return Int(line[range].filter(\.isNumber))!
    }

    /// Every output line, read until the process closes its output (exits or is killed).
    package func allOutputLines() async throws -> [String] {
        let handle = output
        try await onOwnThread { while self.nextLine(from: handle) != nil {} }
        return lock.withLock { lines }
    }

    package var outputSoFar: String { lock.withLock { lines.joined(separator: "\n") } }

    package func signal(_ signal: Int32) { kill(process.processIdentifier, signal) }

    /// Waits for the process to exit (killing it after `timeout` seconds) and returns its status.
    package func waitForExit(timeout: Double = 20) async throws -> Int32 {
        let process = process
        return try await onOwnThread {
            let deadline = Date().addingTimeInterval(timeout)
            while process.isRunning, Date() < deadline { usleep(10_000) }
            if process.isRunning {
                kill(process.processIdentifier, SIGKILL)
                process.waitUntilExit()
                return -1
            }
            return process.terminationStatus
        }
    }

    deinit {
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
    }
}
