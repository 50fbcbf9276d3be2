import HTTPCore

/// What runs around every API handler (the router's middleware): the credential verified once, its
/// rate limit (app keys and center tokens; `RateLimit` headers on every answer, 429 past the limit) and
/// `Idempotency-Key` on POST. A request without a valid credential goes on to its handler, which
/// answers 401 as it always does.
package struct RequestGuard: Sendable {
    let provider: APIContextProvider
    let limiter: RateLimiter

    package init(provider: APIContextProvider, limiter: RateLimiter) {
        self.provider = provider
        self.limiter = limiter
    }

    package func callAsFunction(_ request: Request, template: String, _ next: @escaping Router.Handler) async throws -> Response {
        guard let token = Self.guardedToken(request, template: template) else { return try await next(request) }
        let context = try provider.context()
        guard let principal = try? await context.authenticator.principal(token: token) else { return try await next(request) }
        return try await Authenticator.$verified.withValue((token, principal)) {
            let limitHeaders = try admit(token, principal, request: request, template: template)
            var response: Response
            if request.method == .post, let key = request.headers["Idempotency-Key"] {
                response = try await IdempotencyKeys(store: context.idempotency).respond(
                    to: request, scope: principal.scope, key: key, next)
            } else {
                response = try await next(request)
            }
            for field in limitHeaders.fields { response.headers.set(field.name, field.value) }
            return response
        }
    }

    /// The same around a route's immediate form: only for a credential already in memory (anything
    /// else, a missing or wrong one included, goes to a worker and answers as it always does), and never
    /// for an `Idempotency-Key`. The rate limit is taken only once the answer is there.
    package func immediate(_ request: Request, template: String, _ next: Router.Attempt) throws -> Response? {
        guard let token = Self.guardedToken(request, template: template) else { return try next(request) }
        guard request.headers["Idempotency-Key"] == nil, let context = try? provider.context(),
            let principal = try? context.authenticator.cachedPrincipal(token: token)
        else { return nil }
        return try Authenticator.$verified.withValue((token, principal)) {
            guard var response = try next(request) else { return nil }
            for field in try admit(token, principal, request: request, template: template).fields {
                response.headers.set(field.name, field.value)
            }
            return response
        }
    }

    /// The bearer token of a request to a guarded route (the API's), if it carries one.
    private static func guardedToken(_ request: Request, template: String) -> String? {
        guard template.hasPrefix("/v1/") || template.hasPrefix("/3/"), let header = request.headers["Authorization"] else { return nil }
        return Authenticator.bearerToken(header)
    }

    /// Takes the request from its credential's rate limit (per credential, `unk_<id>`, `unc_<id>`: each key of
    /// an app has its own buckets; the operator has none); the `RateLimit` headers for the answer.
    private func admit(_ token: String, _ principal: Principal, request: Request, template: String) throws -> HTTPHeaders {
        let kind = RateLimits.kind(method: request.method, template: template)
        guard principal != .operator, limiter.limits[kind] != nil,
            let credential = Secrets.parse(token, prefix: String(token.prefix(3)))
        else { return [:] }
        return try limiter.admit(scope: "\(token.prefix(3))_\(credential.id)", kind: kind)
    }
}
