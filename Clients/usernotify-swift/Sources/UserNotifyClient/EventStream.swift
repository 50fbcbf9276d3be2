// Written by hand (not generated): what a client of usernotifyd needs beyond the generated code.
import OpenAPIRuntime

/// One event of a stream: its id (to resume after it), its name (`authorizationPrompt`, `presented`…) and
/// its data, JSON as the server sent it.
public struct StreamedEvent: Sendable, Hashable {
    public var id: String?
    public var name: String
    public var data: String
}

/// A stream's events as they come, as an `AsyncSequence`; it ends when the server closes the stream.
/// Frames with only an id (where a stream starts) and heartbeats dispatch no event, as in `EventSource`.
public struct EventStream: AsyncSequence, Sendable {
    public typealias Element = StreamedEvent
    let body: HTTPBody

    public struct AsyncIterator: AsyncIteratorProtocol {
        var events: ServerSentEventsDeserializationSequence<ServerSentEventsLineDeserializationSequence<HTTPBody>>.Iterator<
            ServerSentEventsLineDeserializationSequence<HTTPBody>.AsyncIterator
        >

        public mutating func next() async throws -> StreamedEvent? {
            while let event = try await events.next() {
                guard let data = event.data else { continue }
                return StreamedEvent(id: event.id, name: event.event ?? "message", data: data)
            }
            return nil
        }
    }

    public func makeAsyncIterator() -> AsyncIterator { AsyncIterator(events: body.asDecodedServerSentEvents().makeAsyncIterator()) }
}

/// The server refused to open a stream: the answer, as the generated client decoded it.
public struct EventStreamRefused: Error, CustomStringConvertible {
    public let description: String
}

extension Client {
    /// `GET /v1/me/events` with a center token: the center's events, after `lastEventID` (nil: from now;
    /// "0": from the oldest the server keeps).
    public func centerEvents(lastEventID: String? = nil) async throws -> EventStream {
        let output = try await streamEvents(headers: .init(lastEventID: lastEventID))
        guard case .ok(let ok) = output else { throw EventStreamRefused(description: "\(output)") }
        return EventStream(body: try ok.body.textEventStream)
    }

    /// `GET /v1/events` with an app key: the app's events from now (live only: the state they announce is
    /// in the webhook settings, which a client reads when it connects).
    public func appEvents() async throws -> EventStream {
        let output = try await streamAppEvents()
        guard case .ok(let ok) = output else { throw EventStreamRefused(description: "\(output)") }
        return EventStream(body: try ok.body.textEventStream)
    }
}
