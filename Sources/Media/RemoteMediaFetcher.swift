import NotificationCore

/// Fetches an attachment URL into a local file through the SSRF guard (the outbound HTTP client lives
/// with the webhook dispatcher).
package protocol RemoteMediaFetcher: Sendable {
    /// Writes the body of a 2xx answer to `path`, at most `maxBytes`; throws `attachmentInvalidURL` (refused
    /// by the guard, unreachable, not 2xx, a redirect) or `attachmentInvalidFileSize`.
    func fetch(_ url: String, to path: String, maxBytes: Int) async throws(NotificationError)
}
