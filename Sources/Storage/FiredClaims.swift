import Memberwise
import NotificationCore

/// What `NotificationStore.fire` made of claimed requests: the firings it recorded, and the claims its
/// `decide` kept for later (those the app's extensions must see first), still held.
@MemberwiseInit
package struct FiredClaims: Sendable {
    package var recorded: [FiringRecord]
    package var kept: [StoredPending]
}
