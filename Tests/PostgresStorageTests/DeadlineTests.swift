import Storage
import Synchronization
import Testing

@testable import PostgresStorage

/// The deadlines of store calls hold even for work that never ends and ignores cancellation, as a
/// query PostgresNIO lost does (found by restarting PostgreSQL under load).
@Suite struct DeadlineTests {
    /// Work that never completes and ignores cancellation; `Stuck.release()` lets it go at the end.
    final class Stuck: Sendable {
        private let waiting = Mutex<[CheckedContinuation<Void, Never>]>([])

        func wait() async {
            await withCheckedContinuation { continuation in waiting.withLock { $0.append(continuation) } }
        }

        func release() {
            waiting.withLock { waiting in
                waiting.forEach { $0.resume() }
                waiting.removeAll()
            }
        }
    }

    @Test func aQueryThatIgnoresCancellationDoesNotHoldTheDeadline() async throws {
        let stuck = Stuck()
        let expired = Mutex(false)
        await #expect(throws: StoreError.self) {
            try await withDeadline(.milliseconds(50), onExpiry: { expired.withLock { $0 = true } }) {
                try await abandoningOnCancellation { await stuck.wait() }
            }
        }
        #expect(expired.withLock { $0 }, "the connection would have been closed")
        stuck.release()
    }

    @Test func aCancelledCallerGoesOnWhileTheWorkIsLeftBehind() async throws {
        let stuck = Stuck()
        let caller = Task { try await abandoningOnCancellation { await stuck.wait() } }
        caller.cancel()
        await #expect(throws: CancellationError.self) { try await caller.value }
        stuck.release()
    }

    @Test func answersAndErrorsPassThrough() async throws {
        #expect(try await withDeadline(.seconds(60)) { try await abandoningOnCancellation { 42 } } == 42)
        await #expect(throws: StoreError.conflict("taken")) {
            try await withDeadline(.seconds(60)) { try await abandoningOnCancellation { throw StoreError.conflict("taken") } }
        }
    }
}
