import Foundation
import Memberwise
import Webhooks

/// The whole outbox in two figures (`/metrics`).
@MemberwiseInit
package struct OutboxFigures: Sendable, Hashable {
    /// Messages waiting to be delivered (their endpoints disabled or not).
    package var depth: Int
    /// The earliest due date of a message waiting on an enabled endpoint, if one is due: the dispatchers
    /// are that far behind.
    package var oldestDue: Date?
}
