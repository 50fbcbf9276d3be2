import Foundation
import Webhooks

/// Which of an app's outbox messages a listing shows: nil lets every value through.
package struct DeliveryFilter: Sendable, Hashable {
    package var status: WebhookDeliveryRecord.Status?
    package var destination: WebhookDeliveryRecord.Destination?

    package init(status: WebhookDeliveryRecord.Status? = nil, destination: WebhookDeliveryRecord.Destination? = nil) {
        self.status = status
        self.destination = destination
    }
}
