import Foundation
import Memberwise
import NotificationCore

/// A push kept for a center that was offline when it came, until it comes online or the push expires.
@MemberwiseInit
package struct HeldPush: Sendable, Hashable {
    package var center: CenterKey
    package var apnsID: String
    package var request: NotificationRequest
    /// A background push (`content-available` only): for the app, not the user.
    package var background: Bool
    package var receivedAt: Date
    package var expiresAt: Date
}
