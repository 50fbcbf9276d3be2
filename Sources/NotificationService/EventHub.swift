import Foundation
import NotificationCore
import Scheduling
import Storage
import Synchronization

/// Fans the centers' event histories out to the users' event streams.
///
/// The history is in the store, each event with its center's sequence, so a stream is a cursor over it:
/// it resumes after any `Last-Event-ID` the store still holds — across restarts and, on PostgreSQL,
/// across replicas — and learns of new events from the change feed, which wakes every stream of a center
/// whose history grew (on whichever replica it grew). The hub keeps no events of its own.
package final class EventHub: Sendable {
    /// What a stream sends.
    package enum Item: Sendable, Hashable {
        /// Where the stream starts, before any event: the sequence a client that reconnects resumes after.
        case position(Int64)
        /// The events since the client's `Last-Event-ID` cannot all be replayed: it must fetch the state
        /// again; the stream goes on after `sequence`.
        case reset(after: Int64)
        case event(StoredEvent)
    }

    private struct Watchers {
        var next: UInt64 = 0
        var byCenter: [CenterKey: [UInt64: WakeSignal]] = [:]
    }

    private let store: any NotificationStore
    private let watchers = Mutex(Watchers())
    /// Events read from the store at once.
    private let pageSize = 256

    /// The streams following a center now, on this process (`/metrics`).
    package var openStreams: Int { watchers.withLock { $0.byCenter.values.reduce(0) { $0 + $1.count } } }

    package init(store: any NotificationStore) {
        self.store = store
        store.changes.listen { [weak self] change in self?.apply(change) }
    }

    private func apply(_ change: StoreChange) {
        let signals: [WakeSignal] = watchers.withLock { watchers in
            switch change {
            case .events(let key, _): Array(watchers.byCenter[key]?.values ?? [:].values)
            case .centers(let keys): keys.flatMap { Array(watchers.byCenter[$0]?.values ?? [:].values) }
            case .resynchronize, .app: watchers.byCenter.values.flatMap(\.values)
            default: []
            }
        }
        signals.forEach { $0.signal() }
    }

    /// Sends the center's events to `send` until cancelled (or the center is deleted): first where it
    /// starts (`.position`), then the events after `resume` (a stream's `Last-Event-ID`), or, without one,
    /// only what comes from now on. A `resume` the history no longer reaches back to (or not this
    /// center's) sends `.reset` first. An empty `resume` is none.
    package func follow(_ key: CenterKey, after resume: String?, send: @Sendable (Item) async throws -> Void) async throws {
        let signal = WakeSignal()
        let id = watchers.withLock { watchers in
            watchers.next += 1
            watchers.byCenter[key, default: [:]][watchers.next] = signal
            return watchers.next
        }
        defer {
            watchers.withLock { watchers in
                watchers.byCenter[key]?[id] = nil
                if watchers.byCenter[key]?.isEmpty == true { watchers.byCenter[key] = nil }
            }
        }
        guard let latest = try await store.latestEvent(key) else { return }
        var cursor = latest
        if let resume, !resume.isEmpty {
            if let sequence = Int64(resume), sequence >= 0, sequence <= latest {
                cursor = sequence
            } else {
                try await send(.reset(after: cursor))
            }
        }
        try await send(.position(cursor))
        while !Task.isCancelled {
            let page = try await store.events(key, after: cursor, limit: pageSize)
            if page.gap {
                // The center went, or the history was trimmed past the cursor.
                if page.latest == 0, try await store.latestEvent(key) == nil { return }
                cursor = page.latest
                try await send(.reset(after: cursor))
                continue
            }
            for event in page.events {
                try await send(.event(event))
                cursor = event.sequence
            }
            if page.events.count == pageSize { continue }
            await signal.wait()
        }
    }

    /// Waits until the user answers the authorization prompt (a `settingsChanged` after `sequence`) or
    /// `seconds` pass; true when answered.
    package func awaitSettingsChange(_ key: CenterKey, after sequence: Int64, seconds: Int) async -> Bool {
        struct Answered: Error {}
        return await withTaskGroup(of: Bool.self) { group in
            group.addTask {
                do {
                    try await self.follow(key, after: String(sequence)) { item in
                        if case .event(let event) = item, event.name == CenterEvent.settingsChanged(NotificationSettings()).name {
                            throw Answered()
                        }
                    }
                    return false
                } catch {
                    return error is Answered
                }
            }
            group.addTask {
                try? await Task.sleep(for: .seconds(seconds))
                return false
            }
            let answered = await group.next() ?? false
            group.cancelAll()
            return answered
        }
    }
}
