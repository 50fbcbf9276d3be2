import Foundation
import NotificationCore

/// A broadcast as the store keeps it: the app it belongs to.
package struct BroadcastRecord: Sendable, Hashable {
    package var appID: String
    package var broadcast: Broadcast

    package init(appID: String, broadcast: Broadcast) {
        self.appID = appID
        self.broadcast = broadcast
    }
}
