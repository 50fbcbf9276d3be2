import Foundation

/// Runs blocking work (socket I/O, waiting for a process) on a thread of its own, so that tests never
/// block the cooperative thread pool that the server under test needs.
package func onOwnThread<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
        let thread = Thread {
            continuation.resume(with: Result { try work() })
        }
        thread.stackSize = 1 << 20
        thread.start()
    }
}
