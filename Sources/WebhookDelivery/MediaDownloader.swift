import ErrorCodes
import Foundation
import Media
import NIOCore
import NIOHTTP1
import NotificationCore
import OutboundHTTP

/// Fetches attachment URLs for apps through the outbound client (`OutboundHTTPClient.get`): the same SSRF
/// guard as webhooks (checked right before the call, the connection made to the address checked), no
/// redirects, a size cap while streaming to disk, a deadline for the whole download.
package struct MediaDownloader: RemoteMediaFetcher {
    private let client: OutboundHTTPClient
    private let timeout: Duration

    package init(client: OutboundHTTPClient, timeout: Duration = .seconds(30)) {
        self.client = client
        self.timeout = timeout
    }

    package func fetch(_ url: String, to path: String, maxBytes: Int) async throws(NotificationError) {
        func invalid(_ reason: String) -> NotificationError {
            NotificationError(
                code: .attachmentInvalidURL, kind: .invalid, message: "The attachment URL '\(url)' could not be fetched: \(reason).")
        }
        var file: FileHandle?
        defer { try? file?.close() }
        var received = 0
        do {
            try await client.get(url, timeout: timeout) { head in
                guard (200..<300).contains(head.status.code) else {
                    let redirect = (300..<400).contains(head.status.code) ? " (redirects are not followed)" : ""
                    throw invalid("the server answered \(head.status.code)\(redirect)")
                }
                if let length = head.headers.first(name: "Content-Length").flatMap(Int.init), length > maxBytes {
                    throw NotificationError.attachmentTooLarge(size: length, limit: maxBytes)
                }
                guard FileManager.default.createFile(atPath: path, contents: nil), let handle = FileHandle(forWritingAtPath: path) else {
                    throw NotificationError(code: .attachmentMoveIntoDataStoreFailed, kind: .invalid, message: "No room for the download.")
                }
                file = handle
            } receive: { buffer in
                received += buffer.readableBytes
                if received > maxBytes { throw NotificationError.attachmentTooLarge(size: received, limit: maxBytes) }
                try file?.write(contentsOf: Data(buffer.readableBytesView))
            }
        } catch let error as NotificationError {
            throw error
        } catch OutboundHTTPClient.DownloadFailure.refused(let reason) {
            throw invalid("refused by the SSRF guard: \(reason)")
        } catch OutboundHTTPClient.DownloadFailure.timedOut {
            throw invalid("no complete answer within \(timeout)")
        } catch OutboundHTTPClient.DownloadFailure.failed(let reason) {
            throw invalid(reason)
        } catch {
            throw invalid("\(error)")
        }
    }
}
