import HTTPTypes

/// Routes requests by method and path template (`/v1/apps/{appID}`) to handlers, and is the one place
/// where a thrown error becomes an HTTP response: a `Problem` is rendered as `application/problem+json`,
/// anything else goes through `errorMapper` and, failing that, becomes a logged 500.
///
/// A method the server does not know answers 501 before any path is looked at; an unknown path answers 404; a known
/// path with another method answers 405 with `Allow`. `HEAD` is served by the `GET` handler (the server
/// drops the body).
///
/// A route may also have an immediate form, tried on the server's I/O thread before the request goes to a
/// worker (`HTTPResponder.immediateResponse`): it answers from memory or returns nil to leave the request
/// to the handler. Health checks have only that form; cached reads have both.
package struct Router: HTTPResponder {
    package typealias Handler = @Sendable (Request) async throws -> Response
    /// An answer from memory, without waiting on anything, or nil to leave the request to the handler.
    package typealias Attempt = @Sendable (Request) throws -> Response?

    /// Routes by their number of path segments: a request is compared only with templates as long as its path.
    private var routes: [Int: [Route]] = [:]
    /// The few routes whose bodies are spooled to disk; asked about only when there are any.
    private var spooledRoutes: [(method: HTTPRequest.Method, template: PathTemplate, policy: BodyPolicy)] = []
    /// The few routes with an immediate form; every complete request is compared with them first.
    private var immediateRoutes: [(method: HTTPRequest.Method, path: String, template: PathTemplate, attempt: Attempt)] = []
    /// Maps errors that are not `Problem`s (domain errors) to problems; nil means "internal error".
    package var errorMapper: @Sendable (any Error) -> Problem?
    /// Told about every error that became a 500, with the request and its path as logs may carry it
    /// (`redactedPath(for:)`; nil when no route served it).
    package var onInternalError: @Sendable (any Error, Request, String?) -> Void
    /// Told about every response: the method, the route's template (nil: no route matched), the status
    /// and how long the handler took (metrics).
    package var onResponse: @Sendable (HTTPRequest.Method, String?, HTTPStatus, Duration) -> Void = { _, _, _, _ in }
    /// Runs around the handler of every matched route (rate limits, idempotency keys): given the request,
    /// the route's template and the handler. What it throws is rendered like a handler's errors.
    package var middleware: (@Sendable (Request, String, @escaping Handler) async throws -> Response)?
    /// The middleware around immediate forms; nil while `middleware` is set means no immediate answers.
    package var immediateMiddleware: (@Sendable (Request, String, Attempt) throws -> Response?)?

    package init(
        errorMapper: @escaping @Sendable (any Error) -> Problem? = { _ in nil },
        onInternalError: @escaping @Sendable (any Error, Request, String?) -> Void = { _, _, _ in }
    ) {
        self.errorMapper = errorMapper
        self.onInternalError = onInternalError
    }

    /// Adds a route. Templates are `/`-separated; a segment `{name}` matches any one non-empty segment.
    /// `body` says how the request body is received (in memory unless told otherwise); `immediate` is
    /// the route's immediate form, which must not block.
    package mutating func on(
        _ method: HTTPRequest.Method, _ template: String, body: BodyPolicy = .buffered, immediate: Attempt? = nil,
        _ handler: @escaping Handler
    ) {
        let route = Route(method: method, path: template, template: PathTemplate(template), handler: handler)
        routes[route.template.segments.count, default: []].append(route)
        if case .spooled = body { spooledRoutes.append((method, route.template, body)) }
        if let immediate { immediateRoutes.append((method, template, route.template, immediate)) }
    }

    /// Adds a route answered from memory on the I/O thread; `handler` must not block.
    package mutating func onImmediate(
        _ method: HTTPRequest.Method, _ template: String, _ handler: @escaping @Sendable (Request) throws -> Response
    ) {
        on(method, template, immediate: { try handler($0) }) { try handler($0) }
    }

    package func bodyPolicy(for request: Request) -> BodyPolicy {
        guard !spooledRoutes.isEmpty else { return .buffered }
        return spooledRoutes.first { $0.method == request.method && $0.template.match(request.segments) != nil }?.policy ?? .buffered
    }

    package func immediateResponse(to request: Request) -> Response? {
        guard !immediateRoutes.isEmpty, middleware == nil || immediateMiddleware != nil else { return nil }
        let method = request.method == .head ? HTTPRequest.Method.get : request.method
        let segments = request.segments
        var request = request
        guard
            let route = immediateRoutes.first(where: { route in
                guard route.method == method, let parameters = route.template.match(segments) else { return false }
                request.pathParameters = parameters
                return true
            })
        else { return nil }
        let started = ContinuousClock.now
        let response: Response
        do {
            let answer = try immediateMiddleware.map { try $0(request, route.path, route.attempt) } ?? route.attempt(request)
            guard let answer else { return nil }
            response = answer
        } catch {
            response = render(error, of: request)
        }
        onResponse(request.method, route.path, response.status, ContinuousClock.now - started)
        return response
    }

    package func respond(to request: Request) async -> Response {
        let started = ContinuousClock.now
        var request = request
        var template: String?
        let response: Response
        do {
            let route = try match(&request)
            template = route.template
            if let middleware {
                response = try await middleware(request, route.template, route.handler)
            } else {
                response = try await route.handler(request)
            }
        } catch {
            response = render(error, of: request)
        }
        onResponse(request.method, template, response.status, ContinuousClock.now - started)
        return response
    }

    /// The template of the route that serves `request` (`/v1/centers/{centerID}`), or nil if none does.
    package func routeTemplate(for request: Request) -> String? {
        let method = request.method == .head ? HTTPRequest.Method.get : request.method
        let segments = request.segments
        return routes[segments.count]?.first { $0.method == method && $0.template.match(segments) != nil }?.path
    }

    /// The request's path as spans and logs may carry it: the segments that fill a capability parameter
    /// (one whose name ends in `token`, such as an attachment's signed token or a device token) stay as the
    /// template names them. Nil when no route serves the path: its raw text is a client's, and may be a
    /// mistyped capability.
    package func redactedPath(for request: Request) -> String? {
        let segments = request.segments
        let method = request.method == .head ? HTTPRequest.Method.get : request.method
        guard let route = routes[segments.count]?.first(where: { $0.method == method && $0.template.match(segments) != nil }) else {
            return nil
        }
        return "/"
            + zip(route.template.segments, segments).map { segment, actual in
                if case .parameter(let name) = segment, name.lowercased().hasSuffix("token") { return "{\(name)}" }
                return actual
            }.joined(separator: "/")
    }

    /// The methods that serve the request's path (`HEAD` with `GET`), in the order the routes were added;
    /// empty when nothing is served there. CORS preflights answer with them.
    package func methods(for request: Request) -> [HTTPRequest.Method] {
        let segments = request.segments
        var methods: [HTTPRequest.Method] = []
        for route in routes[segments.count] ?? [] where route.template.match(segments) != nil && !methods.contains(route.method) {
            methods.append(route.method)
        }
        if methods.contains(.get) { methods.append(.head) }
        return methods
    }

    /// The one place where an error becomes a response.
    private func render(_ error: any Error, of request: Request) -> Response {
        if let problem = error as? Problem { return problem.response }
        if let problem = errorMapper(error) { return problem.response }
        onInternalError(error, request, redactedPath(for: request))
        return Problem.internalError().response
    }

    /// The route for the request, with its path parameters filled in.
    private func match(_ request: inout Request) throws -> (handler: Handler, template: String) {
        guard request.method.isKnown else { throw Problem.methodNotImplemented() }
        let segments = request.segments
        var allowed: [HTTPRequest.Method] = []
        let method = request.method == .head ? HTTPRequest.Method.get : request.method
        for route in routes[segments.count] ?? [] {
            guard let parameters = route.template.match(segments) else { continue }
            if route.method == method {
                request.pathParameters = parameters
                return (route.handler, route.path)
            }
            if !allowed.contains(route.method) { allowed.append(route.method) }
        }
        guard !allowed.isEmpty else {
            throw Problem.notFound("Nothing is served at \(request.path); see /openapi.yaml for the API.")
        }
        if allowed.contains(.get) { allowed.append(.head) }
        throw Problem.methodNotAllowed(request.method, path: request.path, allowed: allowed)
    }

    private struct Route: Sendable {
        var method: HTTPRequest.Method
        /// The template as written (`/v1/apps/{appID}`).
        var path: String
        var template: PathTemplate
        var handler: Handler
    }
}

/// A parsed path template such as `/v1/apps/{appID}/centers/{centerID}`.
package struct PathTemplate: Sendable, Equatable {
    package enum Segment: Sendable, Equatable {
        case literal(String)
        case parameter(String)
    }

    package let segments: [Segment]

    package init(_ template: String) {
        segments = RequestTarget.split(template).map { segment in
            if segment.hasPrefix("{"), segment.hasSuffix("}"), segment.count > 2 {
                return .parameter(String(segment.dropFirst().dropLast()))
            }
            return .literal(String(segment))
        }
    }

    /// The path parameters when `pathSegments` match, else nil.
    package func match(_ pathSegments: [String]) -> [String: String]? {
        guard pathSegments.count == segments.count else { return nil }
        // Literals first, without allocating: most templates fail here.
        for (segment, actual) in zip(segments, pathSegments) {
            switch segment {
            case .literal(let literal): guard literal.utf8.elementsEqual(actual.utf8) else { return nil }
            case .parameter: guard !actual.isEmpty else { return nil }
            }
        }
        var parameters: [String: String] = [:]
        for case (.parameter(let name), let actual) in zip(segments, pathSegments) { parameters[name] = actual }
        return parameters
    }
}
