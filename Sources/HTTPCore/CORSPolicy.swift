import ErrorCodes
import Foundation
import HTTPTypes

/// Which other origins' web apps may call the API from a browser, and the Fetch standard's CORS headers
/// that say so: the answer to a preflight, and the headers on every answer to such an origin.
///
/// Credentials here are bearer tokens in `Authorization`, which CORS lets through as a request header;
/// `allowCredentials` is only for deployments that put cookies or TLS client certificates in front, and
/// is refused with `*` (the Fetch standard forbids the pair).
package struct CORSPolicy: Sendable, Equatable {
    package enum Origins: Sendable, Equatable {
        /// `*`: any origin.
        case any
        /// These origins exactly (`https://app.example.com`), lowercased.
        case list(Set<String>)
    }

    package let origins: Origins
    package let allowCredentials: Bool

    /// The request headers a client of this API sends.
    package static let allowedHeaders = [
        "Authorization", "Content-Type", "Idempotency-Key", "Last-Event-ID", "Prefer", "traceparent", "tracestate", "If-None-Match",
        "If-Range", "Range", "apns-channel-id", "apns-collapse-id", "apns-expiration", "apns-id", "apns-priority", "apns-push-type",
        "apns-request-id", "apns-topic",
    ]
    /// The response headers a client reads beyond the ones every browser exposes.
    package static let exposedHeaders = [
        "Location", "RateLimit", "RateLimit-Policy", "Retry-After", "Idempotent-Replayed", "ETag", "Content-Range", "Accept-Ranges",
        "apns-channel-id", "apns-id", "apns-request-id", "apns-unique-id",
    ]
    /// How long a browser may reuse a preflight's answer (Chromium's cap).
    package static let maxAge = 7200

    package struct Invalid: Error, Equatable {
        package let message: String

        package init(_ message: String) { self.message = message }
    }

    /// A policy for `origins` (`*`, or origins such as `https://app.example.com`); nil when it is empty.
    package init?(origins: [String], allowCredentials: Bool) throws(Invalid) {
        let entries = origins.map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        guard !entries.isEmpty else { return nil }
        if entries.contains("*") {
            guard entries == ["*"] else { throw Invalid("`*` allows every origin; give it alone, not among others") }
            guard !allowCredentials else { throw Invalid("`*` cannot allow credentials (the Fetch standard forbids it); list the origins") }
            self.origins = .any
        } else {
            var list = Set<String>()
            for entry in entries {
                guard let url = URL(string: entry), let scheme = url.scheme?.lowercased(), ["http", "https"].contains(scheme),
                    let host = url.host, !host.isEmpty, url.path.isEmpty, url.query == nil, url.user == nil
                else { throw Invalid("'\(entry)' is not an origin such as https://app.example.com (a scheme, a host, a port if any)") }
                list.insert(entry.lowercased())
            }
            self.origins = .list(list)
        }
        self.allowCredentials = allowCredentials
    }

    /// `Access-Control-Allow-Origin` for a request from `origin`, or nil when that origin is not allowed.
    package func allowOrigin(for origin: String?) -> String? {
        guard let origin else { return nil }
        switch origins {
        case .any: return "*"
        case .list(let list): return list.contains(origin.lowercased()) ? origin : nil
        }
    }

    /// Whether a request is a CORS preflight: `OPTIONS` with `Origin` and `Access-Control-Request-Method`.
    package static func isPreflight(_ request: Request) -> Bool {
        request.method == .options && request.headers.first(.origin) != nil && request.headers.first(.accessControlRequestMethod) != nil
    }

    /// The answer to a preflight for a path that `methods` serve (none: nothing is served there).
    package func preflight(_ request: Request, methods: [HTTPRequest.Method]) -> Response {
        guard let allowed = allowOrigin(for: request.headers.first(.origin)) else {
            var response = Problem(
                status: .forbidden, code: .originNotAllowed,
                detail:
                    "The origin '\(request.headers.first(.origin) ?? "")' may not call this API; the operator allows origins with --cors-allowed-origins."
            ).response
            addVary(to: &response.headers, preflight: true)
            return response
        }
        guard !methods.isEmpty else {
            var response = Problem.notFound("Nothing is served at \(request.path); see /openapi.yaml for the API.").response
            decorate(&response, origin: allowed)
            return response
        }
        var headers: HTTPFields = [
            .accessControlAllowOrigin: allowed,
            .accessControlAllowMethods: methods.map(\.rawValue).joined(separator: ", "),
            .accessControlAllowHeaders: Self.allowedHeaders.joined(separator: ", "),
            .accessControlMaxAge: String(Self.maxAge),
        ]
        if allowCredentials { headers[.accessControlAllowCredentials] = "true" }
        addVary(to: &headers, preflight: true)
        return Response(status: .noContent, headers: headers)
    }

    /// Adds the CORS headers to an answer to `request`, when it comes from an allowed origin; and `Vary:
    /// Origin` whenever the answer depends on the origin, so that no cache hands one origin's to another.
    package func decorate(_ response: inout Response, for request: Request) {
        if let allowed = allowOrigin(for: request.headers.first(.origin)) {
            decorate(&response, origin: allowed)
        } else if case .list = origins {
            addVary(to: &response.headers, preflight: false)
        }
    }

    private func decorate(_ response: inout Response, origin allowed: String) {
        response.headers[.accessControlAllowOrigin] = allowed
        response.headers[.accessControlExposeHeaders] = Self.exposedHeaders.joined(separator: ", ")
        if allowCredentials { response.headers[.accessControlAllowCredentials] = "true" }
        if case .list = origins { addVary(to: &response.headers, preflight: false) }
    }

    private func addVary(to headers: inout HTTPFields, preflight: Bool) {
        let names = preflight ? ["Origin", "Access-Control-Request-Method", "Access-Control-Request-Headers"] : ["Origin"]
        let existing = headers[.vary].map { $0.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) } } ?? []
        let missing = names.filter { name in !existing.contains { $0.caseInsensitiveCompare(name) == .orderedSame } }
        guard !missing.isEmpty else { return }
        headers[.vary] = (existing + missing).joined(separator: ", ")
    }
}
