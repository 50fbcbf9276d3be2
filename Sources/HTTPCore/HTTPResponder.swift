/// Answers requests. The server calls it off its I/O thread, in Swift concurrency.
package protocol HTTPResponder: Sendable {
    func respond(to request: Request) async -> Response
    /// How to receive the body of the request whose head this is; asked on the I/O thread, so it must be quick.
    func bodyPolicy(for request: Request) -> BodyPolicy
    /// The answer to a complete request that needs no waiting (no storage, no locks held long, no stream),
    /// computed on the I/O thread; nil sends the request to `respond(to:)`. Answering here saves the hop
    /// to a worker and back, which costs more than a light request itself.
    func immediateResponse(to request: Request) -> Response?
}

extension HTTPResponder {
    package func bodyPolicy(for request: Request) -> BodyPolicy { .buffered }
    package func immediateResponse(to request: Request) -> Response? { nil }
}
