import Foundation
import HTTPTypes
import NIOSSL
import OutboundHTTP
import Outbox
import Testing
import Webhooks

/// The outbound client's HTTP/2 connections (the relays' to APNs and FCM), against a real HTTP/2 server
/// over TLS on loopback: each call is a stream on one of a few connections to its origin, taken in turn;
/// a connection the server ends (GOAWAY, close) is replaced; a stalled or cancelled stream costs only
/// itself; a server that will not speak HTTP/2 is called over HTTP/1.1.
@Suite struct HTTP2ConnectionTests {
    /// A server for `hooks.example` over HTTP/2, and a client that trusts it with `connections` each origin,
    /// and closes a connection whose stream timed out when it answers no PING within `pingWindow`.
    static func setUp(
        connections: Int, http2: Bool = true, pingWindow: Duration = .seconds(5)
    ) async throws -> (ScriptedHTTPServer, OutboundHTTPClient) {
        let authority = try TestAuthority()
        let server = try await ScriptedHTTPServer.start(tls: try authority.serverConfiguration(for: "hooks.example"), http2: http2)
        var trust = TLSConfiguration.makeClientConfiguration()
        trust.trustRoots = .certificates([try authority.root()])
        let fixture = HostResolverTests.Fixture()
        fixture.answer("hooks.example", "127.0.0.1")
        fixture.answer("other.example", "127.0.0.1")
        let client = OutboundHTTPClient(
            policy: OutboundConnectionTests.loopback, resolver: fixture.resolver(), tls: trust, http2Connections: connections,
            http2PingWindow: pingWindow)
        return (server, client)
    }

