import Foundation
import NotificationCore

/// What one transaction changed, gathered while it runs and announced on the feed once it committed —
/// coalesced, so that a batch of thousands of firings announces each center once.
package struct ChangeSet: Sendable {
    private var centers: Set<CenterKey> = []
    private var notifications: Set<CenterKey> = []
    private var due: Date?
    private var summaryDue: Date?
    private var broadcastDue: Date?
    private var outbox = false
    private var events: [CenterKey: Int64] = [:]
    private var others: [StoreChange] = []
    /// Delivered notifications the change let go to make room (`DeliveredList`): counted as removals in
    /// `usernotifyd_notifications_total` once it commits (`ChangeFeed.publish(_:)`).
    package var droppedForRoom = 0

    package init() {}

    package mutating func announce(_ change: StoreChange) {
        switch change {
        case .centers(let keys): centers.formUnion(keys)
        case .notifications(let keys): notifications.formUnion(keys)
        case .due(let date): due = min(due ?? date, date)
        case .summaryDue(let date): summaryDue = min(summaryDue ?? date, date)
        case .broadcastDue(let date): broadcastDue = min(broadcastDue ?? date, date)
        case .outbox: outbox = true
        case .events(let key, let sequence): events[key] = max(events[key] ?? sequence, sequence)
        default: if !others.contains(change) { others.append(change) }
        }
    }

    package var isEmpty: Bool { changes.isEmpty }

    /// Each center whose record, requests, notifications or events the change touched (a center may
    /// come more than once), and each app whose everything it made stale.
    package func forEachTouched(center: (CenterKey) -> Void, app: (String) -> Void) {
        for key in centers { center(key) }
        for key in notifications { center(key) }
        for key in events.keys { center(key) }
        for case .app(let id) in others { app(id) }
    }

    /// The changes, one of each kind. The keys are in no order: sorting a burst's thousand keys took a
    /// core's time from the writer, and no listener needs them in order.
    package var changes: [StoreChange] {
        var changes = others
        if !centers.isEmpty { changes.append(.centers(Array(centers))) }
        if !notifications.isEmpty { changes.append(.notifications(Array(notifications))) }
        changes += events.map { .events($0.key, sequence: $0.value) }
        if let due { changes.append(.due(due)) }
        if let summaryDue { changes.append(.summaryDue(summaryDue)) }
        if let broadcastDue { changes.append(.broadcastDue(broadcastDue)) }
        if outbox { changes.append(.outbox) }
        return changes
    }
}
