import Foundation
import Webhooks

/// An attempt to record: what happened, the message as it is after it, and what it says of the endpoint.
package struct RecordedAttempt: Sendable {
    package var attempt: DeliveryAttemptRecord
    package var delivery: WebhookDeliveryRecord
    package var endpoint: EndpointOutcome
    /// The step of a notification's receipt the attempt ended in (sent, failed…), written with it.
    package var receipt: ReceiptEvent?

    package init(
        _ attempt: DeliveryAttemptRecord, of delivery: WebhookDeliveryRecord, endpoint: EndpointOutcome, receipt: ReceiptEvent? = nil
    ) {
        self.attempt = attempt
        self.delivery = delivery
        self.endpoint = endpoint
        self.receipt = receipt
    }
}
