import ErrorCodes
import Foundation
import HTTPCore
import HTTPTypes
import Testing

/// CORS through the real router, in-process: what a browser asks before a cross-origin call and what it
/// needs on every answer.
@Suite struct CORSTests {
    static let app = "https://app.example.com"

    func responder(_ policy: CORSPolicy) -> CORSResponder<Router> {
        var router = Router()
        router.on(.get, "/v1/centers") { _ in Response(status: .ok, contentType: "application/json", bytes: Array("[]".utf8)) }
        router.on(.post, "/v1/centers") { _ in
            Response(status: .created, headers: ["Location": "/v1/centers/phone-1", "Content-Type": "application/json"])
        }
        router.on(.get, "/v1/centers/{centerID}") { _ in throw Problem.notFound("No center.") }
        router.onImmediate(.get, "/healthz") { _ in Response(status: .ok, contentType: "application/json", bytes: Array("{}".utf8)) }
        let routes = router
        return CORSResponder(inner: routes, policy: policy) { routes.methods(for: $0) }
    }

    func preflight(_ path: String, origin: String, method: String = "POST") -> Request {
        Request(
            method: .options, path: path,
            headers: [
                "Origin": origin, "Access-Control-Request-Method": method, "Access-Control-Request-Headers": "authorization,content-type",
            ])
    }

    func policy(_ origins: [String], credentials: Bool = false) throws -> CORSPolicy {
        try #require(try CORSPolicy(origins: origins, allowCredentials: credentials))
    }

    @Test func aPreflightFromAnAllowedOriginIsAnsweredWithTheRoutesMethodsAndTheAPIsHeaders() async throws {
        let responder = responder(try policy([Self.app, "http://127.0.0.1:5173"]))
        let answer = await responder.respond(to: preflight("/v1/centers", origin: Self.app))
        #expect(answer.status == .noContent)
        #expect(answer.headers["Access-Control-Allow-Origin"] == Self.app)
        #expect(answer.headers["Access-Control-Allow-Methods"] == "GET, POST, HEAD")
        let allowed = try #require(answer.headers["Access-Control-Allow-Headers"]).lowercased()
        for header in ["authorization", "content-type", "idempotency-key", "last-event-id", "traceparent"] {
            #expect(allowed.contains(header))
        }
        #expect(answer.headers["Access-Control-Max-Age"] == "7200")
        #expect(answer.headers["Access-Control-Allow-Credentials"] == nil)
        #expect(answer.headers["Vary"] == "Origin, Access-Control-Request-Method, Access-Control-Request-Headers")
        // Answered on the I/O thread too, the same way.
        #expect(responder.immediateResponse(to: preflight("/v1/centers", origin: Self.app))?.headers == answer.headers)
    }

    @Test func aPreflightFromAnotherOriginIsRefusedWithAProblem() async throws {
        let answer = await responder(try policy([Self.app])).respond(to: preflight("/v1/centers", origin: "https://evil.example"))
        #expect(answer.status == .forbidden && answer.headers["Access-Control-Allow-Origin"] == nil)
        #expect(answer.headers["Content-Type"] == "application/problem+json")
        guard case .bytes(let bytes) = answer.body else { Issue.record("no body"); return }
        let problem = try #require(try JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any])
        #expect(problem["code"] as? String == ErrorCode.originNotAllowed.rawValue)
        #expect((problem["detail"] as? String)?.contains("--cors-allowed-origins") == true)
    }

    @Test func aPreflightForAPathNothingServesIsNotFoundButReadable() async throws {
        let answer = await responder(try policy([Self.app])).respond(to: preflight("/v1/nothing", origin: Self.app))
        #expect(answer.status == .notFound && answer.headers["Access-Control-Allow-Origin"] == Self.app)
    }

    @Test func everyAnswerToAnAllowedOriginCarriesTheHeadersAClientReads() async throws {
        let responder = responder(try policy([Self.app]))
        let created = await responder.respond(to: Request(method: .post, path: "/v1/centers", headers: ["Origin": Self.app]))
        #expect(created.status == .created && created.headers["Access-Control-Allow-Origin"] == Self.app)
        let exposed = try #require(created.headers["Access-Control-Expose-Headers"])
        for header in ["Location", "RateLimit", "RateLimit-Policy", "Retry-After", "Idempotent-Replayed"] {
            #expect(exposed.contains(header))
        }
        #expect(created.headers["Vary"] == "Origin")
        // Errors too, so that the app can read the problem.
        let missing = await responder.respond(to: Request(method: .get, path: "/v1/centers/x", headers: ["Origin": Self.app]))
        #expect(missing.status == .notFound && missing.headers["Access-Control-Allow-Origin"] == Self.app)
        // Immediate answers too.
        let health = responder.immediateResponse(to: Request(method: .get, path: "/healthz", headers: ["Origin": Self.app]))
        #expect(health?.headers["Access-Control-Allow-Origin"] == Self.app)
        // Another origin, or none, gets no grant, but caches still learn that the answer depends on it.
        for headers: HTTPHeaders in [["Origin": "https://evil.example"], [:]] {
            let other = await responder.respond(to: Request(method: .get, path: "/v1/centers", headers: headers))
            #expect(other.status == .ok && other.headers["Access-Control-Allow-Origin"] == nil && other.headers["Vary"] == "Origin")
        }
        // An OPTIONS that is not a preflight is an ordinary request: 405 with Allow.
        let options = await responder.respond(to: Request(method: .options, path: "/v1/centers", headers: ["Origin": Self.app]))
        #expect(options.status == .methodNotAllowed && options.headers["Allow"] != nil)
    }

    @Test func anyOriginIsAStarWithoutVaryAndWithoutCredentials() async throws {
        let responder = responder(try policy(["*"]))
        let answer = await responder.respond(to: Request(method: .get, path: "/v1/centers", headers: ["Origin": "https://anyone.example"]))
        #expect(answer.headers["Access-Control-Allow-Origin"] == "*" && answer.headers["Vary"] == nil)
        let withCredentials = await self.responder(try policy([Self.app], credentials: true)).respond(
            to: Request(method: .get, path: "/v1/centers", headers: ["Origin": Self.app]))
        #expect(withCredentials.headers["Access-Control-Allow-Credentials"] == "true")
    }

    @Test(arguments: [
        (["*"], true, "`*` cannot allow credentials"), (["*", "https://a.example"], false, "give it alone"),
        (["app.example.com"], false, "is not an origin"), (["https://app.example.com/path"], false, "is not an origin"),
        (["ftp://app.example.com"], false, "is not an origin"),
    ])
    func settingsThatCannotWorkAreRefused(origins: [String], credentials: Bool, message: String) {
        #expect {
            try CORSPolicy(origins: origins, allowCredentials: credentials)
        } throws: { ($0 as? CORSPolicy.Invalid)?.message.contains(message) == true }
    }

    @Test func noOriginsIsNoPolicy() throws {
        #expect(try CORSPolicy(origins: [], allowCredentials: false) == nil)
        #expect(try CORSPolicy(origins: [" ", ""], allowCredentials: true) == nil)
    }
}
