import Foundation
import Memberwise
import NotificationCore

/// A broadcast as the store keeps it: the app it belongs to.
@MemberwiseInit
package struct BroadcastRecord: Sendable, Hashable {
    package var appID: String
    package var broadcast: Broadcast
}
