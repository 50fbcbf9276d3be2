import Foundation
import Memberwise
import Webhooks

/// An endpoint that is failing or disabled.
@MemberwiseInit
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
}
