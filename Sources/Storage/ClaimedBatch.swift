import Foundation
import Memberwise
import NotificationCore

/// What a claim took, and the earliest fire date still unclaimed after it.
@MemberwiseInit
package struct ClaimedBatch: Sendable {
    package var claims: [StoredPending]
    package var nextUnclaimed: Date?
}
