import HTTPTypes
import Memberwise

/// One Server-Sent Event (the `text/event-stream` format of the HTML standard).
@MemberwiseInit
package struct ServerSentEvent: Sendable, Equatable {
    package var id: String?
    package var event: String?
    package var data: String
    /// Reconnection time the client should use, in milliseconds.
    package var retry: Int?

    /// A frame with an `id` and nothing else: the client keeps it as its last event ID (the HTML standard
    /// sets it before it looks at the data) but dispatches no event. A stream sends one when it starts, so
    /// that a client that reconnects before any event resumes from there instead of from "now".
    package static func position(_ id: String) -> [UInt8] {
        Array("id: \(singleLine(id))\n\n".utf8)
    }

    /// The event as it goes on the wire; multi-line data becomes several `data:` lines.
    package var encoded: [UInt8] {
        var text = ""
        if let id { text += "id: \(Self.singleLine(id))\n" }
        if let event { text += "event: \(Self.singleLine(event))\n" }
        if let retry { text += "retry: \(retry)\n" }
        for line in data.split(separator: "\n", omittingEmptySubsequences: false) {
            text += "data: \(line.filter { $0 != "\r" })\n"
        }
        text += "\n"
        return Array(text.utf8)
    }

    private static func singleLine(_ value: String) -> String {
        String(value.filter { $0 != "\n" && $0 != "\r" })
    }
}

extension Response {
    /// A `text/event-stream` response whose events `produce` sends; comment lines keep it alive.
    package static func eventStream(
        headers: HTTPFields = [:],
        produce: @escaping @Sendable (ServerSentEventWriter) async throws -> Void
    ) -> Response {
        var all = headers
        all[.contentType] = "text/event-stream"
        all[.cacheControl] = "no-store"
        return Response(
            status: .ok,
            headers: all,
            body: .stream(
                ResponseStreamProducer(heartbeat: Array(":\n\n".utf8)) { writer in
                    try await produce(ServerSentEventWriter(writer: writer))
                })
        )
    }
}

/// Sends events on a `text/event-stream` response.
package struct ServerSentEventWriter: Sendable {
    package let writer: any ResponseBodyWriter

    package func send(_ event: ServerSentEvent) throws {
        try writer.write(event.encoded)
    }

    /// Sends a position (`ServerSentEvent.position`): an `id` without an event.
    package func sendPosition(_ id: String) throws {
        try writer.write(ServerSentEvent.position(id))
    }
}
