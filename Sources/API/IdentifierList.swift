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

/// `{"identifiers": [...]}`.
struct IdentifierList: Codable, Sendable {
    var identifiers: [String]
}
