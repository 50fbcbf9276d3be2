import Foundation
import HTTPCore
import NotificationCore
import NotificationService

/// `streamEvents`: the user's Server-Sent Events — prompts, presentations, badge changes, settings and
/// removals — resumable with `Last-Event-ID`.
enum EventStreamRoutes {
    static func register(on router: inout Router, _ provider: APIContextProvider) {
        router.on(.get, "/v1/me/events") { request in
            let context = try provider.context()
            let (centerID, _) = try await context.authenticator.requireUser(request)
            let resume: EventHub.Resume = request.headers["Last-Event-ID"].map { .after($0) } ?? .live
            let subscription = context.events.subscribe(centerID: centerID, from: resume)
            return .eventStream { events in
                if subscription.gap {
                    // Some events cannot be replayed: the client should fetch the current state again.
                    try events.send(ServerSentEvent(event: "reset", data: #"{"reason":"history"}"#))
                }
                for entry in subscription.missed { try events.send(try message(entry)) }
                for await entry in subscription.live { try events.send(try message(entry)) }
            }
        }
    }

    /// An entry as a Server-Sent Event: the event's kind as its name, its payload as JSON data.
    static func message(_ entry: EventHub.Entry) throws -> ServerSentEvent {
        let (name, payload) = describe(entry.event)
        return ServerSentEvent(id: entry.id, event: name, data: String(decoding: try JSONBody.encoder.encode(payload), as: UTF8.self))
    }

    private struct Removed: Encodable { var identifiers: [String] }
    private struct BadgeCount: Encodable { var badge: Int }

    private static func describe(_ event: CenterEvent) -> (String, any Encodable) {
        switch event {
        case .authorizationPrompt(let prompt): ("authorizationPrompt", prompt)
        case .settingsChanged(let settings): ("settingsChanged", settings)
        case .presented(let delivered): ("presented", delivered)
        case .badgeChanged(let badge): ("badgeChanged", BadgeCount(badge: badge))
        case .deliveredRemoved(let identifiers): ("deliveredRemoved", Removed(identifiers: identifiers))
        case .pendingRemoved(let identifiers): ("pendingRemoved", Removed(identifiers: identifiers))
        }
    }
}
