import Foundation
import Storage
import Webhooks

/// What a channel's attempt came to: the call's outcome, what it means for the message, the provider's
/// id for a message it accepted (`apns-id`, FCM's message name), and, for a notification to a browser or
/// phone, whom its receipt is about and whether the device was found gone (unsubscribed, uninstalled).
package struct ChannelAnswer: Sendable {
    package var outcome: AttemptOutcome
    package var verdict: DeliveryVerdict
    package var providerMessageID: String?
    package var receipt: ReceiptTarget?
    package var gone: Bool

    package init(
        _ outcome: AttemptOutcome, _ verdict: DeliveryVerdict, providerMessageID: String? = nil, receipt: ReceiptTarget? = nil,
        gone: Bool = false
    ) {
        self.outcome = outcome
        self.verdict = verdict
        self.providerMessageID = providerMessageID
        self.receipt = receipt
        self.gone = gone
    }

    /// The receipt's step once the message is `status` after this answer at `date`: nil while it waits
    /// for another attempt, or when it is no notification to a device.
    package func receiptEvent(status: WebhookDeliveryRecord.Status, at date: Date) -> ReceiptEvent? {
        guard let receipt else { return nil }
        let error = outcome.error ?? outcome.status.map { "HTTP \($0)" }
        switch status {
        case .pending: return nil
        case .delivered: return receipt.event(.sent, at: date, detail: providerMessageID)
        case .expired: return receipt.event(.expired, at: date, detail: error)
        case .failed, .aborted: return receipt.event(gone ? .unregistered : .failed, at: date, detail: error)
        }
    }

    /// Nothing was sent, and nothing will be: `reason` says why.
    package static func refused(_ reason: String, since start: ContinuousClock.Instant) -> ChannelAnswer {
        ChannelAnswer(.noAnswer(reason, since: start), .reject)
    }
}
