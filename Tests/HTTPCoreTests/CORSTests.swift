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
            Response(status: .created, headers: [.location: "/v1/centers/phone-1", .contentType: "application/json"])
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
                .origin: origin, .accessControlRequestMethod: method, .accessControlRequestHeaders: "authorization,content-type",
            ])
    }

    func policy(_ origins: [String], credentials: Bool = false) throws -> CORSPolicy {
        try #require(try CORSPolicy(origins: origins, allowCredentials: credentials))
    }

    @Test func aPreflightFromAnAllowedOriginIsAnsweredWithTheRoutesMethodsAndTheAPIsHeaders() async throws {
        let responder = responder(try policy([Self.app, "http://127.0.0.1:5173"]))
        let answer = await responder.respond(to: preflight("/v1/centers", origin: Self.app))
        #expect(answer.status == .noContent)
        #expect(answer.headers[.accessControlAllowOrigin] == Self.app)
        #expect(answer.headers[.accessControlAllowMethods] == "GET, POST, HEAD")
        let allowed = try #require(answer.headers[.accessControlAllowHeaders]).lowercased()
        for header in ["authorization", "content-type", "idempotency-key", "last-event-id", "traceparent"] {
            #expect(allowed.contains(header))
        }
        #expect(answer.headers[.accessControlMaxAge] == "7200")
        #expect(answer.headers[.accessControlAllowCredentials] == nil)
        #expect(answer.headers[.vary] == "Origin, Access-Control-Request-Method, Access-Control-Request-Headers")
        // Answered on the I/O thread too, the same way.
        #expect(responder.immediateResponse(to: preflight("/v1/centers", origin: Self.app))?.headers == answer.headers)
    }

    @Test func aPreflightFromAnotherOriginIsRefusedWithAProblem() async throws {
        let answer = await responder(try policy([Self.app])).respond(to: preflight("/v1/centers", origin: "https://evil.example"))
        #expect(answer.status == .forbidden && answer.headers[.accessControlAllowOrigin] == nil)
        #expect(answer.headers[.contentType] == "application/problem+json")
        guard case .bytes(let bytes) = answer.body else { Issue.record("no body"); return }
        let problem = try #require(try JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any])
        #expect(problem["code"] as? String == ErrorCode.originNotAllowed.rawValue)
        #expect((problem["detail"] as? String)?.contains("--cors-allowed-origins") == true)
    }

    @Test func aPreflightForAPathNothingServesIsNotFoundButReadable() async throws {
        let answer = await responder(try policy([Self.app])).respond(to: preflight("/v1/nothing", origin: Self.app))
        #expect(answer.status == .notFound && answer.headers[.accessControlAllowOrigin] == Self.app)
    }

    @Test func everyAnswerToAnAllowedOriginCarriesTheHeadersAClientReads() async throws {
        let responder = responder(try policy([Self.app]))
        let created = await responder.respond(to: Request(method: .post, path: "/v1/centers", headers: [.origin: Self.app]))
        #expect(created.status == .created && created.headers[.accessControlAllowOrigin] == Self.app)
        let exposed = try #require(created.headers[.accessControlExposeHeaders])
        for header in ["Location", "RateLimit", "RateLimit-Policy", "Retry-After", "Idempotent-Replayed"] {
            #expect(exposed.contains(header))
        }
        #expect(created.headers[.vary] == "Origin")
        // Errors too, so that the app can read the problem.
        let missing = await responder.respond(to: Request(method: .get, path: "/v1/centers/x", headers: [.origin: Self.app]))
        #expect(missing.status == .notFound && missing.headers[.accessControlAllowOrigin] == Self.app)
        // Immediate answers too.
        let health = responder.immediateResponse(to: Request(method: .get, path: "/healthz", headers: [.origin: Self.app]))
        #expect(health?.headers[.accessControlAllowOrigin] == Self.app)
        // Another origin, or none, gets no grant, but caches still learn that the answer depends on it.
        for headers: HTTPFields in [[.origin: "https://evil.example"], [:]] {
            let other = await responder.respond(to: Request(method: .get, path: "/v1/centers", headers: headers))
            #expect(other.status == .ok && other.headers[.accessControlAllowOrigin] == nil && other.headers[.vary] == "Origin")
        }
        // An OPTIONS that is not a preflight is an ordinary request: 405 with Allow.
        let options = await responder.respond(to: Request(method: .options, path: "/v1/centers", headers: [.origin: Self.app]))
        #expect(options.status == .methodNotAllowed && options.headers[.allow] != nil)
    }

    @Test func anyOriginIsAStarWithoutVaryAndWithoutCredentials() async throws {
        let responder = responder(try policy(["*"]))
        let answer = await responder.respond(to: Request(method: .get, path: "/v1/centers", headers: [.origin: "https://anyone.example"]))
        #expect(answer.headers[.accessControlAllowOrigin] == "*" && answer.headers[.vary] == nil)
        let withCredentials = await self.responder(try policy([Self.app], credentials: true)).respond(
            to: Request(method: .get, path: "/v1/centers", headers: [.origin: Self.app]))
        #expect(withCredentials.headers[.accessControlAllowCredentials] == "true")
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

    /// Every header openapi.yaml says a call sends may be sent from another origin, and every header it says
    /// an answer carries may be read there (beyond the ones browsers always expose). Read from the file's
    /// layout: parameters `in: header`, and the keys of each response's `headers:`.
    @Test func everyHeaderTheAPIDocumentsIsAllowedAndExposed() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let lines = try String(contentsOf: root.appendingPathComponent("openapi.yaml"), encoding: .utf8).split(separator: "\n")
        func indent(_ line: Substring) -> Int { line.prefix { $0 == " " }.count }
        func trimmed(_ line: Substring) -> String { line.trimmingCharacters(in: .whitespaces) }
        var sent: Set<String> = []
        var answered: Set<String> = []
        for (index, line) in lines.enumerated() {
            if trimmed(line) == "in: header" {
                let named = lines[max(0, index - 2)..<index].compactMap { line in
                    trimmed(line).split(separator: "name: ", maxSplits: 1).last.map(String.init)
                }
                let name = try #require(named.last, "line \(index + 1): a header parameter without a name")
                // The headers this service sends on its own calls to the app's webhook receivers.
                if !name.hasPrefix("webhook-") { sent.insert(name.lowercased()) }
            }
            // A response's headers (not `components/headers`, whose keys are the components' names).
            if trimmed(line) == "headers:", indent(line) > 2 {
                for entry in lines[(index + 1)...].prefix(while: { indent($0) > indent(line) }) where indent(entry) == indent(line) + 2 {
                    answered.insert(String(trimmed(entry).prefix { $0 != ":" }).lowercased())
                }
            }
        }
        #expect(sent.contains("apns-channel-id") && answered.contains("apns-request-id"), "the file's layout was not read")
        let allowed = Set(CORSPolicy.allowedHeaders.map { $0.lowercased() })
        #expect(sent.subtracting(allowed).isEmpty, "not allowed on a cross-origin call: \(sent.subtracting(allowed).sorted())")
        let safelisted: Set = ["cache-control", "content-language", "content-length", "content-type", "expires", "last-modified", "pragma"]
        let exposed = Set(CORSPolicy.exposedHeaders.map { $0.lowercased() }).union(safelisted)
        #expect(answered.subtracting(exposed).isEmpty, "not readable by a cross-origin caller: \(answered.subtracting(exposed).sorted())")
    }

    @Test func noOriginsIsNoPolicy() throws {
        #expect(try CORSPolicy(origins: [], allowCredentials: false) == nil)
        #expect(try CORSPolicy(origins: [" ", ""], allowCredentials: true) == nil)
    }
}
