import Foundation

/// An executable of this package run as a child process, for tests of what only a real process shows:
/// the start-up log line, signals, the exit status.
package final class ServerProcess: @unchecked Sendable {
    package let process = Process()
    private let output = Pipe()
    private var lines: [String] = []
    private let lock = NSLock()

    /// Starts `product` (built next to the test bundle) with `arguments` and extra `environment`.
    package init(product: String, arguments: [String] = [], environment: [String: String] = [:]) throws {
        process.executableURL = Self.productsDirectory.appendingPathComponent(product)
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { _, new in new }
        process.standardOutput = output
        process.standardError = output
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

    /// Reads output lines until one contains `needle`; returns it (nil at end of output).
    package func waitForLine(containing needle: String) async throws -> String? {
        let handle = output.fileHandleForReading
        return try await onOwnThread {
            var pending = Data()
            while true {
                if let newline = pending.firstIndex(of: 0x0A) {
                    let line = String(decoding: pending[pending.startIndex..<newline], as: UTF8.self)
                    pending = Data(pending[pending.index(after: newline)...])
                    self.lock.withLock { self.lines.append(line) }
                    if line.contains(needle) { return line }
                    continue
                }
                let chunk = handle.availableData
                if chunk.isEmpty { return nil }
                pending.append(chunk)
            }
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
        _ = try await waitForLine(containing: "\u{0}never\u{0}")
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
