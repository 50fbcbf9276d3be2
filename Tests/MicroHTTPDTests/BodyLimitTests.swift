import HTTPCore
import HTTPTypes
import MicroHTTPD
import TestSupport
import Testing

@Suite struct BodyLimitTests {
    static let limit = 1024

    var router: Router {
        var router = Router()
        router.on(.post, "/echo") { request in .text("\(request.body.count)") }
        return router
    }

    @Test func aBodyExactlyAtTheLimitIsAccepted() async throws {
        try await withTestServer({ $0.maxBodyBytes = Self.limit }, router: router) { port in
            let response = try await loopbackRequest(port: port, "POST", "/echo", body: Array(repeating: 0x61, count: Self.limit))
            #expect(response.status == 200)
            #expect(response.text == "\(Self.limit)")
        }
    }

    @Test func oneByteOverTheLimitIs413BeforeTheBodyIsRead() async throws {
        try await withTestServer({ $0.maxBodyBytes = Self.limit }, router: router) { port in
            let connection = try await LoopbackConnection.open(port: port)
            // Declare one byte too many and send no body at all: the answer must not wait for it.
            try await connection.send("POST /echo HTTP/1.1\r\nHost: x\r\nContent-Length: \(Self.limit + 1)\r\n\r\n")
            let response = try await connection.readResponse()
            #expect(response.status == 413)
            #expect(response.header("Content-Type") == "application/problem+json")
            #expect(response.json["code"] as? String == "payloadTooLarge")
            #expect(try await connection.waitForClose())
        }
    }

    @Test func aChunkedBodyOverTheLimitIs413() async throws {
        try await withTestServer({ $0.maxBodyBytes = Self.limit }, router: router) { port in
            let connection = try await LoopbackConnection.open(port: port)
            let chunk = String(repeating: "b", count: 600)
            let size = String(600, radix: 16)
            try await connection.send(
                "POST /echo HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n\(size)\r\n\(chunk)\r\n\(size)\r\n\(chunk)\r\n0\r\n\r\n"
            )
            let response = try await connection.readResponse()
            #expect(response.status == 413)
            #expect(response.json["code"] as? String == "payloadTooLarge")
            // The server is still fine.
            let next = try await loopbackRequest(port: port, "POST", "/echo", body: Array("hi".utf8))
            #expect(next.text == "2")
        }
    }
}
