import HTTPCore
import HTTPTypes
import MicroHTTPD
import TestSupport
import Testing

/// RFC 9112 §6.3: a message whose body length is ambiguous is refused with 400 and its connection
/// closed, so that no byte of it can be read as another request (request smuggling). Driven with raw
/// sockets: the smuggled request is a `DELETE` that must never reach its handler.
@Suite struct SmugglingTests {
    /// Counts what reached the handlers.
    final class Calls: Sendable {
        let posts = AsyncCounter()
        let deletes = AsyncCounter()
    }

    func router(_ calls: Calls) -> Router {
        var router = Router()
        router.on(.post, "/echo") { request in
            calls.posts.add(1)
            return .text("\(request.body.count)")
        }
        router.on(.delete, "/victim") { _ in
            calls.deletes.add(1)
            return Response(status: .noContent)
        }
        router.on(.get, "/ok") { _ in .text("ok") }
        return router
    }

    static let smuggled = "DELETE /victim HTTP/1.1\r\nHost: x\r\nContent-Length: 0\r\n\r\n"

    /// Heads whose body length is ambiguous, each followed by bytes that would be a second request if the
    /// first were read with one of its lengths.
    static let ambiguous: [(String, String, status: Int, code: String)] = [
        ("two differing Content-Length", "Content-Length: 3\r\nContent-Length: \(3 + smuggled.utf8.count)\r\n", 400, "ambiguousBodyLength"),
        ("repeated equal Content-Length", "Content-Length: 3\r\nContent-Length: 3\r\n", 400, "ambiguousBodyLength"),
        // libmicrohttpd refuses these two itself, before any callback, with its own short 400.
        ("a list in one Content-Length", "Content-Length: 3, \(3 + smuggled.utf8.count)\r\n", 400, ""),
        ("Content-Length with a sign", "Content-Length: +3\r\n", 400, ""),
        ("Content-Length and chunked", "Content-Length: 3\r\nTransfer-Encoding: chunked\r\n", 400, "ambiguousBodyLength"),
        ("chunked and Content-Length", "Transfer-Encoding: chunked\r\nContent-Length: 3\r\n", 400, "ambiguousBodyLength"),
        ("identity and Content-Length", "Transfer-Encoding: identity\r\nContent-Length: 3\r\n", 400, "ambiguousBodyLength"),
        ("a coding other than chunked", "Transfer-Encoding: gzip, chunked\r\n", 501, "unsupportedTransferCoding"),
        ("chunked twice", "Transfer-Encoding: chunked\r\nTransfer-Encoding: chunked\r\n", 501, "unsupportedTransferCoding"),
    ]

    @Test(arguments: ambiguous.indices)
    func anAmbiguousBodyLengthIsRefusedAndClosesTheConnection(index: Int) async throws {
        let (name, fields, status, code) = Self.ambiguous[index]
        let calls = Calls()
        try await withTestServer(router: router(calls)) { port in
            let connection = try await LoopbackConnection.open(port: port)
            let body = "abc" + Self.smuggled
            let chunked = fields.contains("chunked")
            let payload = chunked ? "3\r\nabc\r\n0\r\n\r\n" + Self.smuggled : body
            try? await connection.send("POST /echo HTTP/1.1\r\nHost: x\r\n\(fields)\r\n\(payload)")
            let response = try await connection.readResponse()
            #expect(response.status == status, "\(name): got \(response.status) \(response.text)")
            if !code.isEmpty {
                #expect(response.header("Content-Type") == "application/problem+json", "\(name)")
                #expect(response.json["code"] as? String == code, "\(name)")
            }
            #expect(response.header("Connection")?.lowercased() == "close", "\(name)")
            #expect(try await connection.waitForClose(), "\(name): the connection stayed open")
            // Nothing of it reached a handler, and the server goes on serving.
            #expect(try await loopbackRequest(port: port, "GET", "/ok").status == 200)
            #expect(calls.posts.current == 0, "\(name): the ambiguous request reached its handler")
            #expect(calls.deletes.current == 0, "\(name): a smuggled request was executed")
        }
    }

    @Test func transferEncodingOnHTTP10IsRefused() async throws {
        let calls = Calls()
        try await withTestServer(router: router(calls)) { port in
            let connection = try await LoopbackConnection.open(port: port)
            try? await connection.send("POST /echo HTTP/1.0\r\nTransfer-Encoding: chunked\r\n\r\n3\r\nabc\r\n0\r\n\r\n")
            let response = try await connection.readResponse()
            #expect(response.status == 400)
            #expect(response.json["code"] as? String == "ambiguousBodyLength")
            #expect(calls.posts.current == 0)
        }
    }

    @Test func oneContentLengthAndPlainChunkedStillWorkOnAKeptAliveConnection() async throws {
        let calls = Calls()
        try await withTestServer(router: router(calls)) { port in
            let connection = try await LoopbackConnection.open(port: port)
            try await connection.send("POST /echo HTTP/1.1\r\nHost: x\r\nContent-Length: 3\r\n\r\nabc")
            #expect(try await connection.readResponse().text == "3")
            try await connection.send(
                "POST /echo HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: Chunked\r\n\r\n3\r\nabc\r\n2\r\nde\r\n0\r\n\r\n")
            #expect(try await connection.readResponse().text == "5")
            #expect(try await connection.request("GET", "/ok").status == 200)
            #expect(calls.posts.current == 2)
        }
    }
}
