import AsyncHTTPClient
import ErrorCodes
import Foundation
import Media
import NIOCore
import NIOHTTP1
import NotificationCore
import OutboundHTTP
import Webhooks

/// Fetches attachment URLs for apps: the same SSRF guard as webhooks (checked right before the call),
/// no redirects, a size cap while streaming to disk, a deadline for the whole download.
package final class MediaDownloader: RemoteMediaFetcher {
    private let client: HTTPClient
    private let policy: OutboundURLPolicy
    private let resolver: HostResolver
    private let timeout: Duration

    package init(policy: OutboundURLPolicy, resolver: HostResolver = HostResolver(), timeout: Duration = .seconds(30)) {
        self.policy = policy
        self.resolver = resolver
        self.timeout = timeout
        var configuration = HTTPClient.Configuration()
        configuration.redirectConfiguration = .disallow
        configuration.timeout = .init(connect: .seconds(5), read: .seconds(15))
        configuration.decompression = .disabled
        client = HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration)
    }

    package func fetch(_ url: String, to path: String, maxBytes: Int) async throws(NotificationError) {
        func invalid(_ reason: String) -> NotificationError {
            NotificationError(
                code: .attachmentInvalidURL, kind: .invalid, message: "The attachment URL '\(url)' could not be fetched: \(reason).")
        }
        do {
            try await policy.checkResolving(url, field: "url", resolver: resolver)
        } catch {
            throw invalid("refused by the SSRF guard: \(error.message)")
        }
        do {
            var request = HTTPClientRequest(url: url)
            request.headers.add(name: "User-Agent", value: "usernotifyd")
            let response = try await client.execute(request, timeout: TimeAmount(timeout))
            guard (200..<300).contains(response.status.code) else {
                let redirect = (300..<400).contains(response.status.code) ? " (redirects are not followed)" : ""
                throw invalid("the server answered \(response.status.code)\(redirect)")
            }
            if let length = response.headers.first(name: "Content-Length").flatMap(Int.init), length > maxBytes {
                throw NotificationError.attachmentTooLarge(size: length, limit: maxBytes)
            }
            guard FileManager.default.createFile(atPath: path, contents: nil), let handle = FileHandle(forWritingAtPath: path) else {
                throw NotificationError(code: .attachmentMoveIntoDataStoreFailed, kind: .invalid, message: "No room for the download.")
            }
            defer { try? handle.close() }
            var received = 0
            for try await buffer in response.body {
                received += buffer.readableBytes
                if received > maxBytes { throw NotificationError.attachmentTooLarge(size: received, limit: maxBytes) }
                try handle.write(contentsOf: Data(buffer.readableBytesView))
            }
        } catch let error as NotificationError {
            throw error
        } catch let error as HTTPClientError where error == .deadlineExceeded || error == .readTimeout {
            throw invalid("no complete answer within \(timeout)")
        } catch {
            throw invalid("\(error)")
        }
    }

    package func shutdown() async {
        try? await client.shutdown()
    }
}
