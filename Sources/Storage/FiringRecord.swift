import Foundation
import Memberwise
import NotificationCore

/// The result of a firing, recorded atomically: the delivered notification (if the center gets one),
/// the pending request's next date (repeating) or its removal (one-shot), the badge, and the events
/// that tell the user.
@MemberwiseInit
package struct FiringRecord: Sendable, Hashable {
    package var center: CenterKey
    package var identifier: String
    /// The revision it fires; a request replaced meanwhile is left alone. 0: a delivery that never was
    /// pending (no trigger).
    package var revision: Int64
    /// The claim it fires under (scheduled firings): recorded only while that claim holds the request.
    package var claim: Int64?
    package var delivered: DeliveredNotification?
    /// The next fire date of a repeating time-interval or calendar trigger; nil removes the request,
    /// unless `keepPending` (a repeating location trigger, which has no date).
    package var nextFireDate: Date?
    package var keepPending: Bool = false
    /// The center's new badge, when the delivery set it.
    package var badge: Int?
    /// The W3C `traceparent` of the call that added the request, for the webhook messages of this firing.
    package var traceparent: String?
    /// The stored bytes of `delivered.request` when it is the pending request unchanged (no extension,
    /// localization or dropped attachment changed it): the delivered row and the `presented` event reuse
    /// them.
    package var requestForm: Data?
    /// When the request was added (nil for a delivery that never was pending): its receipt's `scheduledAt`.
    package var scheduledAt: Date?
    /// The broadcast this firing is a member's of: its pushes count against it when they fail for good.
    package var broadcastID: String?
    /// The messages to its center's browsers and phones, made before the store's transaction from the
    /// devices a broadcast chunk's claim read (`ClaimedBroadcastChunk.targets`): the store writes these
    /// instead of reading the devices again. Nil: the store reads the devices and makes them.
    package var pushMessages: [WebhookDeliveryRecord]?

    /// Drops the delivered notification's attachments whose media is gone (`exists` false for its id): it
    /// is delivered without them. Its request is then no longer the stored one.
    package mutating func dropAttachments(unless exists: (String) -> Bool) {
        guard let attachments = delivered?.request.content.attachments else { return }
        let kept = attachments.filter { $0.mediaID.map(exists) ?? true }
        guard kept != attachments else { return }
        delivered?.request.content.attachments = kept
        requestForm = nil
        pushMessages = nil
    }

    /// The `fired` step of its receipt: what the center's settings decided, at the delivery's date (or
    /// `now`, when nothing was delivered).
    package func receipt(at now: Date) -> ReceiptEvent {
        let decision: String =
            switch delivered?.presentation {
            case nil: ReceiptEvent.Decision.notAuthorized.rawValue
            case let presentation? where presentation.heldUntil != nil: ReceiptEvent.Decision.held.rawValue
            case let presentation? where presentation.interrupts: ReceiptEvent.Decision.presented.rawValue
            case let presentation?: ([ReceiptEvent.Decision.quiet.rawValue] + presentation.reasons).joined(separator: " ")
            }
        return ReceiptEvent(
            center: center, identifier: identifier, deliveredAt: delivered?.date ?? now, stage: .fired, at: delivered?.date ?? now,
            detail: decision, scheduledAt: scheduledAt)
    }

    /// The messages of its delivered notification to `targets`, its center's browsers and phones: none
    /// when nothing is shown.
    package func pushMessages(to targets: [any OutboxTarget], at now: Date) throws -> [WebhookDeliveryRecord] {
        guard let delivered, delivered.presentation.isVisible else { return [] }
        return try targets.map { target in
            var message = try target.outboxMessage(.delivered(delivered), at: now, traceparent: traceparent)
            message.broadcastID = broadcastID
            return message
        }
    }

    /// What the user hears of this firing, in order: the presentation, then the badge.
    package var events: [CenterEvent] {
        var events: [CenterEvent] = []
        if let delivered { events.append(.presented(delivered)) }
        if let badge { events.append(.badgeChanged(badge)) }
        return events
    }
}
