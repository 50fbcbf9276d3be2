import Foundation
import Memberwise
import NotificationCore

/// One delivery of a notification to one browser or phone: whom a channel's receipt is about.
@MemberwiseInit
package struct ReceiptTarget: Sendable, Hashable {
    package var center: CenterKey
    package var identifier: String
    package var deliveredAt: Date
    package var destination: String
    package var channel: WebhookDeliveryRecord.Destination

    /// The step this target reached.
    package func event(_ stage: ReceiptEvent.Stage, at date: Date, detail: String? = nil) -> ReceiptEvent {
        ReceiptEvent(
            center: center, identifier: identifier, deliveredAt: deliveredAt, destination: destination, channel: channel, stage: stage,
            at: date, detail: detail)
    }
}
