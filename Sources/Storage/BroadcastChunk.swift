import Foundation
import Memberwise
import NotificationCore

/// One piece of a broadcast's fan-out: the members in one time zone (every zone when nil) whose center
/// id is after `after` and at most `upTo` (no bound when nil). Any process may claim it; its firing is one
/// transaction, so a process that dies mid-chunk leaves it to the next claim whole.
@MemberwiseInit
package struct BroadcastChunk: Sendable, Hashable {
    package var appID: String
    package var broadcastID: String
    package var zone: String?
    package var after: String
    package var upTo: String?
    /// The claim's fencing token: only its holder records the chunk.
    package var claim: Int64
}
