import HTTPTypes

extension HTTPRequest.Method {
    /// The methods the API serves on some path.
    package static let served: Set<HTTPRequest.Method> = [.get, .head, .post, .put, .patch, .delete, .options]
    /// The methods it knows — RFC 9110's, PATCH, and QUERY (the safe method with a body that OpenAPI 3.2
    /// describes): any other is answered 501 on every path (RFC 9110 §15.6.2); a known one that a path does
    /// not serve, 405.
    package static let known: Set<HTTPRequest.Method> = served.union([.trace, .connect, HTTPRequest.Method("QUERY")!])

    package var isKnown: Bool { Self.known.contains(self) }

    /// The method as a metric label or span name: one of `known`, else `other` — a label must never take a
    /// value a client chose, or anyone could grow the series without bound.
    package var boundedName: String { isKnown ? rawValue : "other" }
}
