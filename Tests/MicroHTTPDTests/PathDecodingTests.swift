import HTTPCore
import HTTPTypes
import MicroHTTPD
import TestSupport
import Testing

/// Percent-decoding of the path and query is the server's own: a `%00` must not cut a path short (it
/// used to reach the handler of the shorter path), and control characters or bytes that are not UTF-8
/// are refused with a problem that says so.
@Suite struct PathDecodingTests {
    var router: Router {
        var router = Router()
        router.on(.get, "/items/{id}") { request in .text("id=\(request.parameter("id")) q=\(request.queryValue("q") ?? "-")") }
        router.on(.get, "/items") { _ in .text("collection") }
        return router
    }

    @Test(arguments: [
        ("/items/a%00b", "invalidPath"), ("/items/a%00", "invalidPath"), ("/items%00/x", "invalidPath"), ("/items/%0Aevil", "invalidPath"),
        ("/items/%7F", "invalidPath"), ("/items/%FF", "invalidPath"), ("/items/x?q=a%00b", "invalidQuery"),
        ("/items/x?q=%C3", "invalidQuery"),
    ])
    func controlCharactersAndBrokenUTF8AreRefused(path: String, code: String) async throws {
        try await withTestServer(router: router) { port in
            let response = try await loopbackRequest(port: port, "GET", path)
            #expect(response.status == 400, "\(path): \(response.status) \(response.text)")
            #expect(response.json["code"] as? String == code, "\(path)")
        }
    }

    @Test(arguments: [
        ("/items/caf%C3%A9", "id=café q=-"), ("/items/a%2Fb", "id=a/b q=-"), ("/items/x?q=hello%20world", "id=x q=hello world"),
        ("/items/x?q=a+b", "id=x q=a b"), ("/items/%E2%9C%93?q=%E2%9C%93", "id=✓ q=✓"),
    ])
    func percentEncodedTextIsDecodedOnce(path: String, expected: String) async throws {
        try await withTestServer(router: router) { port in
            let response = try await loopbackRequest(port: port, "GET", path)
            #expect(response.status == 200, "\(path): \(response.text)")
            #expect(response.text == expected)
        }
    }
}

extension Request {
    fileprivate func parameter(_ name: String) -> String { pathParameters[name] ?? "" }
}
