import HTTPCore
import NotificationCore

/// Serves every request with the W3C `traceparent` it came with (if valid) as the task's trace context,
/// so that what the request leads to — a request added now and fired later, a delivery at once — carries
/// it to the app's webhook calls.
struct TracingResponder: HTTPResponder {
    let router: Router

    func respond(to request: Request) async -> Response {
        await TraceContext.$traceparent.withValue(TraceContext.validated(request.headers["traceparent"])) {
            await router.respond(to: request)
        }
    }

    func bodyPolicy(for request: Request) -> BodyPolicy { router.bodyPolicy(for: request) }

    func immediateResponse(to request: Request) -> Response? { router.immediateResponse(to: request) }
}
