import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// An executable of this package run as a child process, for tests of what only a real process shows:
/// the start-up log line, signals, the exit status. Its output is read as it comes, on a thread of its
/// own, so that a chatty child never blocks on a full pipe.
package final class ServerProcess: @unchecked Sendable {
    package let process = Process()
    private let output = Output()

    /// The lines read so far, and whether the output ended. The reading thread holds only this (not the
    /// process, whose deinit kills the child: only then does the output end).
    private final class Output: @unchecked Sendable {
        /// Guarded by `condition`.
        var lines: [String] = []
        var ended = false
        let condition = NSCondition()

        /// Reads `handle` to its end, line by line.
        func read(_ handle: FileHandle) {
            var pending = Data()
            while true {
                let chunk = handle.availableData
                if chunk.isEmpty { break }
                pending.append(chunk)
                var complete: [String] = []
                while let newline = pending.firstIndex(of: 0x0A) {
                    complete.append(String(decoding: pending[pending.startIndex..<newline], as: UTF8.self))
                    pending = Data(pending[pending.index(after: newline)...])
                }
                guard !complete.isEmpty else { continue }
                condition.withLock {
                    lines += complete
                    condition.broadcast()
                }
            }
            condition.withLock {
                if !pending.isEmpty { lines.append(String(decoding: pending, as: UTF8.self)) }
                ended = true
                condition.broadcast()
            }
        }
    }

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
        let handle = FileHandle(fileDescriptor: ends[0], closeOnDealloc: true)
        let writeEnd = FileHandle(fileDescriptor: ends[1], closeOnDealloc: false)
        process.standardOutput = writeEnd
        process.standardError = writeEnd
        defer { close(ends[1]) }
        try process.run()
        let reader = Thread { [output] in output.read(handle) }
        reader.stackSize = 1 << 20
        reader.start()
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
    /// the output).
    package func waitForLine(containing needle: String) async throws -> String? {
        let output = output
        return try await onOwnThread {
            output.condition.withLock {
                var checked = 0
                while true {
                    if let line = output.lines[checked...].first(where: { $0.contains(needle) }) { return line }
                    checked = output.lines.count
                    if output.ended { return nil }
                    output.condition.wait()
                }
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

    /// Every output line, once the process closed its output (exited or was killed).
    package func allOutputLines() async throws -> [String] {
        let output = output
        return try await onOwnThread {
            output.condition.withLock {
                while !output.ended { output.condition.wait() }
                return output.lines
            }
        }
    }

    package var outputSoFar: String { output.condition.withLock { output.lines.joined(separator: "\n") } }

    package func signal(_ signal: Int32) { kill(process.processIdentifier, signal) }

    /// Waits for the process to exit (killing it after `timeout` seconds) and returns its status.
    package func waitForExit(timeout: Double = 20) async throws -> Int32 {
        let process = process
        return try await onOwnThread {
            let pid = process.processIdentifier
            // Foundation's Process was seen to miss a child's exit while many processes were started
            // at once (the child stayed a zombie and `isRunning` true for good), so the child is also
            // reaped here; whichever of the two reaps it, the loop ends.
            func reaped() -> Int32? {
                var status: Int32 = 0
                guard waitpid(pid, &status, WNOHANG) == pid else { return nil }
                let signal = status & 0x7f
                return signal == 0 ? (status >> 8) & 0xff : signal  // as Foundation reports a signal
            }
            let deadline = Date().addingTimeInterval(timeout)
            while process.isRunning, Date() < deadline {
                if let status = reaped() { return status }
                usleep(10_000)
            }
            guard process.isRunning else { return process.terminationStatus }
            kill(pid, SIGKILL)
            while process.isRunning {
                if reaped() != nil { break }
                usleep(10_000)
            }
            return -1
        }
    }

    deinit {
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
    }
}
