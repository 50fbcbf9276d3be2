import Foundation
import Memberwise
import Webhooks

/// One endpoint of one app: what per-endpoint limits count.
@MemberwiseInit
package struct WebhookEndpoint: Sendable, Hashable {
    package var appID: String
    package var url: String
}
