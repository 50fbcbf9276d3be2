import AsyncHTTPClient
import Foundation
import HTTPTypes
import NIOCore
import NIOHTTP1
import Outbox
import Storage
import Webhooks

/// Posts to URLs an app gave (its webhooks, its browsers' push services) with AsyncHTTPClient (pooled
/// connections, timeouts): never follows a redirect, checks every URL against the SSRF guard (the host's
/// resolved addresses included, as `HostResolver` keeps them for 10 s) right before the call, and reads
/// at most `maxResponseBytes` of an answer.
package final class OutboundHTTPClient: Sendable {
    package static let maxResponseBytes = 64 * 1024
    private let client: HTTPClient
    package let policy: OutboundURLPolicy
    private let resolver: HostResolver
    /// What each URL that passed the SSRF guard's rules parsed to (its parse was ~2 % of a webhook
    /// attempt's CPU), kept by the URL's scheme and authority (`authority(of:)`): the rules depend only on
    /// those and the policy, which the client keeps for its life, so the endpoints of one push service (a
    /// broadcast's members each have their own) share one check. The host's addresses are still checked on
    /// every post. A refused URL is not kept.
    private let checked = SharedForms<Substring, OutboundURLPolicy.Target>(limit: 4096)

    /// `readTimeout`: how long an answer may stall; no shorter than the longest a caller allows a call (an
    /// attempt's or a delegate call's time-out), or it would cut the call short.
    package init(policy: OutboundURLPolicy, resolver: HostResolver = HostResolver(), readTimeout: Duration = .seconds(30)) {
        self.policy = policy
        self.resolver = resolver
        var configuration = HTTPClient.Configuration()
        configuration.redirectConfiguration = .disallow
        configuration.timeout = .init(connect: .seconds(5), read: TimeAmount(readTimeout))
        configuration.decompression = .disabled
        // No spans: the service carries each call's `traceparent` itself, and AsyncHTTPClient's spans
        // (no-op ones, with no tracer bootstrapped) still cost their attributes on every post.
        configuration.tracing.tracer = nil
        // As many HTTP/1.1 connections per host as the dispatcher has attempts in flight to one push
        // service's origin (`OutboxDispatcher.Configuration.perHost`): attempts that wait for a connection
        // longer than the connect time-out fail (`getConnectionFromPoolTimeout`). HTTP/2 services multiplex.
        configuration.connectionPool = .init(idleTimeout: .seconds(60), concurrentHTTP1ConnectionsPerHostSoftLimit: 128)
        client = HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration)
    }

    /// Checks a URL as an app sets it: the rules, then the addresses its host resolves to now.
    package func checkURL(_ url: String, field: String) async throws(WebhookConfigurationError) {
        try await policy.checkResolving(url, field: field, resolver: resolver, fresh: true)
    }

    /// The POST of `body` (JSON, unless `contentType` says otherwise) with `headers` to `url`, as every
    /// attempt sends it.
    package static func request(
        _ url: String, body: [UInt8], headers: HTTPFields, contentType: String = "application/json"
    ) -> HTTPClientRequest {
        var request = HTTPClientRequest(url: url)
        request.method = .POST
        request.headers.add(name: "Content-Type", value: contentType)
        request.headers.add(name: "User-Agent", value: "usernotifyd")
        for field in headers { request.headers.add(name: field.name.rawName, value: field.value) }
        request.body = .bytes(ByteBuffer(bytes: body))
        return request
    }

    package func post(
        _ url: String, body: [UInt8], headers: HTTPFields, contentType: String = "application/json", timeout: Duration
    ) async -> AttemptOutcome {
        let start = ContinuousClock.now
        do {
            let target = try checked.value(for: Self.authority(of: url)) { () throws(WebhookConfigurationError) in
                try policy.check(url, field: "url")
            }
            try await policy.checkResolving(target, field: "url", resolver: resolver)
        } catch {
            return .noAnswer("refused by the SSRF guard: \(error.message)", since: start)
        }
        return await Self.execute(Self.request(url, body: body, headers: headers, contentType: contentType), on: client, timeout: timeout)
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

    /// Sends `request` and reads its answer (at most `maxResponseBytes` of its body): the status,
    /// headers and body, or why none came.
    package static func execute(_ request: HTTPClientRequest, on client: HTTPClient, timeout: Duration) async -> AttemptOutcome {
        let start = ContinuousClock.now
        do {
            let response = try await client.execute(request, timeout: TimeAmount(timeout))
            var answer = AttemptOutcome(
                status: Int(response.status.code),
                headers: response.headers.map { ($0.name, $0.value) },
                body: [], error: nil, duration: .zero)
            do {
                answer.body = Array(buffer: try await response.body.collect(upTo: Self.maxResponseBytes))
            } catch {
                answer.error = "the response body is larger than \(Self.maxResponseBytes) bytes"
            }
            answer.duration = ContinuousClock.now - start
            return answer
        } catch let error as HTTPClientError where error == .deadlineExceeded || error == .readTimeout {
            return .noAnswer("no response within \(timeout)", since: start)
        } catch {
            return .noAnswer("\(error)", since: start)
        }
    }

    package func shutdown() async {
        try? await client.shutdown()
    }
}
