import Foundation

/// Real time, whatever the schedule's clock says: how long a lease holds, when a token expires, the
/// timestamp a receiver checks on a signature, a provider's token's age, when a span began. A type apart
/// from `SchedulerClock` (which may be virtual) so that a reader sees which time a line means; injected,
/// so that tests can move it (a `ManualClock` serves as either).
package protocol WallClock: TimeSource {}
