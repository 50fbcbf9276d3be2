import HTTPTypes

/// A complete HTTP request as the server received it: the head, the query and the whole body (in memory,
/// or in a file for spooled routes).
package struct Request: Sendable {
    package var method: HTTPRequest.Method
    /// The path without the query string, percent-decoded (for messages and logs; route by `segments`).
    package var path: String
    /// The path's segments, each percent-decoded on its own (so a `%2F` stays inside its segment).
    package var segments: [String]
    package var query: [(name: String, value: String)]
    package var headers: HTTPFields
    package var body: [UInt8]
    /// The body as a file, for routes whose `BodyPolicy` spools (then `body` is empty).
    package var spooledBody: SpooledFile?
    /// Values of the `{name}` segments of the matched route template.
    package var pathParameters: [String: String] = [:]
    /// Where the request came from, as limits per client count it: an IPv4 address or an IPv6 /64, as
    /// the socket says (nil when unknown, as in-process).
    package var clientNetwork: String?
    /// Whether the client is still there, for a server that watches (nil in-process: `unlessClientLeaves`).
    package var presence: ClientPresence?

    package init(
        method: HTTPRequest.Method,
        path: String,
        query: [(name: String, value: String)] = [],
        headers: HTTPFields = [:],
        body: [UInt8] = []
    ) {
        self.method = method
        self.path = path
        segments = RequestTarget.split(path).map(String.init)
        self.query = query
        self.headers = headers
        self.body = body
    }

    /// A request whose target the server decoded.
    package init(method: HTTPRequest.Method, target: RequestTarget, headers: HTTPFields = [:]) {
        self.method = method
        path = target.path
        segments = target.segments
        query = target.query
        self.headers = headers
        body = []
    }

    /// The first query value called `name`.
    package func queryValue(_ name: String) -> String? {
        query.first { $0.name == name }?.value
    }
}
