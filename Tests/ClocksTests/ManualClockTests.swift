import Clocks
import Foundation
import Synchronization
import Testing

@Suite struct ManualClockTests {
    @Test func sleepersWakeWhenTheClockReachesThem() async throws {
        let clock = ManualClock(now: Date(timeIntervalSince1970: 0))
        let woke = Flag()
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask {
                try await clock.sleep(until: Date(timeIntervalSince1970: 10))
                woke.set()
            }
            clock.advance(by: 5)
            #expect(!woke.isSet)
            clock.advance(by: 5)
            try await group.waitForAll()
        }
        #expect(woke.isSet)
        #expect(clock.now == Date(timeIntervalSince1970: 10))
    }

    @Test func itStartsOnAWholeMillisecondSoThatStoredDatesAreReachable() {
        let clock = ManualClock(now: Date(timeIntervalSince1970: 1_800_000_000.123_456_7))
        #expect(clock.now == Date(timeIntervalSince1970: 1_800_000_000.123))
        #expect(clock.advance(by: 60).timeIntervalSince1970 * 1000 == (clock.now.timeIntervalSince1970 * 1000).rounded())
    }

    @Test func timeNeverGoesBackwards() {
        let clock = ManualClock(now: Date(timeIntervalSince1970: 100))
        #expect(clock.set(Date(timeIntervalSince1970: 50)) == Date(timeIntervalSince1970: 100))
    }

    @Test func cancellationEndsASleep() async {
        let clock = ManualClock(now: Date(timeIntervalSince1970: 0))
        let task = Task { try await clock.sleep(until: Date(timeIntervalSince1970: 1e9)) }
        task.cancel()
        await #expect(throws: CancellationError.self) { try await task.value }
    }
}

final class Flag: Sendable {
    private let value = Mutex(false)
    func set() { value.withLock { $0 = true } }
    var isSet: Bool { value.withLock { $0 } }
}
