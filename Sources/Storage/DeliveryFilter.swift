import Foundation
import Memberwise
import Webhooks

/// Which of an app's outbox messages a listing shows: nil lets every value through.
@MemberwiseInit
package struct DeliveryFilter: Sendable, Hashable {
    package var status: WebhookDeliveryRecord.Status?
    package var destination: WebhookDeliveryRecord.Destination?
}
