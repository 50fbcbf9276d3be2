import Foundation
import Memberwise

/// How long a claim holds what it claimed, measured on the wall clock whatever clock the schedule runs on.
///
/// A lease is about a process, not about the schedule: it says how long a holder that died keeps its
/// claims from everyone else. Due dates and retry dates follow the scheduler's clock, which in the
/// virtual-clock mode moves only when an operator moves it; a lease measured on that clock would hold a
/// dead process's claims until someone moved it again. So every lease — firing claims, outbox claims —
/// starts and ends on the wall clock, and a store compares a lease's end with `now` given here, never
/// with the schedule's time.
@MemberwiseInit
package struct Lease: Sendable, Hashable {
    /// The wall clock's time when the claim is made or checked.
    package var now: Date
    /// When the claim ends, unless extended.
    package var until: Date

    /// A lease of `seconds` from `now` (the wall clock's time).
    package init(seconds: TimeInterval, from now: Date) {
        self.init(now: now, until: now.addingTimeInterval(seconds))
    }
}
