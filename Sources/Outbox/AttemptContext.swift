import Foundation
import Storage
import Webhooks

/// What an attempt carries beside its message.
package struct AttemptContext: Sendable {
    /// The app's webhook settings as the claim read them (nil: it has none).
    package var configuration: WebhookConfiguration?
    /// The W3C `traceparent` to send: the attempt's span, or the call's that led to the message.
    package var traceparent: String?
    /// How long the call may take.
    package var timeout: Duration

    package init(configuration: WebhookConfiguration?, traceparent: String?, timeout: Duration) {
        self.configuration = configuration
        self.traceparent = traceparent
        self.timeout = timeout
    }
}
