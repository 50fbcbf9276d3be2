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

    /// Work that ends only once the caller stopped waiting (the deadline opens its gate): what it brings
    /// is discarded, as a connection made then must be closed (PostgresNIO asserts that a connection is
    /// closed before it goes; a late connect crashed a debug test run).
    @Test func aResultThatComesAfterTheDeadlineIsDiscarded() async throws {
        let (gate, open) = AsyncStream.makeStream(of: Void.self)
        let discarded = Mutex<[Int]>([])
        await #expect(throws: StoreError.self) {
            try await withDeadline(
                .milliseconds(10), onExpiry: { open.finish() }, discard: { late in discarded.withLock { $0.append(late) } }
            ) {
                for await _ in gate {}
                return 7
            }
        }
        #expect(discarded.withLock { $0 } == [7])
    }

    @Test func aResultThatComesAfterTheCallerWasCancelledIsDiscardedOrReturned() async throws {
        let (started, didStart) = AsyncStream.makeStream(of: Void.self)
        let discarded = Mutex<[Int]>([])
        let caller = Task {
            try await withDeadline(.seconds(600), discard: { late in discarded.withLock { $0.append(late) } }) {
                didStart.finish()
                // Ends when cancelled: an `AsyncStream` that never yields ends for a cancelled task.
                let (never, keep) = AsyncStream.makeStream(of: Void.self)
                for await _ in never {}
                withExtendedLifetime(keep) {}
                return 7
            }
        }
        for await _ in started {}
        caller.cancel()
        // The work and the deadline's timer both end on the cancellation, in either order: the value goes
        // to the caller (who then owns it) or is discarded, never both, never neither.
        let returned = try? await caller.value
        #expect((returned.map { [$0] } ?? []) + discarded.withLock { $0 } == [7])
    }

    @Test func aResultInTimeIsTheCallersAndNotDiscarded() async throws {
        let discarded = Mutex<[Int]>([])
        #expect(try await withDeadline(.seconds(600), discard: { late in discarded.withLock { $0.append(late) } }) { 5 } == 5)
        #expect(discarded.withLock { $0 }.isEmpty)
    }

    @Test func answersAndErrorsPassThrough() async throws {
        #expect(try await withDeadline(.seconds(60)) { try await abandoningOnCancellation { 42 } } == 42)
        await #expect(throws: StoreError.conflict("taken")) {
            try await withDeadline(.seconds(60)) { try await abandoningOnCancellation { throw StoreError.conflict("taken") } }
        }
    }

    // MARK: a run that must end once cancelled (`endingWithin`)

    @Test func aRunThatEndsByItselfIsWaitedForWholly() async {
        let worked = Mutex(false)
        #expect(await endingWithin(.milliseconds(1)) { worked.withLock { $0 = true } })
        #expect(worked.withLock { $0 })
    }

    /// The work is cancelled with the caller, and its end within the grace is what the caller waits for
    /// (a work that was not cancelled would hold the caller for the whole grace, and then it says false).
    @Test func aCancelledRunIsCancelledAndItsEndWaitedFor() async {
        let caller = Task {
            await endingWithin(.seconds(600)) {
                // Ends when cancelled: an `AsyncStream` that never yields ends for a cancelled task.
                let (never, keep) = AsyncStream.makeStream(of: Void.self)
                for await _ in never {}
                withExtendedLifetime(keep) {}
            }
        }
        caller.cancel()
        #expect(await caller.value)
    }

    /// A run that does not end when cancelled (as `PostgresClient.run()` once did) holds its caller only for
    /// the grace; it is left to end by itself.
    @Test func aRunThatIgnoresCancellationIsLeftAfterTheGrace() async {
        let stuck = Stuck()
        let (started, didStart) = AsyncStream.makeStream(of: Void.self)
        let caller = Task {
            await endingWithin(.milliseconds(20)) {
                didStart.finish()
                await stuck.wait()
            }
        }
        for await _ in started {}
        caller.cancel()
        #expect(await caller.value == false)
        stuck.release()
    }
}
