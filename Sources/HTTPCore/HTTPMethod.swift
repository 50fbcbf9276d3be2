/// An HTTP request method. Any token is kept as it came; the router answers a method it does not know
/// (`known`) 501 before routing, and a known one that a path does not serve 405.
package struct HTTPMethod: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    package let rawValue: String

    package init(rawValue: String) { self.rawValue = rawValue }

    package static let get = HTTPMethod(rawValue: "GET")
    package static let head = HTTPMethod(rawValue: "HEAD")
    package static let post = HTTPMethod(rawValue: "POST")
    package static let put = HTTPMethod(rawValue: "PUT")
    package static let patch = HTTPMethod(rawValue: "PATCH")
    package static let delete = HTTPMethod(rawValue: "DELETE")
    package static let options = HTTPMethod(rawValue: "OPTIONS")

    /// The methods the API serves on some path.
    package static let served: Set<HTTPMethod> = [.get, .head, .post, .put, .patch, .delete, .options]
    /// The methods it knows — RFC 9110's, PATCH, and QUERY (the safe method with a body that OpenAPI 3.2
    /// describes): any other is answered 501 on every path (RFC 9110 §15.6.2); a known one that a path does
    /// not serve, 405.
    package static let known: Set<HTTPMethod> = served.union(["TRACE", "CONNECT", "QUERY"].map(HTTPMethod.init(rawValue:)))

    package var isKnown: Bool { Self.known.contains(self) }

    /// The method as a metric label or span name: one of `known`, else `other` — a label must never take a
    /// value a client chose, or anyone could grow the series without bound.
    package var boundedName: String { isKnown ? rawValue : "other" }

    package var description: String { rawValue }
}
