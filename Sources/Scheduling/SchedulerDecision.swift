import Foundation

/// The scheduler's decisions as a pure function, so that its timing logic is tested with a table.
package enum SchedulerDecision: Sendable, Hashable {
    /// Claim and fire the next batch now.
    case fire
    /// Nothing is due before `date`: sleep until then, or until woken.
    case sleep(until: Date)
    /// Nothing has a fire date: sleep until woken.
    case waitForWork
    /// The store failed: look again after a `FailureBackoff` pause of real time (the scheduler's clock may
    /// be virtual, and moving it waits for the scheduler), or when asked to claim.
    case pauseAfterFailure

    /// What to do after a cycle. `claimedFull`: the last claim filled a batch, so more may be waiting.
    /// `nextClaimed`: the earliest request held in memory. `nextUnclaimed`: the earliest one left in the
    /// store, which is to be claimed `lead` before it is due.
    package static func after(
        claimedFull: Bool, nextClaimed: Date?, nextUnclaimed: Date?, lead: TimeInterval, now: Date
    ) -> SchedulerDecision {
        if claimedFull { return .fire }
        let wake = [nextClaimed, nextUnclaimed.map { $0.addingTimeInterval(-lead) }].compactMap { $0 }.min()
        guard let wake else { return .waitForWork }
        return wake <= now ? .fire : .sleep(until: wake)
    }
}
