/// How many notifications a center's delivered list keeps. A device's Notification Center lets its oldest
/// notifications go; without a bound, an app that never removes what it delivered (a daily broadcast under
/// a new identifier each day) would grow every center's list, and the store, without end.
package enum DeliveredList {
    /// The newest 1,000 stay. The list is checked whenever the center's event sequence passes a multiple
    /// of 32 (as its event history is trimmed), so it holds 1,000 to 1,031 once it is full.
    package static let perCenter: Int64 = 1_000

    /// At most this many go at one check, so that a list far longer (kept before an upgrade) shrinks over
    /// the center's next firings rather than in one long transaction of one of them.
    package static let droppedPerCheck = 256

    /// Whether a center whose newest sequence moved from `before` to `after` is due for the check.
    package static func isDue(from before: Int64, to after: Int64) -> Bool { after / 32 > before / 32 }
}
