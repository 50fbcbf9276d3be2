/// Answers requests. The server calls it off its I/O thread, in Swift concurrency.
package protocol HTTPResponder: Sendable {
    func respond(to request: Request) async -> Response
    /// How to receive the body of the request whose head this is; asked on the I/O thread, so it must be quick.
    func bodyPolicy(for request: Request) -> BodyPolicy
}

extension HTTPResponder {
    package func bodyPolicy(for request: Request) -> BodyPolicy { .buffered }
}
