import HTTPCore
import HTTPTypes
import MicroHTTPD
import TestSupport
import Testing

@Suite struct ConcurrencyTests {
    @Test func slowHandlersDoNotHoldUpFastOnes() async throws {
        let gate = AsyncGate()
        let slowStarted = AsyncCounter()
        var router = Router()
        router.on(.get, "/slow") { _ in
            slowStarted.add(1)
            await gate.wait()
            return .text("slow")
        }
        router.on(.get, "/fast") { _ in .text("fast") }

        try await withTestServer(router: router) { port in
            try await withThrowingTaskGroup(of: String.self) { group in
                // Eight requests that cannot finish until the gate opens…
                for _ in 0..<8 {
                    group.addTask { try await loopbackRequest(port: port, "GET", "/slow", timeout: 300).text }
                }
                #expect(await slowStarted.eventually { $0 == 8 })
                // …do not stop twenty others from being answered. If libmicrohttpd's thread or the
                // workers were blocked by the slow ones, these would never complete and the test would hang.
                for _ in 0..<20 {
                    let response = try await loopbackRequest(port: port, "GET", "/fast")
                    #expect(response.status == 200)
                    #expect(response.text == "fast")
                }
                gate.open()
                var slow = 0
                for try await text in group {
                    #expect(text == "slow")
                    slow += 1
                }
                #expect(slow == 8)
            }
        }
    }

    /// A write waits (for its commit), so it does not hold up the requests queued behind it: each gets a
    /// worker at once, not after the rescue interval (made an hour here, so only the hand-off can pass).
    @Test func writesInFlightDoNotQueueBehindEachOther() async throws {
        let gate = AsyncGate()
        let started = AsyncCounter()
        var router = Router()
        router.on(.post, "/write") { _ in
            started.add(1)
            await gate.wait()
            return .text("written")
        }
        try await withTestServer({ $0.queuedRequestRescue = .seconds(3600) }, router: router) { port in
            try await withThrowingTaskGroup(of: String.self) { group in
                for _ in 0..<6 {
                    group.addTask { try await loopbackRequest(port: port, "POST", "/write", timeout: 300).text }
                }
                #expect(await started.eventually { $0 == 6 }, "every write is in its handler at once")
                gate.open()
                for try await text in group { #expect(text == "written") }
            }
        }
    }

    @Test func manyConcurrentRequestsAreAllAnswered() async throws {
        var router = Router()
        router.on(.get, "/item/{id}") { request in .text(request.pathParameters["id"]!) }
        try await withTestServer(router: router) { port in
            try await withThrowingTaskGroup(of: Void.self) { group in
                for client in 0..<16 {
                    group.addTask {
                        let connection = try await LoopbackConnection.open(port: port)
                        for request in 0..<25 {
                            let response = try await connection.request("GET", "/item/\(client)-\(request)")
                            #expect(response.text == "\(client)-\(request)")
                        }
                    }
                }
                try await group.waitForAll()
            }
        }
    }
}
