import Foundation
import Synchronization

/// Fans center events out to the user's event streams, and keeps a short history per center so that a
/// stream can resume after a reconnect (`Last-Event-ID`).
///
/// Event ids are `<epoch>-<sequence>`: the epoch changes with every process, so a client that resumes
/// with an id from before a restart (or older than the history) is told to resynchronize instead of
/// silently missing events.
package final class EventHub: CenterEventSink {
    package struct Entry: Sendable, Hashable {
        package var id: String
        package var sequence: UInt64
        package var event: CenterEvent
    }

    /// Where a subscription starts.
    package enum Resume: Sendable, Hashable {
        /// From now on.
        case live
        /// After the given id: the entries missed, then live.
        case after(String)
    }

    /// A subscription: what was missed, whether a gap could not be filled, and the live entries.
    package struct Subscription: Sendable {
        package var missed: [Entry]
        /// The id to resume after was unknown (another process, or older than the history).
        package var gap: Bool
        package var live: AsyncStream<Entry>
    }

    private struct State {
        var sequence: UInt64 = 0
        var history: [String: [Entry]] = [:]
        /// Per center, the sequence of the newest entry dropped from the history.
        var trimmed: [String: UInt64] = [:]
        var subscribers: [String: [UUID: AsyncStream<Entry>.Continuation]] = [:]
    }

    private let state = Mutex(State())
    private let epoch: String
    private let historyLimit: Int

    package init(historyLimit: Int = 256, epoch: String = String(UInt64(Date().timeIntervalSince1970 * 1000), radix: 36)) {
        self.historyLimit = historyLimit
        self.epoch = epoch
    }

    package func publish(_ event: CenterEvent, centerID: String) {
        let (entry, subscribers) = state.withLock { state in
            state.sequence += 1
            let entry = Entry(id: "\(epoch)-\(state.sequence)", sequence: state.sequence, event: event)
            var history = state.history[centerID, default: []]
            history.append(entry)
            if history.count > historyLimit {
                state.trimmed[centerID] = history[history.count - historyLimit - 1].sequence
                history.removeFirst(history.count - historyLimit)
            }
            state.history[centerID] = history
            return (entry, Array(state.subscribers[centerID, default: [:]].values))
        }
        subscribers.forEach { $0.yield(entry) }
    }

    /// Subscribes to a center's events; the stream ends when the subscriber stops iterating.
    package func subscribe(centerID: String, from resume: Resume) -> Subscription {
        let token = UUID()
        let (live, continuation) = AsyncStream.makeStream(of: Entry.self, bufferingPolicy: .bufferingNewest(1024))
        continuation.onTermination = { [weak self] _ in
            self?.state.withLock { _ = $0.subscribers[centerID]?.removeValue(forKey: token) }
        }
        let (missed, gap) = state.withLock { state -> ([Entry], Bool) in
            state.subscribers[centerID, default: [:]][token] = continuation
            guard case .after(let id) = resume else { return ([], false) }
            let history = state.history[centerID, default: []]
            let parts = id.split(separator: "-")
            guard parts.count == 2, parts[0] == epoch, let sequence = UInt64(parts[1]) else { return (history, true) }
            let missed = history.filter { $0.sequence > sequence }
            let gap = sequence < state.trimmed[centerID, default: 0] || sequence > state.sequence
            return (missed, gap)
        }
        return Subscription(missed: missed, gap: gap, live: live)
    }
}
