import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Runs blocking work (socket I/O, waiting for a process) on a thread of its own, so that tests never
/// block the cooperative thread pool that the server under test needs.
/// `start` starts a thread (tests of this function give one that refuses).
package func onOwnThread<T: Sendable>(
    starting start: (@escaping @Sendable () -> Void) throws(ThreadRefused) -> Void = startThread,
    _ work: @escaping @Sendable () throws -> T
) async throws -> T {
    var refusals = 0
    while true {
        do {
            return try await withCheckedThrowingContinuation { continuation in
                do {
                    try start { continuation.resume(with: Result { try work() }) }
                } catch {
                    continuation.resume(throwing: error)
                }
            }
        } catch let refused as ThreadRefused where refused.passes && refusals < 300 {
            // The system is short of threads for a moment (a test run's busiest second): wait, try again.
            refusals += 1
            try await Task.sleep(for: .milliseconds(100))
        }
    }
}

/// Starts `body` on a new detached thread with a 1 MiB stack.
///
/// Not Foundation's `Thread.start()`, which ignores a thread the system refuses: its body never runs,
/// and whoever waits for it waits for good, in a process that looks idle.
package func startThread(_ body: @escaping @Sendable () -> Void) throws(ThreadRefused) {
    var attributes = pthread_attr_t()
    pthread_attr_init(&attributes)
    defer { pthread_attr_destroy(&attributes) }
    pthread_attr_setstacksize(&attributes, 1 << 20)
    pthread_attr_setdetachstate(&attributes, Int32(PTHREAD_CREATE_DETACHED))
    let context = Unmanaged.passRetained(ThreadBody(body)).toOpaque()
    var thread = pthread_t()
    let result = pthread_create(
        &thread, &attributes,
        { context in
            Unmanaged<ThreadBody>.fromOpaque(context!).takeRetainedValue().body()
            return nil
        }, context)
    guard result == 0 else {
        Unmanaged<ThreadBody>.fromOpaque(context).release()
        throw ThreadRefused(errorNumber: result)
    }
}

/// The system would not start a thread.
package struct ThreadRefused: Error, CustomStringConvertible {
    package let errorNumber: Int32

    package init(errorNumber: Int32) { self.errorNumber = errorNumber }

    /// Whether it may start one a moment later (it was short of threads or memory for them).
    var passes: Bool { errorNumber == EAGAIN }
    package var description: String { "cannot start a thread: \(String(cString: strerror(errorNumber)))" }
}

private final class ThreadBody: Sendable {
    let body: @Sendable () -> Void
    init(_ body: @escaping @Sendable () -> Void) { self.body = body }
}
