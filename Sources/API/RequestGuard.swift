import ErrorCodes
import Foundation
import HTTPCore
import HTTPTypes
import Memberwise
import WebPushService

/// What runs around every API handler (the router's middleware): the credential verified once, its
/// rate limit (app keys and center tokens; `RateLimit` headers on every answer, 429 past the limit) and
/// `Idempotency-Key` on POST. A request without a valid credential — a capability token's, or a wrong
/// one — is limited per client network (and a capability token per the key it names), then goes on to
/// its handler, which answers 401 or checks the token as it always does.
@MemberwiseInit
package struct RequestGuard: Sendable {
    let provider: APIContextProvider
    let limiter: RateLimiter

    package func callAsFunction(_ request: Request, template: String, _ next: @escaping Router.Handler) async throws -> Response {
        guard Self.isGuarded(template) else { return try await next(request) }
        do {
            return try await guarded(request, template: template, next)
        } catch let problem as Problem {
            throw Self.answered(problem, template: template)
        }
    }

    private func guarded(_ request: Request, template: String, _ next: @escaping Router.Handler) async throws -> Response {
        let context = try provider.context()
        guard let token = Self.bearerToken(request), let principal = try? await context.authenticator.principal(token: token) else {
            let limitHeaders = try limiter.admitAnonymous(network: request.clientNetwork, tokenKey: Self.capabilityKey(request, template))
            var response = try await next(request)
            response.headers.set(limitHeaders)
            return response
        }
        return try await Authenticator.$verified.withValue((token, principal)) {
            let limitHeaders = try admit(token, principal, request: request, template: template)
            var response: Response
            if request.method == .post, let key = request.headers.first(.idempotencyKey) {
                response = try await IdempotencyKeys(store: context.idempotency).respond(
                    to: request, scope: principal.scope, key: key, next)
            } else {
                response = try await next(request)
            }
            response.headers.set(limitHeaders)
            return response
        }
    }

    /// The same around a route's immediate form: only for a credential already in memory (anything
    /// else, a missing or wrong one included, goes to a worker and answers as it always does), and never
    /// for an `Idempotency-Key`. The rate limit is taken only once the answer is there.
    package func immediate(_ request: Request, template: String, _ next: Router.Attempt) throws -> Response? {
        guard Self.isGuarded(template) else { return try next(request) }
        do {
            return try guardedImmediate(request, template: template, next)
        } catch let problem as Problem {
            throw Self.answered(problem, template: template)
        }
    }

    /// A refusal as the route answers it: Apple's faces (`/1/`, `/3/`, `/4/`) carry APNs' `reason` beside
    /// the problem's `code`, whatever refused (a rate limit, an `Idempotency-Key`, the handler).
    private static func answered(_ problem: Problem, template: String) -> Problem {
        guard !template.hasPrefix("/v1/"), !problem.members.contains(where: { $0.name == "reason" }) else { return problem }
        var problem = problem
        problem.members.append(.init("reason", .string(problem.code.rawValue)))
        return problem
    }

    private func guardedImmediate(_ request: Request, template: String, _ next: Router.Attempt) throws -> Response? {
        // Without a credential, to a worker, which takes it from its client's limit.
        guard let token = Self.bearerToken(request), request.headers.first(.idempotencyKey) == nil, let context = try? provider.context(),
            let principal = try? context.authenticator.cachedPrincipal(token: token)
        else { return nil }
        return try Authenticator.$verified.withValue((token, principal)) {
            guard var response = try next(request) else { return nil }
            response.headers.set(try admit(token, principal, request: request, template: template))
            return response
        }
    }

    /// Whether the route is the API's, Apple's faces included (`/3/` for APNs, `/1/` and `/4/` for its
    /// channels and broadcasts); health checks, the console and the spec are not limited.
    private static func isGuarded(_ template: String) -> Bool { guardedPrefixes.contains { template.hasPrefix($0) } }
    private static let guardedPrefixes = ["/v1/", "/1/", "/3/", "/4/"]

    /// The request's bearer token, if it carries one.
    private static func bearerToken(_ request: Request) -> String? {
        request.headers.first(.authorization).flatMap(Authenticator.bearerToken)
    }

    /// The key a capability token names (unchecked: the handler checks it), for the routes that take one.
    private static func capabilityKey(_ request: Request, _ template: String) -> String? {
        switch template {
        case "/v1/web-push/attachments/{token}":
            return request.pathParameters["token"].flatMap { CapabilityTokens.claimedKey(of: $0) }
        case "/v1/web-push/responses", "/v1/responses", "/v1/displays", "/v1/web-push/renewals", "/v1/web-push/removals":
            struct Body: Decodable { var token: String }
            return (try? JSONDecoder().decode(Body.self, from: Data(request.body))).flatMap { CapabilityTokens.claimedKey(of: $0.token) }
        default:
            return nil
        }
    }

    /// Takes the request from its credential's rate limit (per credential, `unk_<id>`, `unc_<id>`: each key of
    /// an app has its own buckets; the operator has none); the `RateLimit` headers for the answer.
    private func admit(_ token: String, _ principal: Principal, request: Request, template: String) throws -> HTTPFields {
        let kind = RateLimits.kind(method: request.method, template: template)
        guard !principal.isOperator, limiter.limits[kind] != nil,
            let credential = Secrets.parse(token, prefix: String(token.prefix(3)))
        else { return [:] }
        return try limiter.admit(scope: "\(token.prefix(3))_\(credential.id)", kind: kind)
    }
}
