import Foundation
import Memberwise
import NotificationCore

/// A claimed chunk with what its firing needs: the broadcast, and its members as they were at the claim
/// (whose extensions are asked, and whose firings are made, before the firing reads them again).
@MemberwiseInit
package struct ClaimedBroadcastChunk: Sendable {
    package var chunk: BroadcastChunk
    package var broadcast: Broadcast
    package var members: [CenterRecord]
    /// The members' browsers and phones, read with them, for the messages made before the firing
    /// (`FiringRecord.pushMessages`); nil when the store leaves them to the firing's transaction.
    package var targets: [CenterKey: [any OutboxTarget]]? = nil
}
