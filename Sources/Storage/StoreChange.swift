import Foundation
import NotificationCore
import Synchronization

/// What a committed change touched, as the one change feed announces it. Wake-ups (the scheduler, the
/// webhook dispatcher), caches and the users' event streams all listen to the feed and to nothing else:
/// on SQLite the store announces its own commits; on PostgreSQL every replica also hears the others'
/// through LISTEN/NOTIFY. So a cache is correct across processes only through the feed, and nothing may
/// cache without listening to it.
package enum StoreChange: Sendable, Hashable {
    /// Centers' own records changed (settings, state, badge, push token…) or the centers went.
    case centers([CenterKey])
    /// Centers' pending requests or delivered notifications changed.
    case notifications([CenterKey])
    /// A request became due at this date (added, replaced or moved): a scheduler sleeping past it wakes.
    case due(Date)
    /// A notification was held for a Scheduled Summary delivered at this date: a releaser sleeping past it wakes.
    case summaryDue(Date)
    /// A broadcast's zone comes at this date, or its chunks wait to be fired: a fan-out sleeping past it wakes.
    case broadcastDue(Date)
    /// Outbox messages became due (written, replayed, their endpoint enabled): the dispatcher looks.
    case outbox
    /// A center's event history grew up to `sequence`.
    case events(CenterKey, sequence: Int64)
    /// Credentials were revoked or deleted (an app key, a center's token).
    case credentials
    /// An app went, or changed: everything of it cached is stale.
    case app(String)
    /// An app's string tables changed.
    case stringTables(String)
    /// An app's webhook settings changed.
    case webhookSettings(String)
    /// The bytes of these contents (SHA-256s) went with the last media that had them: every replica
    /// drops its copy.
    case mediaRemoved([String])
    /// The shared virtual clock moved (several replicas on one clock).
    case clock(Date)
    /// An app's webhook endpoint was disabled (the app's event stream tells of it).
    case endpointDisabled(appID: String, url: String, reason: EndpointState.Reason)
    /// Changes may have been missed (the feed's connection was lost meanwhile): drop every cache, wake
    /// every loop, re-read every stream.
    case resynchronize
}

/// The change feed: listeners registered at start-up, told of every change after it committed, in the
/// committing task (so a caller that wrote, then reads, sees the caches already invalidated). Listeners
/// must be quick and must not block: invalidate, signal, return.
package final class ChangeFeed: Sendable {
    package typealias Listener = @Sendable (StoreChange) -> Void

    private let listeners = Mutex<[Listener]>([])

    package init() {}

    package func listen(_ listener: @escaping Listener) {
        listeners.withLock { $0.append(listener) }
    }

    package func publish(_ change: StoreChange) {
        for listener in listeners.withLock({ $0 }) { listener(change) }
    }

    /// A committed change of this replica's: its changes, and the removals it made to make room counted.
    package func publish(_ set: ChangeSet) {
        if set.droppedForRoom > 0 { ReceiptEvent.count(.removed, by: set.droppedForRoom) }
        publish(set.changes)
    }

    package func publish(_ changes: [StoreChange]) {
        let all = listeners.withLock { $0 }
        for change in changes {
            for listener in all { listener(change) }
        }
    }
}
