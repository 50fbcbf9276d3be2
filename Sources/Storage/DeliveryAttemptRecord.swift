import Foundation
import Memberwise
import Webhooks

/// One attempt to deliver a message: when, what came back, how long it took.
@MemberwiseInit
package struct DeliveryAttemptRecord: Sendable, Hashable {
    package var number: Int
    package var at: Date
    /// The HTTP status, nil when no response came (timeout, refused connection, SSRF guard).
    package var statusCode: Int?
    package var error: String?
    package var durationMilliseconds: Int
    /// The push provider's id for the message it accepted (`apns-id`, FCM's message name).
    package var providerMessageID: String?
}
