import HTTPCore
import HTTPTypes
import MicroHTTPD
import TestSupport
import Testing

@Suite struct StreamTests {
    @Test func anEventStreamDeliversEventsAndAVanishedClientStopsTheProducer() async throws {
        let openStreams = AsyncCounter()
        var router = Router()
        router.on(.get, "/events") { _ in
            .eventStream { events in
                openStreams.add(1)
                defer { openStreams.add(-1) }
                var counter = 0
                while true {
                    counter += 1
                    try events.send(ServerSentEvent(id: "\(counter)", event: "tick", data: "n=\(counter)"))
                    try await Task.sleep(for: .milliseconds(20))
                }
            }
        }
        try await withTestServer({ $0.heartbeatInterval = .milliseconds(50) }, router: router) { port in
            let connection = try await LoopbackConnection.open(port: port)
            try await connection.send("GET /events HTTP/1.1\r\nHost: x\r\nAccept: text/event-stream\r\n\r\n")
            let head = try await connection.readHead()
            #expect(head.status == 200)
            #expect(head.header("Content-Type") == "text/event-stream")
            var lines: [String] = []
            while lines.filter({ $0.hasPrefix("data:") }).count < 3, let line = try await connection.readChunkedLine() {
                lines.append(line)
            }
            // A heartbeat (`:` and its blank line) may come first on a loaded machine: the events are the rest.
            #expect(Self.withoutHeartbeats(lines).prefix(4) == ["id: 1", "event: tick", "data: n=1", ""], "\(lines)")
            #expect(lines.contains("data: n=3"))
            #expect(openStreams.current == 1)

            connection.close()
            // The next write or heartbeat fails, libmicrohttpd closes the connection, the producer is cancelled.
            #expect(await openStreams.eventually { $0 == 0 })
            // And the server goes on serving streams.
            let again = try await LoopbackConnection.open(port: port)
            try await again.send("GET /events HTTP/1.1\r\nHost: x\r\n\r\n")
            #expect(try await again.readHead().status == 200)
            var first = try await again.readChunkedLine()
            while first == ":" || first == "" { first = try await again.readChunkedLine() }
            #expect(first == "id: 1")
        }
    }

    /// A quiet stream's connection is parked out of libmicrohttpd's loop, and its next heartbeat is an
    /// hour away: the connection watchdog hears the client leave, and the producer ends within a sweep.
    @Test func aQuietStreamWhoseClientLeavesEndsBeforeItsNextHeartbeat() async throws {
        let openStreams = AsyncCounter()
        var router = Router()
        router.on(.get, "/quiet") { _ in
            .eventStream { events in
                openStreams.add(1)
                defer { openStreams.add(-1) }
                try events.send(ServerSentEvent(data: "hello"))
                try await Task.sleep(for: .seconds(3600))
            }
        }
        try await withTestServer({ $0.heartbeatInterval = .seconds(3600) }, router: router) { port in
            let connection = try await LoopbackConnection.open(port: port)
            try await connection.send("GET /quiet HTTP/1.1\r\nHost: x\r\n\r\n")
            #expect(try await connection.readHead().status == 200)
            #expect(try await connection.readChunkedLine() == "data: hello")
            #expect(openStreams.current == 1)
            connection.close()
            #expect(await openStreams.eventually(within: 60) { $0 == 0 })
        }
    }

    /// An event stream's lines without its heartbeats (a `:` comment line and the blank line that ends it).
    static func withoutHeartbeats(_ lines: [String]) -> [String] {
        var kept: [String] = []
        var afterHeartbeat = false
        for line in lines {
            defer { afterHeartbeat = line == ":" }
            if line == ":" || (afterHeartbeat && line.isEmpty) { continue }
            kept.append(line)
        }
        return kept
    }

    @Test func heartbeatsKeepAQuietStreamAliveAndEndsWhenTheProducerReturns() async throws {
        let gate = AsyncGate()
        var router = Router()
        router.on(.get, "/quiet") { _ in
            .eventStream { events in
                await gate.wait()
                try events.send(ServerSentEvent(data: "last"))
            }
        }
        try await withTestServer({ $0.heartbeatInterval = .milliseconds(30) }, router: router) { port in
            let connection = try await LoopbackConnection.open(port: port)
            try await connection.send("GET /quiet HTTP/1.1\r\nHost: x\r\n\r\n")
            #expect(try await connection.readHead().status == 200)
            #expect(try await connection.readChunkedLine() == ":")
            gate.open()
            var rest: [String] = []
            while let line = try await connection.readChunkedLine() { rest.append(line) }
            #expect(rest.contains("data: last"))
        }
    }
}
