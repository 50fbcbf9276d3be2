import Foundation
import Scheduling
import Testing

/// What the scheduler does after a claim, as a table: fire, sleep until a date, or wait for work.
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
