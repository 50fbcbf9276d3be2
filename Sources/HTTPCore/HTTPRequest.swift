/// A complete HTTP request as the server received it: the head, the query and the whole body (in memory,
/// or in a file for spooled routes).
package struct HTTPRequest: Sendable {
    package var method: HTTPMethod
    /// The path without the query string, percent-decoded.
    package var path: String
    package var query: [(name: String, value: String)]
    package var headers: HTTPHeaders
    package var body: [UInt8]
    /// The body as a file, for routes whose `BodyPolicy` spools (then `body` is empty).
    package var spooledBody: SpooledFile?
    /// Values of the `{name}` segments of the matched route template.
    package var pathParameters: [String: String] = [:]

    package init(
        method: HTTPMethod,
        path: String,
        query: [(name: String, value: String)] = [],
        headers: HTTPHeaders = [:],
        body: [UInt8] = []
    ) {
        self.method = method
        self.path = path
        self.query = query
        self.headers = headers
        self.body = body
    }

    /// The first query value called `name`.
    package func queryValue(_ name: String) -> String? {
        query.first { $0.name == name }?.value
    }
}
