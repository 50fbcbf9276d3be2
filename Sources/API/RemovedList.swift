import Clocks
import Foundation
import HTTPCore
import HTTPTypes
import Media
import NotificationService
import RelayService
import Scheduling
import Storage
import Synchronization
import WebPushService

/// `{"removed": [...]}`.
struct RemovedList: Codable, Sendable {
    var removed: [String]
}
