import Foundation
import Webhooks

/// What an attempt says of its endpoint.
package enum EndpointOutcome: Sendable, Hashable {
    /// It answered (2xx, or asked to abort the message): not failing.
    case answered
    /// It failed; if it has been failing since before `disableIfFailingSince`, it is disabled.
    case failed(disableIfFailingSince: Date)
    /// 410 Gone: disabled until the app enables it.
    case gone
}
