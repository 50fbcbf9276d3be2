import HTTPCore
import HTTPTypes
import TestSupport
import Testing

@Suite struct KeepAliveTests {
    @Test func oneConnectionServesManyRequests() async throws {
        let connections = AsyncCounter()
        var router = Router()
        router.on(.get, "/n") { _ in .text("ok") }
        try await withTestServer(router: router) { port in
            let connection = try await LoopbackConnection.open(port: port)
            for _ in 0..<5 {
                let response = try await connection.request("GET", "/n")
                #expect(response.status == 200)
                #expect(response.header("Connection")?.lowercased() != "close")
                connections.add(1)
            }
            #expect(connections.current == 5)
        }
    }

    @Test func headRequestsAreServedByTheGetRouteWithoutBody() async throws {
        var router = Router()
        router.on(.get, "/doc") { _ in .text("body") }
        try await withTestServer(router: router) { port in
            let connection = try await LoopbackConnection.open(port: port)
            try await connection.send("HEAD /doc HTTP/1.1\r\nHost: x\r\n\r\n")
            let head = try await connection.readHead()
            #expect(head.status == 200)
            // The connection is still usable and no body bytes are in the way.
            let next = try await connection.request("GET", "/doc")
            #expect(next.text == "body")
        }
    }

    @Test func immediateRoutesAnswerOnTheIOThreadAndKeepTheConnection() async throws {
        let outsideTasks = AsyncCounter()
        var router = Router()
        router.onImmediate(.get, "/health/{part}") { request in
            // libmicrohttpd's thread runs no Swift task; a worker always does.
            if withUnsafeCurrentTask(body: { $0 == nil }) { outsideTasks.add(1) }
            return .text(request.pathParameters["part"]!)
        }
        router.on(.get, "/worker") { _ in .text("worker") }
        try await withTestServer(router: router) { port in
            let connection = try await LoopbackConnection.open(port: port)
            for round in 0..<3 {
                let response = try await connection.request("GET", "/health/\(round)")
                #expect(response.status == 200)
                #expect(response.text == "\(round)")
                #expect(response.header("Connection")?.lowercased() != "close")
                // Worker answers and immediate ones interleave on the one connection.
                #expect(try await connection.request("GET", "/worker").text == "worker")
            }
            try await connection.send("HEAD /health/x HTTP/1.1\r\nHost: x\r\n\r\n")
            #expect(try await connection.readHead().status == 200)
            #expect(try await connection.request("POST", "/health/x").status == 405)
            #expect(outsideTasks.current == 4)
        }
    }
}
