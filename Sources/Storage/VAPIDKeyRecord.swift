import Foundation
import Memberwise
import NotificationCore
import WebPush

/// A VAPID key pair as stored: the private scalar, and whether new subscriptions are made with it.
@MemberwiseInit
package struct VAPIDKeyRecord: Sendable, Hashable {
    package var id: String
    /// The 32-byte private scalar (P-256).
    package var privateKey: Data
    /// The key new subscriptions use; the others are kept for the subscriptions made with them.
    package var isPrimary: Bool
    package var createdAt: Date
}
