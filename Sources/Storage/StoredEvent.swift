import Foundation
import Memberwise
import NotificationCore

/// One event of a center's history, as the user's event stream sends it: its sequence in the center
/// (the stream's event id, durable across restarts and replicas), its name and its JSON data.
@MemberwiseInit
package struct StoredEvent: Sendable, Hashable {
    package var sequence: Int64
    package var name: String
    package var data: [UInt8]
    package var createdAt: Date
}

/// Events after a sequence, and whether the history still reached back to it.
@MemberwiseInit
package struct EventPage: Sendable {
    package var events: [StoredEvent]
    /// Some events after the asked sequence are no longer kept (or the sequence is not this center's):
    /// the reader must fetch the current state instead of replaying.
    package var gap: Bool
    /// The newest sequence of the center when read.
    package var latest: Int64
}

/// How many events each center keeps for resuming streams.
package enum EventHistory {
    package static let perCenter: Int64 = 256
}
