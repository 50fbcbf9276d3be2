import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// An executable of this package run as a child process, for tests of what only a real process shows:
/// the start-up log line, signals, the exit status. Its output is read as it comes, on a thread of its
/// own, so that a chatty child never blocks on a full pipe.
package final class ServerProcess: Sendable {
    package let process: ChildProcess
    private let output = Output()

    /// The lines read so far, and whether the output ended. The reading thread holds only this (not the
    /// process, whose deinit kills the child: only then does the output end).
    private final class Output: @unchecked Sendable {
        /// Guarded by `condition`.
        var lines: [String] = []
        var ended = false
        let condition = NSCondition()

        /// Reads `descriptor` to its end, line by line, and closes it.
        func read(_ descriptor: Int32) {
            defer { close(descriptor) }
            var pending = Data()
            ChildProcess.readChunks(descriptor) { chunk in
                pending.append(contentsOf: chunk)
                var complete: [String] = []
                while let newline = pending.firstIndex(of: 0x0A) {
                    complete.append(String(decoding: pending[pending.startIndex..<newline], as: UTF8.self))
                    pending = Data(pending[pending.index(after: newline)...])
                }
                guard !complete.isEmpty else { return }
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
        // Its output and errors on one channel (tests run in parallel: see `ChildProcess.channel`).
        let ends = try ChildProcess.channel()
        defer { close(ends[1]) }
        do {
            process = try ChildProcess(
                executable: executable.path, arguments: arguments, environment: environment, standardOutput: ends[1],
                standardError: ends[1])
        } catch {
            close(ends[0])
            throw error
        }
        let readEnd = ends[0]
        do {
            try startThread { [output] in output.read(readEnd) }
        } catch {
            process.signal(SIGKILL)
            close(readEnd)
            throw error
        }
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

    package func signal(_ signal: Int32) { process.signal(signal) }

    /// Waits for the process to exit (killing it after `timeout` seconds) and returns its status (-1
    /// when it had to be killed). The default is a bound for a broken build, not a timing: on CI's loaded
    /// two cores one SIGTERM test took 224 s in all, and 20 s (the default before) could kill a process on
    /// its way to a clean exit.
    package func waitForExit(timeout: Double = 120) async throws -> Int32 {
        let process = process
        return try await onOwnThread {
            let deadline = Date().addingTimeInterval(timeout)
            while process.isRunning, Date() < deadline { usleep(10_000) }
            guard process.isRunning else { return process.waitUntilExit() }
            process.signal(SIGKILL)
            process.waitUntilExit()
            return -1
        }
    }
}
