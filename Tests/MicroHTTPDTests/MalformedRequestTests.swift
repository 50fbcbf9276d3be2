import HTTPCore
import HTTPTypes
import MicroHTTPD
import TestSupport
import Testing

@Suite struct MalformedRequestTests {
    var router: Router {
        var router = Router()
        router.on(.get, "/ok") { _ in .text("ok") }
        router.on(.post, "/ok") { request in .text("\(request.body.count)") }
        return router
    }

    static let malformed: [(String, [UInt8])] = [
        ("unknown method", Array("BREW /ok HTTP/1.1\r\nHost: x\r\n\r\n".utf8)),
        ("method that is not a token", Array("GE(T /ok HTTP/1.1\r\nHost: x\r\n\r\n".utf8)),
        ("header without colon", Array("GET /ok HTTP/1.1\r\nHost: x\r\nthis is not a header\r\n\r\n".utf8)),
        ("bad HTTP version", Array("GET /ok HTTP/7.5\r\nHost: x\r\n\r\n".utf8)),
        ("missing Host on HTTP/1.1", Array("GET /ok HTTP/1.1\r\n\r\n".utf8)),
        ("garbage bytes", [0x00, 0xFF, 0x13, 0x37] + Array("\r\n\r\n".utf8)),
        ("bad Content-Length", Array("POST /ok HTTP/1.1\r\nHost: x\r\nContent-Length: banana\r\n\r\n".utf8)),
        ("bad chunk size", Array("POST /ok HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\nabc\r\n0\r\n\r\n".utf8)),
        ("huge header", Array("GET /ok HTTP/1.1\r\nHost: x\r\nX-Big: \(String(repeating: "a", count: 200_000))\r\n\r\n".utf8)),
    ]

    @Test(arguments: malformed.indices)
    func malformedRequestsAreAnsweredOrClosedAndTheServerKeepsServing(index: Int) async throws {
        let (name, bytes) = Self.malformed[index]
        // Bytes that never form a request are cut off by the request deadline (long enough that a plain
        // request from a loaded machine still makes it).
        try await withTestServer({ $0.requestReadTimeout = .seconds(3) }, router: router) { port in
            let connection = try await LoopbackConnection.open(port: port)
            try? await connection.send(bytes)
            if let response = try? await connection.readResponse() {
                #expect((400..<600).contains(response.status), "\(name): got \(response.status)")
                // A method served nowhere is a well-formed request: 501, and the connection is kept.
                #expect(response.header("Connection")?.lowercased() == "close" || response.status == 501, "\(name)")
            } else {
                #expect(try await connection.waitForClose(), "\(name): neither answered nor closed")
            }
            let after = try await loopbackRequest(port: port, "GET", "/ok")
            #expect(after.status == 200, "\(name): the server stopped serving")
        }
    }

    @Test func aTruncatedBodyDoesNotHurtTheServer() async throws {
        try await withTestServer(router: router) { port in
            let connection = try await LoopbackConnection.open(port: port)
            try await connection.send("POST /ok HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\n\r\nonly a few bytes")
            connection.close()
            let after = try await loopbackRequest(port: port, "POST", "/ok", body: Array("abc".utf8))
            #expect(after.text == "3")
        }
    }

    @Test func unknownPathIs404AndWrongMethodIs405WithAllow() async throws {
        try await withTestServer(router: router) { port in
            let missing = try await loopbackRequest(port: port, "GET", "/missing")
            #expect(missing.status == 404)
            #expect(missing.header("Content-Type") == "application/problem+json")
            #expect(missing.json["code"] as? String == "notFound")
            let wrong = try await loopbackRequest(port: port, "DELETE", "/ok")
            #expect(wrong.status == 405)
            #expect(wrong.header("Allow") == "GET, POST, HEAD")
            #expect(wrong.json["status"] as? Int == 405)
        }
    }
}