    @Test func callsAreStreamsOnTheOriginsConnectionsTakenInTurn() async throws {
        let (server, client) = try await Self.setUp(connections: 3)
        let base = "https://hooks.example:\(server.port)"
        let first = await client.post(
            "\(base)/hook?x=1", body: Array("{}".utf8), headers: [HTTPField.Name("webhook-signature")!: "v1,abc"],
            timeout: ScriptedHTTPServer.patience,
            over: .http2)
        #expect(first.status == 200, "\(first.error ?? "")")
        #expect(first.header("x-host") == "hooks.example:\(server.port)", "the Host field goes as :authority")
        #expect(first.header("x-uri") == "/hook?x=1")
        #expect(first.header("x-agent") == "usernotifyd")
        #expect(first.header("x-signature") == "v1,abc")
        #expect(first.body == Array("ok".utf8))
        for _ in 0..<5 {
            #expect(
                await client.post("\(base)/hook", body: [], headers: [:], timeout: ScriptedHTTPServer.patience, over: .http2).status == 200)
        }
        #expect(server.connections == 3, "six calls over the origin's three connections")
        await client.shutdown()
        await server.close()
    }

    /// More calls at once than the server takes streams (NIO's server allows 100): the rest wait for a
    /// stream, none fails, and all share the one connection.
    @Test func moreCallsThanTheServerTakesAtOnceWaitForAStream() async throws {
        let (server, client) = try await Self.setUp(connections: 1)
        let base = "https://hooks.example:\(server.port)"
        let statuses = await withTaskGroup(of: Int?.self) { group in
            for index in 0..<300 {
                group.addTask {
                    await client.post("\(base)/hook/\(index)", body: [], headers: [:], timeout: ScriptedHTTPServer.patience, over: .http2)
                        .status
                }
            }
            return await group.reduce(into: []) { $0.append($1) }
        }
        #expect(statuses.count == 300)
        #expect(statuses.allSatisfy { $0 == 200 }, "\(statuses.filter { $0 != 200 })")
        #expect(server.connections == 1)
        await client.shutdown()
        await server.close()
    }

    @Test func aConnectionTheServerEndsIsReplaced() async throws {
        let (server, client) = try await Self.setUp(connections: 1)
        let base = "https://hooks.example:\(server.port)"
        // The server answers, then sends GOAWAY and closes: the next call gets its answer on a new
        // connection, whether the client saw the end before the call or only as its stream opened.
        #expect(await client.post("\(base)/drop", body: [], headers: [:], timeout: ScriptedHTTPServer.patience, over: .http2).status == 200)
        let after = await client.post("\(base)/hook", body: [], headers: [:], timeout: ScriptedHTTPServer.patience, over: .http2)
        #expect(after.status == 200, "\(after.error ?? "")")
        #expect(server.connections == 2)
        await client.shutdown()
        await server.close()
    }

    /// A server that says GOAWAY and leaves the connection open: the client closes it once its streams
    /// ended, and the next call goes on a new one.
    @Test func aConnectionTheServerSaysWillEndIsClosedOnceItsStreamsEnded() async throws {
        let (server, client) = try await Self.setUp(connections: 1)
        let base = "https://hooks.example:\(server.port)"
        #expect(
            await client.post("\(base)/goaway", body: [], headers: [:], timeout: ScriptedHTTPServer.patience, over: .http2).status == 200)
        #expect(await server.closedConnections(1), "the client closed the connection the server ended")
        #expect(await client.post("\(base)/hook", body: [], headers: [:], timeout: ScriptedHTTPServer.patience, over: .http2).status == 200)
        #expect(server.connections == 2)
        await client.shutdown()
        await server.close()
    }

    /// A connection that answers nothing at all (a NAT forgot it): the stream that timed out sends a PING,
    /// and with no answer within 5 s the connection closes. The next call, started on it before then,
    /// goes again on a new connection when it closes (without the PING it would sit there until its own
    /// time-out). The server's connection goes deaf before the call that times out: made deaf by that
    /// call's own request, it could still answer the PING of a call that timed out before the request
    /// reached it (CI's load once did that).
    @Test func aConnectionThatAnswersNoPINGIsClosed() async throws {
        let (server, client) = try await Self.setUp(connections: 1)
        let base = "https://hooks.example:\(server.port)"
        #expect(await client.post("\(base)/hook", body: [], headers: [:], timeout: ScriptedHTTPServer.patience, over: .http2).status == 200)
        try await server.deafen()
        let frozen = await client.post("\(base)/hook", body: [], headers: [:], timeout: .milliseconds(300), over: .http2)
        #expect(frozen.error?.contains("no response within") == true, "\(frozen.error ?? "")")
        let after = await client.post("\(base)/hook", body: [], headers: [:], timeout: ScriptedHTTPServer.patience, over: .http2)
        #expect(after.status == 200, "\(after.error ?? "")")
        #expect(server.connections == 2)
        await client.shutdown()
        await server.close()
    }

    @Test func aStalledOrCancelledStreamCostsOnlyItself() async throws {
        // The live connection answers the PING its timed-out stream sends: a window no loaded machine misses.
        let (server, client) = try await Self.setUp(connections: 1, pingWindow: ScriptedHTTPServer.patience)
        let base = "https://hooks.example:\(server.port)"
        // The connection first, within a time-out a loaded machine cannot miss.
        #expect(await client.post("\(base)/hook", body: [], headers: [:], timeout: ScriptedHTTPServer.patience, over: .http2).status == 200)
        let silent = await client.post("\(base)/silent", body: [], headers: [:], timeout: .milliseconds(300), over: .http2)
        #expect(silent.status == nil)
        #expect(silent.error?.contains("no response within") == true, "\(silent.error ?? "")")
        let cancelled = await withTaskGroup(of: Int?.self) { group in
            group.addTask {
                await client.post("\(base)/silent", body: [], headers: [:], timeout: ScriptedHTTPServer.patience, over: .http2).status
            }
            group.cancelAll()
            return await group.next() ?? nil
        }
        #expect(cancelled == nil)
        #expect(await client.post("\(base)/hook", body: [], headers: [:], timeout: ScriptedHTTPServer.patience, over: .http2).status == 200)
        #expect(server.connections == 1, "the reset streams left their connection in use")
        let large = await client.post("\(base)/large", body: [], headers: [:], timeout: ScriptedHTTPServer.patience, over: .http2)
        #expect(large.status == 200)
        #expect(large.body.isEmpty)
        #expect(large.error == "the response body is larger than \(OutboundHTTPClient.maxResponseBytes) bytes")
        #expect(await client.post("\(base)/hook", body: [], headers: [:], timeout: ScriptedHTTPServer.patience, over: .http2).status == 200)
        #expect(server.connections == 1)
        await client.shutdown()
        await server.close()
    }

    /// The certificate is checked against the URL's host name at the checked address, as over HTTP/1.1.
    @Test func theCertificateIsCheckedAgainstTheHostName() async throws {
        let (server, client) = try await Self.setUp(connections: 1)
        let otherName = await client.post(
            "https://other.example:\(server.port)/hook", body: [], headers: [:], timeout: ScriptedHTTPServer.patience, over: .http2)
        #expect(otherName.status == nil, "a certificate for hooks.example does not stand for other.example")
        #expect(server.connections == 1)
        await client.shutdown()
        await server.close()
    }

    /// HTTP/2 in the clear, by prior knowledge, for an http origin.
    @Test func anHTTPOriginSpeaksHTTP2InTheClear() async throws {
        let server = try await ScriptedHTTPServer.start(http2: true)
        let client = OutboundConnectionTests.client()
        let answer = await client.post(
            "http://hooks.example:\(server.port)/hook?q=1", body: [], headers: [:], timeout: ScriptedHTTPServer.patience, over: .http2)
        #expect(answer.status == 200, "\(answer.error ?? "")")
        #expect(answer.header("x-uri") == "/hook?q=1")
        await client.shutdown()
        await server.close()
    }

    /// A server that agrees to HTTP/1.1 alone (a TLS-inspecting proxy before FCM, say) is called over
    /// HTTP/1.1, from the first call on: the connection that asked for HTTP/2 is the only one wasted.
    @Test func aServerThatDoesNotSpeakHTTP2IsCalledOverHTTP1() async throws {
        let (server, client) = try await Self.setUp(connections: 1, http2: false)
        let base = "https://hooks.example:\(server.port)"
        let first = await client.post("\(base)/hook?n=1", body: [], headers: [:], timeout: ScriptedHTTPServer.patience, over: .http2)
        #expect(first.status == 200, "\(first.error ?? "")")
        #expect(first.header("x-uri") == "/hook?n=1")
        #expect(await client.post("\(base)/hook", body: [], headers: [:], timeout: ScriptedHTTPServer.patience, over: .http2).status == 200)
        #expect(server.connections == 2, "the refused HTTP/2 connection, then one HTTP/1.1 connection kept")
        await client.shutdown()
        await server.close()
    }

    /// The relays' client allows any address (the deployment's own URLs): a host that does not resolve is
    /// said to be so, not to be refused by an SSRF guard it does not have.
    @Test func aDeploymentsHostThatDoesNotResolveIsNamed() async throws {
        let client = OutboundHTTPClient(policy: .anyAddress, resolver: HostResolverTests.Fixture().resolver())
        let answer = await client.post("https://nowhere.example/3/device/x", body: [], headers: [:], timeout: .seconds(5), over: .http2)
        #expect(answer.status == nil)
        #expect(answer.error?.hasPrefix("cannot be called: `url` host 'nowhere.example' does not resolve") == true, "\(answer.error ?? "")")
        await client.shutdown()
    }

    @Test func nothingListeningIsAnErrorNotAHang() async throws {
        let fixture = HostResolverTests.Fixture()
        fixture.answer("hooks.example", "127.0.0.1")
        let client = OutboundHTTPClient(
            policy: OutboundConnectionTests.loopback, resolver: fixture.resolver(), connectPauses: [.milliseconds(10)], http2Connections: 1)
        // Port 1 on loopback: nothing listens.
        let answer = await client.post(
            "https://hooks.example:1/hook", body: [], headers: [:], timeout: ScriptedHTTPServer.patience, over: .http2)
        #expect(answer.status == nil)
        #expect(answer.error?.isEmpty == false)
        await client.shutdown()
    }
}
