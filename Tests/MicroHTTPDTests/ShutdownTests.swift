import Foundation
import HTTPCore
import HTTPTypes
import Logging
import MicroHTTPD
import ServiceLifecycle
import TestSupport
import Testing

@Suite struct ShutdownTests {
    @Test func gracefulShutdownFinishesInFlightRequestsAndRefusesNewConnections() async throws {
        let gate = AsyncGate()
        let started = AsyncCounter()
        var router = Router()
        router.on(.get, "/slow") { _ in
            started.add(1)
            await gate.wait()
            return .text("done")
        }
        router.on(.get, "/fast") { _ in .text("fast") }
        var configuration = HTTPServerConfiguration()
        configuration.port = 0
        let (ports, portContinuation) = AsyncStream.makeStream(of: Int.self)
        let server = HTTPServer(configuration: configuration, responder: router, logger: .quiet) { portContinuation.yield($0) }
        let group = ServiceGroup(services: [server], logger: .quiet)
        try await withThrowingTaskGroup(of: Void.self) { tasks in
            tasks.addTask { try await group.run() }
            var iterator = ports.makeAsyncIterator()
            let port = try #require(await iterator.next())
            // Held by the gate while the drain is looked for (up to a minute, plus a probe's own time-out on
            // a loaded machine), so its read waits with the bound of a broken build: CI once saw it time
            // out after 60 s.
            let inFlight = Task { try await loopbackRequest(port: port, "GET", "/slow", timeout: 600) }
            #expect(await started.eventually { $0 == 1 })

            await group.triggerGracefulShutdown()
            // Once the drain has begun, new connections are closed unserved while the request in flight goes on
            // (looked for as long as a loaded machine takes to begin it).
            // A probe that only timed out was neither served nor refused, so it does not count.
            var refused = false
            let deadline = ContinuousClock.now + .seconds(60)
            while !refused, ContinuousClock.now < deadline {
                do {
                    let probe = try await LoopbackConnection.open(port: port)
                    _ = try await probe.request("GET", "/fast")
                } catch let failure as LoopbackConnection.Failure where failure.timedOut {
                } catch {
                    refused = true
                }
                if !refused { try await Task.sleep(for: .milliseconds(5)) }
            }
            #expect(refused)
            #expect(started.current == 1)
            gate.open()
            let response = try await inFlight.value
            #expect(response.status == 200)
            #expect(response.text == "done")
            try await tasks.waitForAll()
        }
    }

    @Test func sigtermCompletesRequestsInFlightEndsStreamsAndExitsZero() async throws {
        // The stream's connection is opened in one call and its request sent in the next, and a test task
        // may wait for a thread between them for longer than the 30 s read and 60 s idle time-outs: on a
        // loaded two-core machine this test once found its connection closed, after 74 s.
        let server = try ServerProcess(product: "http-fixture-server", arguments: ["--timeouts", "3600"])
        let port = try await server.waitForPort()
        let stream = try await LoopbackConnection.open(port: port)
        try await stream.send("GET /events?interval_ms=50 HTTP/1.1\r\nHost: x\r\n\r\n")
        #expect(try await stream.readHead().status == 200)
        #expect(try await stream.readChunkedLine() == "id: 1")

        async let slow = loopbackRequest(port: port, "GET", "/slow?ms=1500")
        // In flight for sure (a fixed sleep was not enough on a loaded machine), then SIGTERM.
        #expect(try await server.waitForLine(containing: "slow started") != nil)
        server.signal(SIGTERM)

        let response = try await slow
        #expect(response.status == 200)
        #expect(response.text == "slow 1500")
        // The stream is ended cleanly (the chunked body terminates).
        while try await stream.readChunkedLine() != nil {}
        let cleanLine = try await server.waitForLine(containing: "exited cleanly")
        #expect(cleanLine != nil)
        #expect(try await server.waitForExit() == 0)
    }

    /// A request whose head arrived before SIGTERM is read to the end and answered, whether its body is
    /// kept in memory or spooled to disk; only requests that start after it get 503.
    @Test(arguments: ["/upload", "/spooled"])
    func sigtermLetsABodyInFlightArriveAndAnswersIt(path: String) async throws {
        // The body pauses between its halves for as long as this test task waits for a thread: on CI's
        // loaded two cores that was past the 30 s read time-out, which cut the upload off.
        let server = try ServerProcess(product: "http-fixture-server", arguments: ["--timeouts", "3600"])
        let port = try await server.waitForPort()
        let uploading = try await LoopbackConnection.open(port: port)
        try await uploading.send("POST \(path) HTTP/1.1\r\nHost: x\r\nContent-Length: 10\r\n\r\n12345")
        #expect(try await server.waitForLine(containing: "head \(path)") != nil)
        // An idle kept-alive connection that sends its next request after SIGTERM gets 503.
        let idle = try await LoopbackConnection.open(port: port)
        #expect(try await idle.request("GET", "/fast").status == 200)

        server.signal(SIGTERM)
        #expect(try await server.waitForLine(containing: "draining") != nil)
        // Refused: 503, or the idle connection already closed by the drain (which comes first depends on
        // how fast a loaded machine runs the daemon's loop); never served.
        if let late = try? await idle.request("GET", "/fast") {
            #expect(late.status == 503)
            #expect(late.json["code"] as? String == "shuttingDown")
        }
        try await uploading.send("67890")
        let response: LoopbackResponse
        do { response = try await uploading.readResponse() } catch {
            Issue.record("\(error); the server said:\n\(server.outputSoFar)")
            return
        }
        #expect(response.status == 200, "\(response.text)")
        #expect(response.text.hasSuffix(" 10"))
        #expect(try await server.waitForExit() == 0)
    }
}
