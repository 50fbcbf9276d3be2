import HTTPCore
import HTTPTypes
import MicroHTTPD
import TestSupport
import Testing

@Suite struct TimeoutTests {
    @Test func aSlowlorisClientIsCutOffWhileOthersAreServed() async throws {
        var router = Router()
        router.on(.get, "/ok") { _ in .text("ok") }
        // A deadline that a plain request meets even on a loaded machine; the drip outlasts it.
        try await withTestServer({ $0.requestReadTimeout = .seconds(2) }, router: router) { port in
            let slow = try await LoopbackConnection.open(port: port)
            try await slow.send("GET /ok HTTP/1.1\r\nHost: x\r\n")
            // Trickle header bytes: each one restarts libmicrohttpd's idle timer, not the request deadline.
            let closed = AsyncCounter()
            try await withThrowingTaskGroup(of: Void.self) { group in
                group.addTask {
                    if try await slow.waitForClose() { closed.add(1) }
                }
                for index in 0..<200 where closed.current == 0 {
                    try? await slow.send("X-Drip-\(index): 1\r\n")
                    #expect(try await loopbackRequest(port: port, "GET", "/ok").status == 200)
                    try await Task.sleep(for: .milliseconds(100))
                }
                try await group.waitForAll()
            }
            #expect(closed.current == 1)
        }
    }

    @Test func connectionsOverTheLimitWaitUntilASlotIsFree() async throws {
        var router = Router()
        router.on(.get, "/ok") { _ in .text("ok") }
        try await withTestServer({ $0.connectionLimit = 3 }, router: router) { port in
            var held: [LoopbackConnection] = []
            for _ in 0..<3 {
                let connection = try await LoopbackConnection.open(port: port)
                #expect(try await connection.request("GET", "/ok").status == 200)
                held.append(connection)
            }
            // libmicrohttpd stops accepting at the limit: the extra connection waits in the backlog, unserved.
            let extra = try await LoopbackConnection.open(port: port, timeout: 1)
            try await extra.send("GET /ok HTTP/1.1\r\nHost: x\r\n\r\n")
            await #expect(throws: LoopbackConnection.Failure.self) { try await extra.readResponse() }
            // Once a held connection goes, it is accepted and answered: waited for a second at a time (the
            // socket's timeout, which the check above needs short), as long as a loaded machine takes.
            held.removeFirst()
            var answer: LoopbackResponse?
            for _ in 0..<60 where answer == nil { answer = try? await extra.readResponse() }
            #expect(answer?.status == 200)
        }
    }
}
