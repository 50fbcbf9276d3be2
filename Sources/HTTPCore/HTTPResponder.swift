/// Answers requests. The server calls it off its I/O thread, in Swift concurrency.
package protocol HTTPResponder: Sendable {
    func respond(to request: HTTPRequest) async -> HTTPResponse
}
