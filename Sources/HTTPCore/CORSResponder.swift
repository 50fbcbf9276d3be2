import HTTPTypes
import Memberwise

/// Serves web apps on other origins: answers CORS preflights itself (on the I/O thread, from the router's
/// routes) and adds the CORS headers to every answer of the responder it wraps, errors and event streams
/// included.
@MemberwiseInit
package struct CORSResponder<Inner: HTTPResponder>: HTTPResponder {
    let inner: Inner
    let policy: CORSPolicy
    /// The methods that serve a request's path (empty: none does).
    let methods: @Sendable (Request) -> [HTTPRequest.Method]

    package func respond(to request: Request) async -> Response {
        if CORSPolicy.isPreflight(request) { return policy.preflight(request, methods: methods(request)) }
        var response = await inner.respond(to: request)
        policy.decorate(&response, for: request)
        return response
    }

    package func bodyPolicy(for request: Request) -> BodyPolicy { inner.bodyPolicy(for: request) }

    package func immediateResponse(to request: Request) -> Response? {
        if CORSPolicy.isPreflight(request) { return policy.preflight(request, methods: methods(request)) }
        guard var response = inner.immediateResponse(to: request) else { return nil }
        policy.decorate(&response, for: request)
        return response
    }
}
