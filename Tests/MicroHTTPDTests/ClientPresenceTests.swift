import HTTPCore
import HTTPTypes
import TestSupport
import Testing

@testable import MicroHTTPD

#if canImport(Glibc)
    import Glibc
#endif

/// A handler that waits long (`unlessClientLeaves`) hears its client close the connection, which
/// libmicrohttpd does not watch while the request is handled; a client that stays is answered, and the
/// watch reads nothing of what it sends next.
@Suite struct ClientPresenceTests {
    /// A router whose `/wait` waits until `release` yields, unless its client leaves first (then counted
    /// in `left`); `started` counts the waits begun. The wait ends when cancelled, as `unlessClientLeaves`
    /// asks.
    private func waitingRouter(started: AsyncCounter, release: AsyncStream<Void>, left: AsyncCounter) -> Router {
        var router = Router()
        router.on(.get, "/ok") { _ in .text("ok") }
        router.on(.get, "/wait") { request in
            started.add(1)
            let answer = await request.unlessClientLeaves {
                for await _ in release { return "released" }
                return "cancelled"
            }
            if answer == nil { left.add(1) }
            return .text(answer ?? "left")
        }
        return router
    }

    @Test func aWaitingHandlerHearsItsClientLeave() async throws {
        let (started, left) = (AsyncCounter(), AsyncCounter())
        let (release, releasing) = AsyncStream<Void>.makeStream()
        try await withTestServer(router: waitingRouter(started: started, release: release, left: left)) { port in
            // Let go at the end whatever happens: a handler still waiting would hold up the server's stop.
            defer { releasing.finish() }
            let connection = try await LoopbackConnection.open(port: port)
            try await connection.send("GET /wait HTTP/1.1\r\nHost: x\r\n\r\n")
            try await waitUntil("the handler to start waiting") { started.current == 1 }
            // Abruptly (a reset), as a client that vanishes; an orderly close is the watch's test below.
            connection.close()
            try await waitUntil("the handler to hear that its client left") { left.current == 1 }
            // The server goes on serving.
            #expect(try await loopbackRequest(port: port, "GET", "/ok").status == 200)
        }
    }

    @Test func aClientThatStaysIsAnsweredAndWhatItSendsNextIsKept() async throws {
        let (started, left) = (AsyncCounter(), AsyncCounter())
        let (release, releasing) = AsyncStream<Void>.makeStream()
        try await withTestServer(router: waitingRouter(started: started, release: release, left: left)) { port in
            let connection = try await LoopbackConnection.open(port: port)
            // The next request is sent behind the first (pipelined): the watch peeks at it while the first waits.
            defer { releasing.finish() }
            try await connection.send("GET /wait HTTP/1.1\r\nHost: x\r\n\r\nGET /ok HTTP/1.1\r\nHost: x\r\n\r\n")
            try await waitUntil("the handler to start waiting") { started.current == 1 }
            releasing.yield()
            let first = try await connection.readResponse()
            #expect(first.status == 200)
            #expect(first.text == "released")
            let second = try await connection.readResponse()
            #expect(second.status == 200)
            #expect(second.text == "ok")
            #expect(left.current == 0)
            connection.close()
        }
    }

    /// The watch itself, sweep by sweep, on a socket pair: what the client sends next is not taken for a
    /// close, nor taken from the socket; its close is heard; a connection not being handled is not looked at.
    @Test func theWatchTellsAClosedClientFromOneThatSendsMore() throws {
        let (watchdog, connection, ends) = try Self.watchedSocketPair()
        defer { Glibc.close(ends.server) }
        connection.stopReading()
        connection.startHandling()
        watchdog.sweep()
        #expect(!connection.presence.isGone)
        #expect(send(ends.client, "GET", 3, 0) == 3)
        watchdog.sweep()
        #expect(!connection.presence.isGone)
        var read = [UInt8](repeating: 0, count: 8)
        #expect(recv(ends.server, &read, 8, Int32(MSG_DONTWAIT)) == 3)
        Glibc.close(ends.client)
        watchdog.sweep()
        #expect(connection.presence.isGone)
    }

    @Test func aConnectionNotBeingHandledIsNotLookedAt() throws {
        let (watchdog, connection, ends) = try Self.watchedSocketPair()
        defer { Glibc.close(ends.server) }
        Glibc.close(ends.client)
        watchdog.sweep()
        #expect(!connection.presence.isGone)
        connection.stopReading()
        connection.startHandling()
        watchdog.sweep()
        #expect(connection.presence.isGone)
    }

    /// A socket pair whose server end the watchdog watches, as a connection just opened.
    private static func watchedSocketPair() throws -> (
        ConnectionWatchdog, ConnectionWatchdog.Connection, ends: (server: Int32, client: Int32)
    ) {
        var ends: [Int32] = [0, 0]
        try #require(socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &ends) == 0)
        let watchdog = ConnectionWatchdog(requestReadTimeout: .seconds(60))
        let connection = ConnectionWatchdog.Connection(descriptor: ends[0])
        watchdog.opened(connection)
        return (watchdog, connection, (ends[0], ends[1]))
    }
}
