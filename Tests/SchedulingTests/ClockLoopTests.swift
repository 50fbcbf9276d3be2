import Clocks
import Foundation
import Logging
import Scheduling
import Synchronization
import Testing

/// A `ClockLoop` does a round at its start, at each wake-up, and at the date its `next` names on its
/// clock; a round that shutdown cuts short is not reported as a failure.
@Suite struct ClockLoopTests {
    static let start = Date(timeIntervalSince1970: 1_800_000_000)

    /// What happens in the loop, in order: a round at a date, or a look for the next.
    enum Step: Equatable, Sendable {
        case round(Date)
        case next(Date)
    }

    @Test func aRoundAtTheStartAtEachWakeAndAtTheDateNextSays() async throws {
        let clock = ManualClock(now: Self.start)
        let (steps, step) = AsyncStream.makeStream(of: Step.self)
        // Nothing due after the first two rounds; then a minute later.
        let looks = Count()
        let loop = ClockLoop(
            "test", clock: clock, logger: Logger(label: "test", factory: { _ in SwiftLogNoOpLogHandler() }),
            work: { step.yield(.round($0)) },
            next: { now in
                step.yield(.next(now))
                return looks.value.add(1, ordering: .relaxed).newValue < 2 ? nil : now.addingTimeInterval(60)
            })
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { try await loop.run() }
            var iterator = steps.makeAsyncIterator()
            #expect(await iterator.next() == .round(Self.start))
            #expect(await iterator.next() == .next(Self.start))
            loop.wake()
            #expect(await iterator.next() == .round(Self.start))
            #expect(await iterator.next() == .next(Self.start))
            // Asked for the next date after this wake: a minute on, which only the clock's move brings.
            loop.wake()
            #expect(await iterator.next() == .round(Self.start))
            #expect(await iterator.next() == .next(Self.start))
            clock.advance(by: 60)
            #expect(await iterator.next() == .round(Self.start.addingTimeInterval(60)))
            group.cancelAll()
            try await group.waitForAll()
        }
    }

    @Test func aRoundCutShortByShutdownIsNoFailure() async throws {
        let logs = CapturedLogs()
        let (started, start) = AsyncStream.makeStream(of: Void.self)
        let loop = ClockLoop(
            "test", clock: ManualClock(now: Self.start), logger: Logger(label: "test", factory: { _ in logs.handler }),
            work: { _ in
                start.yield()
                try await Task.sleep(for: .seconds(3_600))
            },
            next: { _ in nil })
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { try await loop.run() }
            _ = await started.first { _ in true }
            group.cancelAll()
            try await group.waitForAll()
        }
        #expect(logs.errors.isEmpty, "\(logs.errors)")
    }

    @Test func aFailedRoundIsReportedAndTriedAgainAfterAPauseOfTheWallClock() async throws {
        let logs = CapturedLogs()
        let wallClock = ManualClock(now: Self.start)
        let (rounds, round) = AsyncStream.makeStream(of: Int.self)
        let count = Count()
        let loop = ClockLoop(
            "test", clock: ManualClock(now: Self.start), wallClock: wallClock,
            logger: Logger(label: "test", factory: { _ in logs.handler }),
            work: { _ in
                let number = count.value.add(1, ordering: .relaxed).newValue
                round.yield(number)
                if number == 1 { throw RoundRefused() }
            },
            next: { _ in nil })
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { try await loop.run() }
            var iterator = rounds.makeAsyncIterator()
            #expect(await iterator.next() == 1)
            // The pause is a second of the wall clock from when it began: moved on until the round comes.
            group.addTask {
                while count.value.load(ordering: .relaxed) < 2, !Task.isCancelled {
                    wallClock.advance(by: 1)
                    await Task.yield()
                }
            }
            #expect(await iterator.next() == 2)
            group.cancelAll()
            try await group.waitForAll()
        }
        #expect(logs.errors == ["test failed"])
    }
}

/// A count the loop's closures share.
final class Count: Sendable {
    let value = Atomic<Int>(0)
}

/// A round's failure.
struct RoundRefused: Error {}

/// The messages of errors logged.
final class CapturedLogs: Sendable {
    private let messages = Mutex<[String]>([])

    var errors: [String] { messages.withLock { $0 } }

    var handler: some LogHandler { Handler(logs: self) }

    private struct Handler: LogHandler {
        let logs: CapturedLogs
        var metadata: Logger.Metadata = [:]
        var logLevel: Logger.Level = .trace

        subscript(metadataKey key: String) -> Logger.Metadata.Value? {
            get { metadata[key] }
            set { metadata[key] = newValue }
        }

        func log(event: LogEvent) {
            guard event.level >= .error else { return }
            logs.messages.withLock { $0.append(event.message.description) }
        }
    }
}
