import Crypto
import ErrorCodes
import Foundation
import HTTPTypes
import NIOCore
import NIOHTTP1
import NIOSSL
import NotificationCore
import OutboundHTTP
import Outbox
import SwiftASN1
import Testing
import WebhookDelivery
import Webhooks
import X509

/// The outbound client's own HTTP/1.1 connections, against a real server on loopback: each goes to the
/// address the SSRF guard checked (names here resolve only through the test's resolver: `.example` names
/// resolve nowhere else, so a call that reaches the server went where the guard looked), is kept for
/// the next call, and is given up on when the server ends it, stalls or says too much.
@Suite struct OutboundConnectionTests {
    static let loopback = OutboundURLPolicy(allowedNetworks: [IPNetwork("127.0.0.0/8")!])

    /// A client whose resolver answers loopback for `hooks.example` and `other.example`.
    static func client(
        tls: TLSConfiguration = .makeClientConfiguration(), connectPauses: [Duration] = OutboundHTTPClient.connectPauses
    ) -> OutboundHTTPClient {
        let fixture = HostResolverTests.Fixture()
        fixture.answer("hooks.example", "127.0.0.1")
        fixture.answer("other.example", "127.0.0.1")
        return OutboundHTTPClient(policy: loopback, resolver: fixture.resolver(), tls: tls, connectPauses: connectPauses)
    }

    @Test func aCallGoesToTheCheckedAddressWithItsHostPathAndFields() async throws {
        let server = try await ScriptedHTTPServer.start()
        let client = Self.client()
        let answer = await client.post(
            "http://hooks.example:\(server.port)/hook?x=1&y=%C3%A4#fragment", body: Array("{}".utf8),
            headers: [HTTPField.Name("webhook-signature")!: "v1,abc"], timeout: ScriptedHTTPServer.patience)
        #expect(answer.status == 200, "\(answer.error ?? "")")
        #expect(answer.header("x-host") == "hooks.example:\(server.port)")
        #expect(answer.header("x-uri") == "/hook?x=1&y=%C3%A4")
        #expect(answer.header("x-agent") == "usernotifyd")
        #expect(answer.header("x-signature") == "v1,abc")
        #expect(answer.body == Array("ok".utf8))
        await client.shutdown()
        await server.close()
    }

    @Test(arguments: [
        ("https://push.example", "/"), ("https://push.example?q=1", "/?q=1"), ("https://push.example/a/b#f", "/a/b"),
        ("http://[::1]:8080/ä b", "/%C3%A4%20b"),
    ])
    func theRequestTargetIsWhatFollowsTheAuthority(url: String, target: String) {
        #expect(OutboundHTTPClient.pathAndQuery(of: url) == target)
    }

    @Test func callsShareAConnectionUntilTheServerEndsIt() async throws {
        let server = try await ScriptedHTTPServer.start()
        let client = Self.client()
        let base = "http://hooks.example:\(server.port)"
        for _ in 0..<3 {
            #expect(await client.post("\(base)/hook", body: [], headers: [:], timeout: ScriptedHTTPServer.patience).status == 200)
        }
        #expect(server.connections == 1, "three calls, one connection")
        // An answer with `Connection: close` ends it: the next call makes another.
        #expect(await client.post("\(base)/close", body: [], headers: [:], timeout: ScriptedHTTPServer.patience).status == 200)
        #expect(await client.post("\(base)/hook", body: [], headers: [:], timeout: ScriptedHTTPServer.patience).status == 200)
        #expect(server.connections == 2)
        // A server that closes a connection it answered as kept: the next call gets its answer anyway, on a
        // new connection (whether the client saw the close before it took the connection or only after).
        #expect(await client.post("\(base)/drop", body: [], headers: [:], timeout: ScriptedHTTPServer.patience).status == 200)
        let after = await client.post("\(base)/hook", body: [], headers: [:], timeout: ScriptedHTTPServer.patience)
        #expect(after.status == 200, "\(after.error ?? "")")
        #expect(server.connections == 3)
        await client.shutdown()
        await server.close()
    }

    @Test func aConnectionLeftIdleCloses() async throws {
        let server = try await ScriptedHTTPServer.start()
        let fixture = HostResolverTests.Fixture()
        fixture.answer("hooks.example", "127.0.0.1")
        let client = OutboundHTTPClient(policy: Self.loopback, resolver: fixture.resolver(), idleTimeout: .milliseconds(100))
        let base = "http://hooks.example:\(server.port)"
        #expect(await client.post("\(base)/hook", body: [], headers: [:], timeout: ScriptedHTTPServer.patience).status == 200)
        #expect(await server.closedConnections(1), "the kept connection closes once idle")
        #expect(await client.post("\(base)/hook", body: [], headers: [:], timeout: ScriptedHTTPServer.patience).status == 200)
        #expect(server.connections == 2)
        await client.shutdown()
        await server.close()
    }

