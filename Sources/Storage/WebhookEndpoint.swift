import Foundation
import Webhooks

/// One endpoint of one app: what per-endpoint limits count.
package struct WebhookEndpoint: Sendable, Hashable {
    package var appID: String
    package var url: String

    package init(appID: String, url: String) {
        self.appID = appID
        self.url = url
    }
}
