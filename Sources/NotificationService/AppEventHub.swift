import Foundation
import Storage
import Synchronization

/// Fans what happens to an app's own configuration out to the app's event streams (`streamAppEvents`):
/// for now, a webhook endpoint disabled (410 Gone, or failing too long). Live only, from the change feed
/// (so on PostgreSQL a stream hears what any replica did); the state itself is in `getWebhookSettings`,
/// which a client reads when it (re)connects.
package final class AppEventHub: Sendable {
    package struct Event: Sendable, Hashable {
        package var name: String
        package var data: [UInt8]
    }

    private struct Streams {
        var next: UInt64 = 0
        var byApp: [String: [UInt64: AsyncStream<Event>.Continuation]] = [:]
    }

    private let streams = Mutex(Streams())

    package init(changes: ChangeFeed) {
        changes.listen { [weak self] change in self?.apply(change) }
    }

    private func apply(_ change: StoreChange) {
        guard case .endpointDisabled(let appID, let url, let reason) = change else { return }
        struct Disabled: Encodable {
            var url: String
            var reason: EndpointState.Reason
        }
        let data = (try? JSONEncoder().encode(Disabled(url: url, reason: reason))) ?? Data()
        let event = Event(name: "webhook.endpoint.disabled", data: Array(data))
        for continuation in streams.withLock({ Array(($0.byApp[appID] ?? [:]).values) }) { continuation.yield(event) }
    }

    /// The app's events from now on, until the stream is dropped.
    package func follow(_ appID: String) -> AsyncStream<Event> {
        let (stream, continuation) = AsyncStream.makeStream(of: Event.self, bufferingPolicy: .bufferingNewest(256))
        let id = streams.withLock { streams in
            streams.next += 1
            streams.byApp[appID, default: [:]][streams.next] = continuation
            return streams.next
        }
        continuation.onTermination = { [weak self] _ in
            self?.streams.withLock { streams in
                streams.byApp[appID]?[id] = nil
                if streams.byApp[appID]?.isEmpty == true { streams.byApp[appID] = nil }
            }
        }
        return stream
    }
}
