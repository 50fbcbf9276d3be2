import Foundation
import NotificationCore
import WebPush

/// A VAPID key pair as stored: the private scalar, and whether new subscriptions are made with it.
package struct VAPIDKeyRecord: Sendable, Hashable {
    package var id: String
    /// The 32-byte private scalar (P-256).
    package var privateKey: Data
    /// The key new subscriptions use; the others are kept for the subscriptions made with them.
    package var isPrimary: Bool
    package var createdAt: Date

    package init(id: String, privateKey: Data, isPrimary: Bool, createdAt: Date) {
        self.id = id
        self.privateKey = privateKey
        self.isPrimary = isPrimary
        self.createdAt = createdAt
    }
}
