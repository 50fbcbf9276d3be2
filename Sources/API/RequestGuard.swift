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
        guard template.hasPrefix("/v1/") || template.hasPrefix("/3/"),
            let header = request.headers["Authorization"], let token = Authenticator.bearerToken(header)
        else { return try await next(request) }
        let context = try provider.context()
        guard let principal = try? await context.authenticator.principal(for: request) else { return try await next(request) }
        return try await Authenticator.$verified.withValue((token, principal)) {
            var limitHeaders: HTTPHeaders = [:]
            // Per credential (`unk_<id>`, `unc_<id>`): each key of an app has its own buckets.
            if principal != .operator, let credential = Secrets.parse(token, prefix: String(token.prefix(3))) {
                limitHeaders = try limiter.admit(
                    scope: "\(token.prefix(3))_\(credential.id)", kind: RateLimits.kind(method: request.method, template: template))
            }
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
}
