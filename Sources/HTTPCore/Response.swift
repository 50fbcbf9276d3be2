import HTTPTypes

/// A response: a status, header fields and a body that is either complete or produced over time.
package struct Response: Sendable {
    package var status: HTTPStatus
    package var headers: HTTPFields
    package var body: Body

    package enum Body: Sendable {
        case bytes([UInt8])
        case stream(ResponseStreamProducer)
        /// Bytes of an open file, sent by the server straight from it.
        case file(FileRegion)
    }

    package init(status: HTTPStatus, headers: HTTPFields = [:], body: Body = .bytes([])) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    package init(status: HTTPStatus, contentType: String, bytes: [UInt8]) {
        self.init(status: status, headers: [.contentType: contentType], body: .bytes(bytes))
    }
}

/// Writes the body of a streaming response. Writes never block: bytes are buffered for the connection.
package protocol ResponseBodyWriter: Sendable {
    /// Queues bytes for the client. Throws `ResponseStreamClosed` once the client has gone or the server
    /// is shutting down; the producer should then return.
    func write(_ bytes: [UInt8]) throws
}

/// Thrown by a `ResponseBodyWriter` whose connection is gone.
package struct ResponseStreamClosed: Error, Equatable {
    package init() {}
}

/// Produces a streaming body. The server runs `produce` until it returns or throws, cancels it when the
/// client disconnects or the server drains, and writes `heartbeat` whenever nothing else was written for
/// a heartbeat interval, which is also how a vanished client is noticed.
package struct ResponseStreamProducer: Sendable {
    package var heartbeat: [UInt8]?
    package var produce: @Sendable (any ResponseBodyWriter) async throws -> Void

    package init(
        heartbeat: [UInt8]? = nil,
        produce: @escaping @Sendable (any ResponseBodyWriter) async throws -> Void
    ) {
        self.heartbeat = heartbeat
        self.produce = produce
    }
}
