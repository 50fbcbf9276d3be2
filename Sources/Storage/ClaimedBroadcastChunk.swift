import Foundation
import Memberwise
import NotificationCore

/// A claimed chunk with what its firing needs: the broadcast, and its members as they were at the claim
/// (whose extensions are asked before the firing reads them again).
@MemberwiseInit
package struct ClaimedBroadcastChunk: Sendable {
    package var chunk: BroadcastChunk
    package var broadcast: Broadcast
    package var members: [CenterRecord]
}
