import Foundation
import Memberwise
import Storage
import Webhooks

/// What an attempt carries beside its message.
@MemberwiseInit
package struct AttemptContext: Sendable {
    /// The app's webhook settings as the claim read them (nil: it has none).
    package var configuration: WebhookConfiguration?
    /// The W3C `traceparent` to send: the attempt's span, or the call's that led to the message.
    package var traceparent: String?
    /// How long the call may take.
    package var timeout: Duration
}
