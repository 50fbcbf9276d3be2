import Foundation

/// The first answer to a request sent with an `Idempotency-Key`, kept to be replayed.
package struct IdempotentResponse: Sendable, Hashable, Codable {
    package var status: Int
    package var headers: [[String]]
    package var body: [UInt8]

    package init(status: Int, headers: [(String, String)], body: [UInt8]) {
        self.status = status
        self.headers = headers.map { [$0.0, $0.1] }
        self.body = body
    }
}

/// Where a key stands when a request with it arrives.
package enum IdempotencyReservation: Sendable, Hashable {
    /// The key is this request's now: run it, then `completeIdempotencyKey` or `releaseIdempotencyKey`.
    case reserved
    /// A request with the key is running (here or on another replica); `fingerprint` is its body's.
    case inProgress(fingerprint: [UInt8])
    /// A request with the key was answered.
    case completed(fingerprint: [UInt8], response: IdempotentResponse)
}

/// Idempotency keys (Stripe's semantics), per principal (`scope`): the same key and the same request
/// replay the first answer; the store keeps keys until `deleteIdempotencyKeys(before:)` sweeps them.
package protocol IdempotencyStore: Sendable {
    /// Reserves `key` for a request whose fingerprint is given, unless a request holds it or answered
    /// it. A reservation older than `staleBefore` (its process died before answering) is taken over;
    /// a completed key older than `expiredBefore` counts as new.
    func reserveIdempotencyKey(
        scope: String, key: String, fingerprint: [UInt8], at date: Date, staleBefore: Date, expiredBefore: Date
    ) async throws -> IdempotencyReservation
    /// Keeps the answer of a reserved key.
    func completeIdempotencyKey(scope: String, key: String, response: IdempotentResponse) async throws
    /// Gives a reserved key up (the request failed): the next request with it runs again.
    func releaseIdempotencyKey(scope: String, key: String) async throws
    /// Deletes the keys created before `date`; returns how many.
    func deleteIdempotencyKeys(before date: Date) async throws -> Int
}

extension IdempotencyReservation {
    /// The reservation with a completed answer's body opened (stores seal it: it may carry what the call
    /// minted, such as a new app key).
    package func opened(scope: String, key: String, _ box: SecretBox) throws -> IdempotencyReservation {
        guard case .completed(let fingerprint, var response) = self else { return self }
        response.body = Array(try box.open(Data(response.body), context: SealedColumn.idempotentBody.context([scope, key])))
        return .completed(fingerprint: fingerprint, response: response)
    }
}
