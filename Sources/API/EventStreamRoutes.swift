import Foundation
import HTTPCore
import HTTPTypes
import NotificationCore
import NotificationService
import Storage

/// `streamEvents`: the user's Server-Sent Events — prompts, presentations, badge changes, settings and
/// removals — resumable with `Last-Event-ID`; `streamAppEvents`: the app's own.
enum EventStreamRoutes {
    static func register(on router: inout Router, _ provider: APIContextProvider) {
        // `streamAppEvents`: what happens to the app's own configuration (a webhook endpoint disabled), live.
        router.on(.get, "/v1/events") { request in
            let context = try provider.context()
            let appID = try await context.authenticator.requireApp(request)
            let events = context.appEvents.follow(appID)
            return .eventStream { writer in
                for await event in events {
                    try writer.send(ServerSentEvent(event: event.name, data: String(decoding: event.data, as: UTF8.self)))
                }
            }
        }
        router.on(.get, "/v1/me/events") { request in
            let (context, key) = try await UserRoutes.user(request, provider)
            let resume = request.headers.first(.lastEventID)
            let hub = context.events
            return .eventStream { events in
                try await hub.follow(key, after: resume) { item in
                    switch item {
                    case .position(let sequence):
                        // An id before any event: a client that reconnects resumes from here, so no event
                        // committed between two connections is missed (browsers keep it without an event).
                        try events.sendPosition(String(sequence))
                    case .reset(let sequence):
                        // Some events cannot be replayed: the client should fetch the current state again,
                        // and resume after this.
                        try events.send(ServerSentEvent(id: String(sequence), event: "reset", data: #"{"reason":"history"}"#))
                    case .event(let event):
                        try events.send(
                            ServerSentEvent(
                                id: String(event.sequence), event: event.name, data: String(decoding: event.data, as: UTF8.self)))
                    }
                }
            }
        }
    }
}
