import ErrorCodes
import Foundation
import HTTPCore
import HTTPTypes
import Synchronization
import Testing

@Suite struct RouterTests {
    func router() -> Router {
        var router = Router()
        router.on(.get, "/v1/apps/{appID}") { request in
            Response(status: 200, contentType: "text/plain", bytes: Array(request.pathParameters["appID"]!.utf8))
        }
        router.on(.delete, "/v1/apps/{appID}") { _ in Response(status: 204) }
        router.on(.get, "/v1/apps/{appID}/centers/{centerID}") { request in
            let text = "\(request.pathParameters["appID"]!)/\(request.pathParameters["centerID"]!)"
            return Response(status: 200, contentType: "text/plain", bytes: Array(text.utf8))
        }
        router.on(.post, "/fail") { _ in throw Problem.badRequest("nope", code: .invalidParameter) }
        router.on(.post, "/crash") { _ in throw CocoaError(.fileNoSuchFile) }
        return router
    }

    func body(_ response: Response) -> String {
        guard case .bytes(let bytes) = response.body else { return "" }
        return String(decoding: bytes, as: UTF8.self)
    }

    func problem(_ response: Response) throws -> [String: Any] {
        guard case .bytes(let bytes) = response.body else { return [:] }
        return try #require(JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any])
    }

    @Test func immediateRoutesAnswerWithoutAwaitingAndOnlyForTheirMethod() async throws {
        var router = router()
        let responses = Mutex<[String?]>([])
        router.onResponse = { _, template, _, _ in responses.withLock { $0.append(template) } }
        router.onImmediate(.get, "/probe/{name}") { request in
            guard request.pathParameters["name"] != "down" else {
                throw Problem(status: .serviceUnavailable, code: .notReady, detail: "down")
            }
            return Response(status: 200, contentType: "text/plain", bytes: Array(request.pathParameters["name"]!.utf8))
        }
        #expect(router.immediateResponse(to: Request(method: .get, path: "/probe/up")).map(body) == "up")
        #expect(router.immediateResponse(to: Request(method: .head, path: "/probe/up"))?.status == 200)
        let refused = try #require(router.immediateResponse(to: Request(method: .get, path: "/probe/down")))
        #expect(refused.status == 503)
        #expect(try problem(refused)["code"] as? String == "notReady")
        // Everything else goes to a worker: other methods (answered 405 there) and other routes.
        #expect(router.immediateResponse(to: Request(method: .post, path: "/probe/up")) == nil)
        #expect(router.immediateResponse(to: Request(method: .get, path: "/v1/apps/a1")) == nil)
        #expect(await router.respond(to: Request(method: .post, path: "/probe/up")).status == 405)
        // A request that reaches a worker anyway is served by the same handler.
        #expect(body(await router.respond(to: Request(method: .get, path: "/probe/late"))) == "late")
        #expect(responses.withLock { $0 } == ["/probe/{name}", "/probe/{name}", "/probe/{name}", nil, "/probe/{name}"])
    }

    @Test func pathParametersAreExtracted() async {
        let response = await router().respond(to: Request(method: .get, path: "/v1/apps/a1/centers/c9"))
        #expect(response.status == 200)
        #expect(body(response) == "a1/c9")
    }

    @Test func aTrailingSlashIsNotSignificant() async {
        #expect(body(await router().respond(to: Request(method: .get, path: "/v1/apps/x/"))) == "x")
    }

    @Test func emptySegmentsDoNotMatchParameters() async {
        #expect(await router().respond(to: Request(method: .get, path: "/v1/apps//centers/c")).status == 404)
    }

    @Test func unknownPathsAre404Problems() async throws {
        let response = await router().respond(to: Request(method: .get, path: "/v2/other"))
        #expect(response.status == 404)
        #expect(response.headers[.contentType] == "application/problem+json")
        let json = try problem(response)
        #expect(json["code"] as? String == "notFound")
        #expect(json["type"] as? String == "urn:usernotifyd:problem:notFound")
        #expect(json["title"] as? String == "Not Found")
        #expect(json["status"] as? Int == 404)
        #expect((json["detail"] as? String)?.contains("/v2/other") == true)
    }

    @Test func otherMethodsAre405WithAllow() async throws {
        let response = await router().respond(to: Request(method: .put, path: "/v1/apps/a1"))
        #expect(response.status == 405)
        #expect(response.headers[.allow] == "GET, DELETE, HEAD")
        #expect(try problem(response)["code"] as? String == "methodNotAllowed")
    }

    /// A method the server does not know is 501 on every path, served or not, before any path is looked at;
    /// a known one no route serves (TRACE) is 405 with `Allow`, like any other.
    @Test(arguments: ["/v1/apps/a1", "/nowhere", "/fail"])
    func methodsServedNowhereAre501(path: String) async throws {
        let seen = Mutex<[String]>([])
        var router = router()
        router.onResponse = { method, _, status, _ in seen.withLock { $0.append("\(method.boundedName) \(status.code)") } }
        let response = await router.respond(to: Request(method: HTTPRequest.Method("BREW")!, path: path))
        #expect(response.status == 501)
        #expect(try problem(response)["code"] as? String == "methodNotImplemented")
        #expect(seen.withLock { $0 } == ["other 501"])
        let trace = await router.respond(to: Request(method: .trace, path: "/v1/apps/a1"))
        #expect(trace.status == 405 && trace.headers[.allow] == "GET, DELETE, HEAD")
    }

    /// Spans and logs carry the path with capabilities cut, and nothing of a path no route serves.
    @Test func theRedactedPathCutsTokensAndUnservedPaths() {
        var router = router()
        router.on(.get, "/v1/web-push/attachments/{token}") { _ in Response(status: 200) }
        router.on(.post, "/3/device/{deviceToken}") { _ in Response(status: 200) }
        #expect(router.redactedPath(for: Request(method: .get, path: "/v1/apps/a1/centers/c2")) == "/v1/apps/a1/centers/c2")
        #expect(
            router.redactedPath(for: Request(method: .head, path: "/v1/web-push/attachments/s3cr3t")) == "/v1/web-push/attachments/{token}")
        #expect(router.redactedPath(for: Request(method: .post, path: "/3/device/abcdef")) == "/3/device/{deviceToken}")
        #expect(router.redactedPath(for: Request(method: .get, path: "/v1/web-push/attachment/s3cr3t")) == nil)
    }

    @Test func headIsServedByGet() async {
        #expect(await router().respond(to: Request(method: .head, path: "/v1/apps/a1")).status == 200)
    }

    @Test func thrownProblemsAreRenderedAndOtherErrorsBecome500() async throws {
        let failed = await router().respond(to: Request(method: .post, path: "/fail"))
        #expect(failed.status == 400)
        #expect(try problem(failed)["code"] as? String == "invalidParameter")
        let crashed = await router().respond(to: Request(method: .post, path: "/crash"))
        #expect(crashed.status == 500)
        #expect(try problem(crashed)["code"] as? String == "internalError")
    }

    @Test func theErrorMapperTurnsDomainErrorsIntoProblems() async throws {
        struct DomainError: Error {}
        var router = Router(errorMapper: { error in
            error is DomainError ? Problem(status: .conflict, code: .conflict, detail: "d") : nil
        })
        router.on(.get, "/x") { _ in throw DomainError() }
        let response = await router.respond(to: Request(method: .get, path: "/x"))
        #expect(response.status == 409)
        #expect(try problem(response)["code"] as? String == "conflict")
    }
}