    @Test func anAnswerThatNeverComesEndsAtTheCallsTimeOutAndItsConnectionGoes() async throws {
        let server = try await ScriptedHTTPServer.start()
        let client = Self.client()
        let base = "http://hooks.example:\(server.port)"
        let silent = await client.post("\(base)/silent", body: [], headers: [:], timeout: .milliseconds(300))
        #expect(silent.status == nil)
        #expect(silent.error?.contains("no response within") == true, "\(silent.error ?? "")")
        #expect(await client.post("\(base)/hook", body: [], headers: [:], timeout: ScriptedHTTPServer.patience).status == 200)
        #expect(server.connections == 2, "the stalled connection is not used again")
        await client.shutdown()
        await server.close()
    }

    @Test func aBodyLargerThanTheLimitIsNotKept() async throws {
        let server = try await ScriptedHTTPServer.start()
        let client = Self.client()
        let large = await client.post(
            "http://hooks.example:\(server.port)/large", body: [], headers: [:], timeout: ScriptedHTTPServer.patience)
        #expect(large.status == 200)
        #expect(large.body.isEmpty)
        #expect(large.error == "the response body is larger than \(OutboundHTTPClient.maxResponseBytes) bytes")
        #expect(
            await client.post("http://hooks.example:\(server.port)/hook", body: [], headers: [:], timeout: ScriptedHTTPServer.patience)
                .status == 200)
        await client.shutdown()
        await server.close()
    }

    @Test func nothingListeningIsAnErrorNotAHang() async throws {
        // Port 1 on loopback: nothing listens.
        let answer = await Self.client(connectPauses: [.milliseconds(10)]).post(
            "http://hooks.example:1/hook", body: [], headers: [:], timeout: ScriptedHTTPServer.patience)
        #expect(answer.status == nil)
        #expect(answer.error?.isEmpty == false)
    }

    /// A receiver that starts listening after the call began (the README's walkthrough starts its receiver
    /// in the background) gets the call: a refused connection is tried again within the call's time-out.
    /// The pauses are long enough that the server below is listening by the second try however slow the
    /// machine; if it was listening already, the first try succeeds.
    @Test func aReceiverThatStartsLateGetsTheCall() async throws {
        let reserved = try await ScriptedHTTPServer.start()
        let port = reserved.port
        await reserved.close()
        let client = Self.client(connectPauses: [.seconds(3), .seconds(6)])
        async let answer = client.post("http://hooks.example:\(port)/hook", body: [], headers: [:], timeout: ScriptedHTTPServer.patience)
        let server = try await ScriptedHTTPServer.start(port: port)
        let received = await answer
        #expect(received.status == 200, "\(received.error ?? "")")
        await client.shutdown()
        await server.close()
    }

    /// A download streams its body to the caller a part at a time, on the same pinned connections.
    @Test func aDownloadGoesToTheCheckedAddressAndStreamsItsBody() async throws {
        let server = try await ScriptedHTTPServer.start()
        let client = Self.client()
        var status: UInt?
        var parts = 0
        var received = 0
        try await client.get("http://hooks.example:\(server.port)/large", timeout: ScriptedHTTPServer.patience) { head in
            status = head.status.code
        } receive: { buffer in
            parts += 1
            received += buffer.readableBytes
        }
        #expect(status == 200)
        #expect(received == 100_000)
        #expect(parts > 1, "the body came in parts, not held whole")
        await #expect(throws: OutboundHTTPClient.DownloadFailure.self) {
            try await client.get(
                "http://hooks.example:\(server.port)/silent", timeout: .milliseconds(300), head: { _ in }, receive: { _ in })
        }
        await #expect(throws: OutboundHTTPClient.DownloadFailure.self) {
            try await client.get("http://10.0.0.1/x.png", timeout: ScriptedHTTPServer.patience, head: { _ in }, receive: { _ in })
        }
        await client.shutdown()
        await server.close()
    }

    /// An attachment's fetch: the body on disk, a size over the limit refused before it is read.
    @Test func mediaIsFetchedThroughThePinnedClient() async throws {
        let server = try await ScriptedHTTPServer.start()
        let client = Self.client()
        let downloader = MediaDownloader(client: client)
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("fetched-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        try await downloader.fetch("http://hooks.example:\(server.port)/large", to: path, maxBytes: 200_000)
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)).count == 100_000)
        do {
            try await downloader.fetch("http://hooks.example:\(server.port)/large", to: path, maxBytes: 50_000)
            Issue.record("a body over the limit was fetched")
        } catch {
            #expect(error.code == .attachmentInvalidFileSize, "\(error.message)")
        }
        do {
            try await MediaDownloader(client: client, timeout: .milliseconds(300))
                .fetch("http://hooks.example:\(server.port)/silent", to: path, maxBytes: 50_000)
            Issue.record("an answer that never came was fetched")
        } catch {
            #expect(error.code == .attachmentInvalidURL && error.message.contains("no complete answer"), "\(error.message)")
        }
        await client.shutdown()
        await server.close()
    }

    /// Over TLS the connection still goes to the checked address, and the certificate is checked against
    /// the URL's host name (sent as the server name): a certificate for another name is refused.
    @Test func httpsChecksTheCertificateAgainstTheHostNameAtTheCheckedAddress() async throws {
        let authority = try TestAuthority()
        let server = try await ScriptedHTTPServer.start(tls: try authority.serverConfiguration(for: "hooks.example"))
        var trust = TLSConfiguration.makeClientConfiguration()
        trust.trustRoots = .certificates([try authority.root()])
        let client = Self.client(tls: trust)
        let answer = await client.post(
            "https://hooks.example:\(server.port)/hook", body: [], headers: [:], timeout: ScriptedHTTPServer.patience)
        #expect(answer.status == 200, "\(answer.error ?? "")")
        #expect(answer.header("x-host") == "hooks.example:\(server.port)")
        let otherName = await client.post(
            "https://other.example:\(server.port)/hook", body: [], headers: [:], timeout: ScriptedHTTPServer.patience)
        #expect(otherName.status == nil, "a certificate for hooks.example does not stand for other.example")
        let untrusted = await Self.client().post(
            "https://hooks.example:\(server.port)/hook", body: [], headers: [:], timeout: ScriptedHTTPServer.patience)
        #expect(untrusted.status == nil, "the test's authority is not one of the system's roots")
        await client.shutdown()
        await server.close()
    }
}

