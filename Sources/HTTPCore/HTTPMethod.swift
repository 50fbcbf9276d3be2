/// An HTTP request method. Any token is kept as it came; the router serves only `served` and answers the
/// rest 501 before routing.
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

    /// The methods the API serves on some path; any other is answered 501 on every path.
    package static let served: Set<HTTPMethod> = [.get, .head, .post, .put, .patch, .delete, .options]

    package var isServed: Bool { Self.served.contains(self) }

    /// The method as a metric label or span name: one of `served`, else `other` — a label must never take
    /// a value a client chose, or anyone could grow the series without bound.
    package var boundedName: String { isServed ? rawValue : "other" }

    package var description: String { rawValue }
}
