import Foundation
import NotificationCore

/// A pending request as the store hands it out, with the revision that identifies this version of it
/// (an `add` with the same identifier makes a new revision).
package struct StoredPending: Sendable, Hashable {
    package var pending: PendingRequest
    package var revision: Int64

    package init(pending: PendingRequest, revision: Int64) {
        self.pending = pending
        self.revision = revision
    }
}

/// The result of a firing, recorded atomically: the delivered notification (if the center gets one),
/// the pending request's next date (repeating) or its removal (one-shot), and the badge.
package struct FiringRecord: Sendable, Hashable {
    package var centerID: String
    package var identifier: String
    /// The revision that was claimed; a request replaced meanwhile is left alone.
    package var revision: Int64
    package var delivered: DeliveredNotification?
    /// The next fire date of a repeating time-interval or calendar trigger; nil removes the request,
    /// unless `keepPending` (a repeating location trigger, which has no date).
    package var nextFireDate: Date?
    package var keepPending: Bool
    /// The center's new badge, when the delivery set it.
    package var badge: Int?

    package init(
        centerID: String, identifier: String, revision: Int64, delivered: DeliveredNotification?, nextFireDate: Date?,
        keepPending: Bool = false, badge: Int? = nil
    ) {
        self.centerID = centerID
        self.identifier = identifier
        self.revision = revision
        self.delivered = delivered
        self.nextFireDate = nextFireDate
        self.keepPending = keepPending
        self.badge = badge
    }
}

/// A page of results and the cursor for the next one (nil at the end).
package struct Page<Item: Sendable>: Sendable {
    package var items: [Item]
    package var nextCursor: String?

    package init(items: [Item], nextCursor: String?) {
        self.items = items
        self.nextCursor = nextCursor
    }
}

/// Whether an add created a request or replaced one with the same identifier.
package enum AddOutcome: Sendable, Hashable {
    case added
    case replaced
}

/// What a claim took, and the earliest fire date still unclaimed after it.
package struct ClaimedBatch: Sendable {
    package var claims: [StoredPending]
    package var nextUnclaimed: Date?

    package init(claims: [StoredPending], nextUnclaimed: Date?) {
        self.claims = claims
        self.nextUnclaimed = nextUnclaimed
    }
}