/// A certificate authority made for one test, and server certificates it signs.
struct TestAuthority {
    private let key = P256.Signing.PrivateKey()
    private let name: DistinguishedName
    private let certificate: Certificate

    init() throws {
        name = try DistinguishedName { CommonName("usernotifyd test authority") }
        let now = Date()
        certificate = try Certificate(
            version: .v3, serialNumber: Certificate.SerialNumber(), publicKey: .init(key.publicKey),
            notValidBefore: now.addingTimeInterval(-3600), notValidAfter: now.addingTimeInterval(3600), issuer: name, subject: name,
            signatureAlgorithm: .ecdsaWithSHA256,
            extensions: try Certificate.Extensions {
                Critical(BasicConstraints.isCertificateAuthority(maxPathLength: nil))
                Critical(KeyUsage(keyCertSign: true))
            },
            issuerPrivateKey: .init(key))
    }

    func root() throws -> NIOSSLCertificate {
        try NIOSSLCertificate(bytes: Array(certificate.serializeAsPEM().pemString.utf8), format: .pem)
    }

    /// A server's TLS configuration with a certificate for `host`, signed by this authority.
    func serverConfiguration(for host: String) throws -> TLSConfiguration {
        let serverKey = P256.Signing.PrivateKey()
        let now = Date()
        let leaf = try Certificate(
            version: .v3, serialNumber: Certificate.SerialNumber(), publicKey: .init(serverKey.publicKey),
            notValidBefore: now.addingTimeInterval(-3600), notValidAfter: now.addingTimeInterval(3600), issuer: name,
            subject: try DistinguishedName { CommonName(host) }, signatureAlgorithm: .ecdsaWithSHA256,
            extensions: try Certificate.Extensions {
                SubjectAlternativeNames([.dnsName(host)])
                try ExtendedKeyUsage([.serverAuth])
            },
            issuerPrivateKey: .init(key))
        return TLSConfiguration.makeServerConfiguration(
            certificateChain: [.certificate(try NIOSSLCertificate(bytes: Array(leaf.serializeAsPEM().pemString.utf8), format: .pem))],
            privateKey: .privateKey(try NIOSSLPrivateKey(bytes: Array(serverKey.pemRepresentation.utf8), format: .pem)))
    }
}
