import Foundation

/// The scheduler's decisions as a pure function, so that its timing logic is tested with a table.
package enum SchedulerDecision: Sendable, Hashable {
    /// Claim and fire the next batch now.
    case fire
    /// Nothing is due before `date`: sleep until then, or until woken.
    case sleep(until: Date)
    /// Nothing has a fire date: sleep until woken.
    case waitForWork

    /// What to do after a batch of `claimed` firings (a full batch means more may be due), given the
    /// earliest pending date and the time.
    package static func after(claimed: Int, batchSize: Int, nextFireDate: Date?, now: Date) -> SchedulerDecision {
        if claimed >= batchSize { return .fire }
        guard let next = nextFireDate else { return .waitForWork }
        return next <= now ? .fire : .sleep(until: next)
    }
}
