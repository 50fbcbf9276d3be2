import Foundation
import NotificationCore

/// What a claim took, and the earliest fire date still unclaimed after it.
package struct ClaimedBatch: Sendable {
    package var claims: [StoredPending]
    package var nextUnclaimed: Date?

    package init(claims: [StoredPending], nextUnclaimed: Date?) {
        self.claims = claims
        self.nextUnclaimed = nextUnclaimed
    }
}
