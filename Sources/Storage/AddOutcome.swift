import Foundation
import NotificationCore

/// Whether an add created a request or replaced one with the same identifier.
package enum AddOutcome: Sendable, Hashable {
    case added
    case replaced
}
