import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// The tests' own way of starting processes (`ChildProcess`, in place of Foundation's `Process`, whose
/// `run()` crashes now and then on Linux): what a child gets and what its parent learns.
@Suite struct ChildProcessTests {
    /// A child holds its standard descriptors only, not one the test process left open without
    /// close-on-exec, and starts with no signal blocked.
    @Test func aChildInheritsOnlyItsStandardDescriptorsAndNoBlockedSignals() throws {
        let leaked = open("/dev/null", O_RDONLY)
        #expect(leaked > 2)
        defer { close(leaked) }
        var blocked = sigset_t()
        sigemptyset(&blocked)
        sigaddset(&blocked, SIGTERM)
        var before = sigset_t()
        pthread_sigmask(SIG_BLOCK, &blocked, &before)
        defer { pthread_sigmask(SIG_SETMASK, &before, nil) }
        let descriptors = try ChildProcess.run("/bin/sh", ["-c", "ls /proc/$$/fd"])
        #expect(descriptors.status == 0)
        #expect(descriptors.output.split(separator: "\n").sorted() == ["0", "1", "2"], "\(descriptors.output)")
        let signals = try ChildProcess.run("/bin/grep", ["SigBlk", "/proc/self/status"])
        #expect(signals.output == "SigBlk:\t0000000000000000\n")
    }

    /// The exit status, or the signal that ended the child.
    @Test func theStatusIsTheExitCodeOrTheSignal() throws {
        #expect(try ChildProcess.run("/bin/sh", ["-c", "exit 3"]).status == 3)
        let child = try ChildProcess(executable: "/bin/sleep", arguments: ["30"])
        #expect(child.isRunning)
        child.signal(SIGKILL)
        #expect(child.waitUntilExit() == SIGKILL)
        #expect(!child.isRunning)
    }
}
