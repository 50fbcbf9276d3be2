import Foundation
import Synchronization
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// The tests' way off the cooperative pool when the system refuses a thread.
@Suite struct OnOwnThreadTests {
    /// A system short of threads for a moment (EAGAIN) is asked again: the work runs once it gives one.
    @Test func aThreadRefusedForAMomentIsAskedForAgain() async throws {
        let asked = Mutex(0)
        let answer = try await onOwnThread(
            starting: { body throws(ThreadRefused) in
                let attempt = asked.withLock { asked in
                    asked += 1
                    return asked
                }
                if attempt < 3 { throw ThreadRefused(errorNumber: EAGAIN) }
                try startThread(body)
            },
            { 42 })
        #expect(answer == 42)
        #expect(asked.withLock { $0 } == 3)
    }

    /// Any other refusal fails the call at once, with what the system said, rather than wait for good.
    @Test func anotherRefusalFailsAtOnce() async throws {
        await #expect {
            _ = try await onOwnThread(starting: { _ throws(ThreadRefused) in throw ThreadRefused(errorNumber: EINVAL) }, { 1 })
        } throws: { "\($0)".contains("cannot start a thread") }
    }
}
