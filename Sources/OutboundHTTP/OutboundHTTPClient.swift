import Foundation
import HTTPTypes
import NIOCore
import NIOHTTP1
import NIOSSL
import Outbox
import Storage
import Synchronization
import Webhooks

/// Posts to URLs an app gave (its webhooks, its browsers' push services) over HTTP/1.1 connections kept
/// open between calls (`PinnedConnections`): never follows a redirect, checks every URL against the SSRF
/// guard (the host's resolved addresses included, as `HostResolver` keeps them for 10 s) right before the
/// call and connects only to an address it checked, and reads at most `maxResponseBytes` of an answer. A
/// call's time-out bounds all of it: connecting, sending and the whole answer. The relays' calls to APNs
/// and FCM go over HTTP/2 (`HTTP2Connections`), and they and the span exporter call the deployment's own
/// URLs with a policy that allows any address (`OutboundURLPolicy.anyAddress`).
package final class OutboundHTTPClient: Sendable {
    package static let maxResponseBytes = 64 * 1024
    package let policy: OutboundURLPolicy
    private let resolver: HostResolver
    private let dialer: PinnedDialer
    private let connections: PinnedConnections
    private let http2: HTTP2Connections
    /// Origins whose server, asked for HTTP/2, agreed to HTTP/1.1 alone (a TLS-inspecting proxy, say):
    /// their HTTP/2 calls go over HTTP/1.1 from then on.
    private let http1Only = Mutex<Set<PinnedDialer.Origin>>([])
    /// What each URL that passed the SSRF guard's rules parsed to (its parse was ~2 % of a webhook
    /// attempt's CPU), kept by the URL's scheme and authority (`authority(of:)`): the rules depend only on
    /// those and the policy, which the client keeps for its life, so the endpoints of one push service (a
    /// broadcast's members each have their own) share one check. The host's addresses are still checked on
    /// every post. A refused URL is not kept.
    private let checked = SharedForms<Substring, Destination>(limit: 4096)

    /// A URL's scheme and authority as a call uses them, once they passed the rules.
    private struct Destination: Sendable {
        var target: OutboundURLPolicy.Target
        var origin: PinnedDialer.Origin
        /// The `Host` field: the host (an IPv6 literal in its brackets), and the port the URL names.
        var hostField: String

        init(_ target: OutboundURLPolicy.Target) {
            self.target = target
            let tls = target.url.scheme?.lowercased() == "https"
            origin = PinnedDialer.Origin(tls: tls, host: target.host, port: target.url.port ?? (tls ? 443 : 80))
            hostField = target.url.port.map { "\(target.host):\($0)" } ?? target.host
        }
    }

    /// How long a call waits before it tries again to connect when nothing took its connection (a
    /// receiver starting or restarting): 1.75 s in all, within the call's time-out.
    package static let connectPauses: [Duration] = [.milliseconds(250), .milliseconds(500), .seconds(1)]

    /// The protocol a call speaks: HTTP/1.1 on a connection per call under way (kept between calls), or
    /// HTTP/2 over TLS, each call a stream on one of a few connections to its origin (APNs takes nothing
    /// else), or HTTP/1.1 where the server agrees to nothing else.
    package enum Version: Sendable {
        case http1_1
        case http2
    }

    /// `tls`: the trust the client's HTTPS connections check certificates against (the system's roots);
    /// `connectPauses`: the waits before each new try to connect; `http2Connections`: how many HTTP/2
    /// connections each origin gets, taken in turn; `http2PingWindow`: how long an HTTP/2 connection
    /// whose stream timed out has to answer a PING before it closes; `idleTimeout`: how long a kept
    /// HTTP/1.1 connection waits for its next call before it closes.
    package init(
        policy: OutboundURLPolicy, resolver: HostResolver = HostResolver(), tls: TLSConfiguration = .makeClientConfiguration(),
        connectPauses: [Duration] = connectPauses, http2Connections: Int = 3, http2PingWindow: Duration = .seconds(5),
        idleTimeout: Duration = .seconds(60)
    ) {
        self.policy = policy
        self.resolver = resolver
        dialer = PinnedDialer(tls: tls, pauses: connectPauses)
        connections = PinnedConnections(dialer: dialer, limit: Self.maxResponseBytes, idleTimeout: TimeAmount(idleTimeout))
        var h2 = tls
        // HTTP/1.1 offered too: a server that takes it alone answers so, rather than ending the handshake.
        h2.applicationProtocols = ["h2", "http/1.1"]
        // A connection closed for want of an answer to a PING closes without waiting long for the peer's
        // close_notify: its streams end with it.
        h2.shutdownTimeout = .seconds(1)
        http2 = HTTP2Connections(
            dialer: PinnedDialer(tls: h2, pauses: connectPauses), limit: Self.maxResponseBytes, perOrigin: http2Connections,
            pingWindow: http2PingWindow)
    }

    /// Checks a URL as an app sets it: the rules, then the addresses its host resolves to now.
    package func checkURL(_ url: String, field: String) async throws(WebhookConfigurationError) {
        try await policy.checkResolving(url, field: field, resolver: resolver, fresh: true)
    }

    /// Where a URL goes, once it passed the SSRF guard: its parse and the addresses its host has now.
    private func destination(_ url: String) async throws(WebhookConfigurationError) -> (Destination, [IPAddress]) {
        let destination = try checked.value(for: Self.authority(of: url)) { () throws(WebhookConfigurationError) in
            Destination(try policy.check(url, field: "url"))
        }
        return (destination, try await policy.addresses(of: destination.target, field: "url", resolver: resolver))
    }

    package func post(
        _ url: String, body: [UInt8], headers: HTTPFields, contentType: String = "application/json", timeout: Duration,
        over version: Version = .http1_1
    ) async -> AttemptOutcome {
        let start = ContinuousClock.now
        let destination: Destination
        let addresses: [IPAddress]
        do {
            (destination, addresses) = try await self.destination(url)
        } catch {
            // The deployment's own URLs (any address) pass no SSRF guard: only their form and their host's resolving.
            return .noAnswer(
                "\(policy.allowsEveryAddress ? "cannot be called" : "refused by the SSRF guard"): \(error.message)", since: start)
        }
        var head = HTTPRequestHead(version: .http1_1, method: .POST, uri: Self.pathAndQuery(of: url))
        head.headers.reserveCapacity(4 + headers.count)
        head.headers.add(name: "Host", value: destination.hostField)
        head.headers.add(name: "Content-Type", value: contentType)
        head.headers.add(name: "Content-Length", value: String(body.count))
        head.headers.add(name: "User-Agent", value: "usernotifyd")
        for field in headers { head.headers.add(name: field.name.rawName, value: field.value) }
        do {
            let (body, deadline) = (ByteBuffer(bytes: body), NIODeadline.now() + TimeAmount(timeout))
            let origin = destination.origin
            let answer: ExchangeHandler.Answer
            if version == .http1_1 || http1Only.withLock({ $0.contains(origin) }) {
                answer = try await connections.exchange(head, body: body, to: origin, at: addresses, deadline: deadline)
            } else {
                do {
                    answer = try await http2.exchange(head, body: body, to: origin, at: addresses, deadline: deadline)
                } catch is HTTP2Connections.Refused {
                    http1Only.withLock { _ = $0.insert(origin) }
                    answer = try await connections.exchange(head, body: body, to: origin, at: addresses, deadline: deadline)
                }
            }
            return AttemptOutcome(
                status: Int(answer.head.status.code), headers: answer.head.headers.map { ($0.name, $0.value) },
                body: answer.truncated ? [] : Array(buffer: answer.body),
                error: answer.truncated ? "the response body is larger than \(Self.maxResponseBytes) bytes" : nil,
                duration: ContinuousClock.now - start)
        } catch ExchangeHandler.Failure.timedOut {
            return .noAnswer("no response within \(timeout)", since: start)
        } catch {
            return .noAnswer("\(error)", since: start)
        }
    }

    /// Why a download (`get`) got no whole answer.
    package enum DownloadFailure: Error {
        case refused(String)
        case timedOut
        case failed(String)
    }

    /// A GET of `url` on a connection of its own to an address the SSRF guard checked, all of it within
    /// `timeout`: `head` sees the answer's status and fields, then `receive` each part of its body as it
    /// comes (what is downloaded goes to disk, not to memory). What they throw ends the download and is
    /// thrown as it is; the client's own failures are `DownloadFailure`s.
    package func get(
        _ url: String, timeout: Duration, head: (HTTPResponseHead) throws -> Void, receive: (ByteBuffer) throws -> Void
    ) async throws {
        let destination: Destination
        let addresses: [IPAddress]
        do {
            (destination, addresses) = try await self.destination(url)
        } catch {
            throw DownloadFailure.refused(error.message)
        }
        let deadline = NIODeadline.now() + TimeAmount(timeout)
        var request = HTTPRequestHead(version: .http1_1, method: .GET, uri: Self.pathAndQuery(of: url))
        request.headers.add(name: "Host", value: destination.hostField)
        request.headers.add(name: "User-Agent", value: "usernotifyd")
        request.headers.add(name: "Connection", value: "close")
        var thrown: (any Error)?
        do {
            let channel = try await dialer.connect(destination.origin, addresses, deadline: deadline) { channel in
                try channel.pipeline.syncOperations.addHTTPClientHandlers()
                return try NIOAsyncChannel<HTTPClientResponsePart, HTTPClientRequestPart>(wrappingChannelSynchronously: channel)
            }
            // The deadline closes the connection, which ends the answer's parts.
            let timer = channel.channel.eventLoop.scheduleTask(deadline: deadline) { channel.channel.close(promise: nil) }
            defer { timer.cancel() }
            try await channel.executeThenClose { inbound, outbound in
                try await outbound.write(.head(request))
                try await outbound.write(.end(nil))
                var answered = false
                for try await part in inbound {
                    do {
                        switch part {
                        case .head(let answer) where answer.status.code >= 200:
                            answered = true
                            try head(answer)
                        case .head: continue
                        case .body(let buffer): try receive(buffer)
                        case .end: return
                        }
                    } catch {
                        thrown = error
                        throw error
                    }
                }
                throw ExchangeHandler.Failure.closed(answered: answered)
            }
        } catch {
            if let thrown { throw thrown }
            throw NIODeadline.now() >= deadline ? DownloadFailure.timedOut : DownloadFailure.failed("\(error)")
        }
    }

    /// The request target of a URL: what follows its authority, less any fragment, with every byte that
    /// may not stand in a request line as such percent-encoded; `/` when nothing follows.
    package static func pathAndQuery(of url: String) -> String {
        var rest = url[authority(of: url).endIndex...]
        if let hash = rest.firstIndex(of: "#") { rest = rest[..<hash] }
        guard !rest.isEmpty else { return "/" }
        let prefix = rest.first == "/" ? "" : "/"
        if rest.utf8.allSatisfy({ $0 > 0x20 && $0 < 0x7F }) { return prefix + rest }
        let hex = Array("0123456789ABCDEF".unicodeScalars)
        var target = prefix.unicodeScalars
        for byte in rest.utf8 {
            if byte > 0x20 && byte < 0x7F {
                target.append(Unicode.Scalar(byte))
            } else {
                target += ["%", hex[Int(byte >> 4)], hex[Int(byte & 0x0F)]]
            }
        }
        return String(target)
    }

    /// The URL up to its path, query or fragment (`https://user@host:443`): all the SSRF guard's rules
    /// read of it. A URL whose scheme is not followed by `//` is all of itself. Read as UTF-8 bytes:
    /// Foundation's `range(of:)` took ~1 % of a push's CPU.
    package static func authority(of url: String) -> Substring {
        let bytes = url.utf8
        guard let colon = bytes.firstIndex(of: UInt8(ascii: ":")), bytes[colon...].dropFirst().starts(with: "//".utf8) else {
            return url[...]
        }
        let end = bytes[bytes.index(colon, offsetBy: 3)...].firstIndex {
            $0 == UInt8(ascii: "/") || $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "#")
        }
        return url[..<(end ?? bytes.endIndex)]
    }

    package func shutdown() async {
        await connections.shutdown()
        await http2.shutdown()
    }
}
