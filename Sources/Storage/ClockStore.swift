import Foundation

/// The virtual clock's time, kept in the store: it survives a restart (time never runs backwards while
/// pending dates stay), and replicas sharing the database share it (a move is announced on the change feed).
package protocol ClockStore: Sendable {
    /// The stored time, or nil if it was never set.
    func virtualClock() async throws -> Date?
    /// Moves the stored time to `date` unless it is later already; returns the stored time.
    func advanceVirtualClock(to date: Date) async throws -> Date
}
