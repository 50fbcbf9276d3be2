import Foundation
import Webhooks

/// An endpoint that is failing or disabled.
package struct EndpointState: Sendable, Hashable {
    package enum Reason: String, Sendable, Hashable, Codable {
        /// It answered 410 Gone.
        case gone
        /// It failed continuously for the app's limit (5 days by default).
        case failing
    }

    package var url: String
    /// When its current streak of failures began (nil: its last attempt succeeded).
    package var failingSince: Date?
    package var disabledAt: Date?
    package var reason: Reason?

    package init(url: String, failingSince: Date? = nil, disabledAt: Date? = nil, reason: Reason? = nil) {
        self.url = url
        self.failingSince = failingSince
        self.disabledAt = disabledAt
        self.reason = reason
    }
}
