import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// A child process started with `posix_spawn`, for the tests' servers, fixtures and tools, and the benchmarks' probes.
///
/// Foundation's `Process.run()` on Linux crashes now and then (Swift 6.3): to close the child's
/// descriptors it reads `/proc/self/fd` and copies each entry's whole 256-byte name, past the end of
/// glibc's buffer when the page after it is unmapped (swift-corelibs-foundation #5472, fixed after 6.3).
/// A test run that starts a few hundred children hit it. Here the child closes every descriptor above
/// its standard ones as a spawn action (`closefrom`), and starts with no signal blocked and every
/// signal's handling at its default, as from a shell (the test runner's threads block most signals: a
/// server that inherited that mask would never see its SIGTERM).
package final class ChildProcess: Sendable {
    package let pid: pid_t
    /// The exit status once reaped: the exit code, or the signal that ended it (as Foundation reports).
    private let status = Mutex<Int32?>(nil)

    /// Starts `executable` with `arguments`, the test process's environment with `environment` over
    /// it, and its standard output and error on the given descriptors (inherited when nil).
    package init(
        executable: String, arguments: [String], environment: [String: String] = [:], standardOutput: Int32? = nil,
        standardError: Int32? = nil
    ) throws {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        if let standardOutput { posix_spawn_file_actions_adddup2(&actions, standardOutput, 1) }
        if let standardError { posix_spawn_file_actions_adddup2(&actions, standardError, 2) }
        _ = Self.addCloseFrom?(&actions, 3)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var none = sigset_t()
        sigemptyset(&none)
        var all = sigset_t()
        sigfillset(&all)
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setsigdefault(&attributes, &all)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        let variables = ProcessInfo.processInfo.environment.merging(environment) { _, new in new }.map { "\($0.key)=\($0.value)" }
        var pid: pid_t = 0
        let result = Self.withCStrings([executable] + arguments) { argv in
            Self.withCStrings(variables) { envp in posix_spawn(&pid, executable, &actions, &attributes, argv, envp) }
        }
        guard result == 0 else { throw LoopbackConnection.Failure("cannot start \(executable): \(String(cString: strerror(result)))") }
        self.pid = pid
    }

    /// glibc's `posix_spawn_file_actions_addclosefrom_np` (2.34 and later), which Swift's Glibc module
    /// does not declare (it is a GNU extension).
    private static let addCloseFrom: (@convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>?, Int32) -> Int32)? = {
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "posix_spawn_file_actions_addclosefrom_np") else { return nil }
        return unsafeBitCast(symbol, to: (@convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>?, Int32) -> Int32).self)
    }()

    /// Whether the child still runs (reaps it once it has exited).
    package var isRunning: Bool { reap(blocking: false) == nil }

    /// Waits for the child to exit; returns its status.
    @discardableResult
    package func waitUntilExit() -> Int32 { reap(blocking: true) ?? -1 }

    package func signal(_ signal: Int32) { kill(pid, signal) }

    /// The exit status, reaping the child if it has exited (waiting for it when `blocking`).
    private func reap(blocking: Bool) -> Int32? {
        status.withLock { status in
            if let status { return status }
            var raw: Int32 = 0
            var reaped: pid_t
            repeat { reaped = waitpid(pid, &raw, blocking ? 0 : WNOHANG) } while reaped == -1 && errno == EINTR
            guard reaped == pid else { return nil }
            let signal = raw & 0x7f
            status = signal == 0 ? (raw >> 8) & 0xff : signal
            return status
        }
    }

    /// Runs a tool to its end: its exit status and what it wrote to its standard output and error
    /// (read one after the other: for tools that write little to the second).
    package static func run(_ executable: String, _ arguments: [String]) throws -> (status: Int32, output: String, errors: String) {
        let output = try channel()
        let errors: [Int32]
        do { errors = try channel() } catch {
            output.forEach { close($0) }
            throw error
        }
        defer { [output[0], errors[0]].forEach { close($0) } }
        let child: ChildProcess
        do {
            defer { [output[1], errors[1]].forEach { close($0) } }
            child = try ChildProcess(executable: executable, arguments: arguments, standardOutput: output[1], standardError: errors[1])
        }
        let text = readToEnd(output[0])
        let failure = readToEnd(errors[0])
        return (child.waitUntilExit(), text, failure)
    }

    /// A channel whose ends are close-on-exec from birth (a socket pair: Swift's Glibc module has no
    /// `pipe2`), so that no other child started meanwhile inherits the write end and keeps it open
    /// after this one has gone: reading to the end would then never end. A child gets an end as its
    /// standard output or error through dup2.
    package static func channel() throws -> [Int32] {
        var ends: [Int32] = [0, 0]
        guard socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &ends) == 0 else {
            throw LoopbackConnection.Failure("socketpair failed: errno \(errno)")
        }
        return ends
    }

    /// Everything `descriptor` yields until its end, as text.
    static func readToEnd(_ descriptor: Int32) -> String {
        var bytes: [UInt8] = []
        readChunks(descriptor) { bytes += $0 }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Hands `body` what `descriptor` yields, chunk by chunk, until its end (with `read(2)`, retrying
    /// when a signal interrupts it: `FileHandle.availableData` traps then).
    package static func readChunks(_ descriptor: Int32, _ body: (ArraySlice<UInt8>) -> Void) {
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            if count <= 0 { return }
            body(buffer[..<count])
        }
    }

    /// `strings` as a NULL-terminated array of C strings, for the duration of `body`.
    private static func withCStrings<R>(_ strings: [String], _ body: (UnsafePointer<UnsafeMutablePointer<CChar>?>) -> R) -> R {
        let copies = strings.map { strdup($0) }
        defer { copies.forEach { free($0) } }
        return (copies + [nil]).withUnsafeBufferPointer { body($0.baseAddress!) }
    }

    deinit {
        // Killed and reaped, so that no test leaves a child or a zombie behind.
        guard reap(blocking: false) == nil else { return }
        kill(pid, SIGKILL)
        let pid = pid
        try? startThread {
            var raw: Int32 = 0
            while waitpid(pid, &raw, 0) == -1 && errno == EINTR {}
        }
    }
}
