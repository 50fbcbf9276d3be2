import Foundation
import Memberwise
import NotificationCore

/// One step of what became of one delivery of a notification, on its center or on one of the center's
/// browsers and phones: written as it happens, in the transaction of the change it tells of (the firing,
/// the outbox's record of an attempt, a display confirmation, a response, a removal). Receipts are read
/// as these steps in order (`ReceiptSummary`).
@MemberwiseInit
package struct ReceiptEvent: Sendable, Hashable, Encodable {
    package enum Stage: String, Sendable, Hashable, Codable, CaseIterable, CodingKeyRepresentable {
        /// The request fired; `detail` says what the center's settings decided (`Decision`).
        case fired
        /// The push service or provider accepted it for the device; `detail` is its message id.
        case sent
        /// Refused for good (`detail`: why).
        case failed
        /// Not sent within its lifetime (the push service or provider would keep it no longer).
        case expired
        /// The push service or provider said the device no longer reaches the app: its subscription or
        /// registration was removed.
        case unregistered
        /// The device confirmed that it showed the notification.
        case displayed
        /// The user opened it (the default action).
        case opened
        /// The user chose one of its category's actions (`detail`: the action's identifier).
        case action
        /// The user dismissed it.
        case dismissed
        /// It left the delivered list (removed by the app, or dismissed).
        case removed
        /// Read, never written: the request was added (`fired`'s `scheduledAt`), or a later delivery of the
        /// identifier replaced this one.
        case scheduled, replaced

        /// Whether the device will not get it: refused, expired, or no longer reachable.
        package var isFailure: Bool { self == .failed || self == .expired || self == .unregistered }
    }

    /// What the center's settings made of a firing (`fired`'s detail).
    package enum Decision: String, Sendable, Hashable, Codable {
        /// Presented: a banner, the lock screen, or a sound.
        case presented
        /// Delivered quietly: to the list only, or not shown at all (Focus, provisional, alerts off…).
        case quiet
        /// The app is not authorized: nothing delivered.
        case notAuthorized
        /// Held for the user's Scheduled Summary: shown and pushed when it comes.
        case held
    }

    package var center: CenterKey
    package var identifier: String
    /// The delivery's date, which tells one delivery of the identifier from the next (an update is
    /// another). Nil for `removed`: it ends the delivery current at `at`.
    package var deliveredAt: Date?
    /// The browser's push subscription or the phone's registration, with its kind; nil for what
    /// happened on the center itself.
    package var destination: String?
    package var channel: WebhookDeliveryRecord.Destination?
    package var stage: Stage
    package var at: Date
    /// The stage's particulars: the decision, the provider's message id, the error, the action.
    package var detail: String?
    /// For `fired`: when the request was added (nil for a delivery that never was pending).
    package var scheduledAt: Date?

    /// A step as a receipt's `timeline` shows it (openapi.yaml's `ReceiptStep`).
    private enum CodingKeys: String, CodingKey {
        case stage, at, detail
        case destination = "device"
        case channel = "kind"
    }
}
