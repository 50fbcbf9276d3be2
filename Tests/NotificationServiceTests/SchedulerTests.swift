import Foundation
import NotificationCore
import Scheduling
import Synchronization
import Testing

@Suite struct SchedulerDecisionTests {
    let now = Date(timeIntervalSince1970: 1000)

    @Test(arguments: [
        (256, 256, nil as Double?, SchedulerDecision.fire),
        (3, 256, 999.0, .fire),
        (3, 256, 1000.0, .fire),
        (0, 256, 1000.5, .sleep(until: Date(timeIntervalSince1970: 1000.5))),
        (0, 256, nil, .waitForWork),
    ])
    func decisions(claimed: Int, batchSize: Int, next: Double?, expected: SchedulerDecision) {
        #expect(
            SchedulerDecision.after(
                claimed: claimed, batchSize: batchSize, nextFireDate: next.map(Date.init(timeIntervalSince1970:)), now: now) == expected)
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
