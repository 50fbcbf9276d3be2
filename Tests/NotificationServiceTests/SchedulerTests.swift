import Clocks
import Foundation
import NotificationCore
import Scheduling
import Synchronization
import Testing

@Suite struct SchedulerDecisionTests {
    let now = Date(timeIntervalSince1970: 1000)

    @Test(arguments: [
        // (claimed a full batch, earliest claimed, earliest unclaimed, expected), lead 0.25 s, now 1000
        (true, nil as Double?, nil as Double?, SchedulerDecision.fire),
        (false, 999.0, nil, .fire),
        (false, 1000.0, 2000.0, .fire),
        (false, 1000.5, nil, .sleep(until: Date(timeIntervalSince1970: 1000.5))),
        (false, nil, 1000.5, .sleep(until: Date(timeIntervalSince1970: 1000.25))),
        (false, 1000.1, 1000.3, .sleep(until: Date(timeIntervalSince1970: 1000.05))),
        (false, nil, 1000.2, .fire),
        (false, nil, nil, .waitForWork),
    ])
    func decisions(claimedFull: Bool, nextClaimed: Double?, nextUnclaimed: Double?, expected: SchedulerDecision) {
        let decision = SchedulerDecision.after(
            claimedFull: claimedFull, nextClaimed: nextClaimed.map(Date.init(timeIntervalSince1970:)),
            nextUnclaimed: nextUnclaimed.map(Date.init(timeIntervalSince1970:)), lead: 0.25, now: now
        )
        #expect(decision == expected)
    }
}

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
