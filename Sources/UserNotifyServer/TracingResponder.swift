import Foundation
import HTTPCore
import HTTPTypes
import NotificationCore

/// Serves every request with the W3C `traceparent` it came with (if valid) as the task's trace context,
/// so that what the request leads to — a request added now and fired later, a delivery at once — carries
/// it to the app's webhook calls. With tracing on (`--otlp-endpoint`), each request is also a server span,
/// a child of that `traceparent` (or the root of a new trace), and what it leads to carries the span's own
/// context instead.
struct TracingResponder: HTTPResponder {
    let router: Router

    func respond(to request: Request) async -> Response {
        let incoming = TraceContext.validated(request.headers.first(.traceparent))
        guard Tracing.isOn else {
            return await TraceContext.$traceparent.withValue(incoming) { await router.respond(to: request) }
        }
        let parent = SpanContext(traceparent: incoming)
        let span = SpanContext.child(of: parent)
        let start = Date()
        let response = await TraceContext.$traceparent.withValue(span.traceparent) { await router.respond(to: request) }
        record(request, response, span: span, parent: parent, start: start)
        return response
    }

    func bodyPolicy(for request: Request) -> BodyPolicy { router.bodyPolicy(for: request) }

    func immediateResponse(to request: Request) -> Response? {
        let start = Date()
        guard let response = router.immediateResponse(to: request) else { return nil }
        if Tracing.isOn {
            let parent = SpanContext(traceparent: request.headers.first(.traceparent))
            record(request, response, span: SpanContext.child(of: parent), parent: parent, start: start)
        }
        return response
    }

    /// The request's server span, named as OpenTelemetry's HTTP conventions say (`GET /v1/centers/{centerID}`).
    /// Nothing in it is a client's text unchecked: the method from the known set (`_OTHER` else, as the
    /// conventions say), the path with its capabilities cut and only for a served route.
    private func record(_ request: Request, _ response: Response, span: SpanContext, parent: SpanContext?, start: Date) {
        let route = router.routeTemplate(for: request)
        let method = request.method.isKnown ? request.method.rawValue : "_OTHER"
        var attributes: [String: SpanAttribute] = [
            "http.request.method": .string(method), "http.response.status_code": .int(response.status.code),
        ]
        if let route { attributes["http.route"] = .string(route) }
        if let path = router.redactedPath(for: request) { attributes["url.path"] = .string(path) }
        Tracing.record(
            SpanRecord(
                name: route.map { "\(method) \($0)" } ?? method, kind: .server, context: span,
                parentSpanID: parent?.spanID, start: start, end: Date(), attributes: attributes, failed: response.status.code >= 500))
    }
}
