import Foundation

/// How long a loop waits, in real time, after its store failed: a second after the first failure, twice
/// as long after each one in a row, at most `longest`. A store that stays down (a full disk, a database
/// out of reach) is then asked a few times a minute, not many times a second, and its errors reach the
/// log as often; one that comes back is used again within `longest`, or at once when the loop is woken
/// for it (the clock moved, the change feed reconnected).
package struct FailureBackoff: Sendable, Hashable {
    package static let first: TimeInterval = 1
    package static let longest: TimeInterval = 16

    /// Failures in a row since the store last worked.
    package private(set) var failures = 0

    package init() {}

    /// Counts a failure; the pause before the next try.
    package mutating func failed() -> TimeInterval {
        failures += 1
        return min(Self.first * Double(1 << min(failures - 1, 30)), Self.longest)
    }

    /// The store worked: the next failure pauses `first` again. Returns the failures in a row that this
    /// ends (0: none), for the log to say that the store works again.
    package mutating func succeeded() -> Int {
        defer { failures = 0 }
        return failures
    }
}
