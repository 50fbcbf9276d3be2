import Crypto
import ErrorCodes
import Foundation
import HTTPCore
import HTTPTypes
import Storage

/// `Idempotency-Key` on POST, with Stripe's semantics: the same key (per principal) with the same
/// request replays the first answer for 24 hours (`Idempotent-Replayed: true`); with another request it
/// answers 422 `idempotencyKeyReused`; a duplicate that arrives while the first is running waits for
/// its answer. Only successful answers are kept: a request that failed may be sent again with its key.
struct IdempotencyKeys: Sendable {
    /// How long a key's answer is replayed.
    static let retention: TimeInterval = 24 * 3600
    /// A reservation this old belongs to a request whose process died: another may take the key.
    static let staleAfter: TimeInterval = 60
    /// How long a duplicate waits for the first request's answer.
    static let waitLimit: Duration = .seconds(30)

    let store: any IdempotencyStore

    func respond(to request: Request, scope: String, key: String, _ next: Router.Handler) async throws -> Response {
        guard (1...255).contains(key.utf8.count), key.utf8.allSatisfy({ (0x21...0x7E).contains($0) }) else {
            throw Problem(
                status: .badRequest, code: .invalidIdempotencyKey,
                detail: "`Idempotency-Key` must be 1 to 255 visible ASCII characters, such as a UUID.")
        }
        let fingerprint = try Self.fingerprint(request)
        let deadline = ContinuousClock.now + Self.waitLimit
        while true {
            // Keys expire on the wall clock, whatever the scheduler's clock.
            let now = Date()
            let reservation = try await store.reserveIdempotencyKey(
                scope: scope, key: key, fingerprint: fingerprint, at: now, staleBefore: now.addingTimeInterval(-Self.staleAfter),
                expiredBefore: now.addingTimeInterval(-Self.retention))
            switch reservation {
            case .reserved:
                return try await run(request, scope: scope, key: key, next)
            case .completed(let stored, let response):
                try Self.requireSame(stored, fingerprint, key)
                return Self.replay(response)
            case .inProgress(let stored):
                try Self.requireSame(stored, fingerprint, key)
                guard ContinuousClock.now < deadline else {
                    throw Problem(
                        status: .conflict, code: .idempotencyKeyInUse,
                        detail: "A request with this `Idempotency-Key` is still running; send it again later to get its answer.",
                        headers: [.retryAfter: "1"])
                }
                try await Task.sleep(for: .milliseconds(20))
            }
        }
    }

    /// Runs the request that holds the key and keeps its answer if it succeeded.
    private func run(_ request: Request, scope: String, key: String, _ next: Router.Handler) async throws -> Response {
        let response: Response
        do {
            response = try await next(request)
        } catch {
            try? await store.releaseIdempotencyKey(scope: scope, key: key)
            throw error
        }
        guard (200..<300).contains(response.status.code), case .bytes(let body) = response.body else {
            try? await store.releaseIdempotencyKey(scope: scope, key: key)
            return response
        }
        let kept = IdempotentResponse(
            status: response.status.code, headers: response.headers.map { ($0.name.rawName, $0.value) }, body: body)
        try await store.completeIdempotencyKey(scope: scope, key: key, response: kept)
        return response
    }

    private static func requireSame(_ stored: [UInt8], _ fingerprint: [UInt8], _ key: String) throws(Problem) {
        guard stored == fingerprint else {
            throw Problem(
                status: .unprocessableContent, code: .idempotencyKeyReused,
                detail:
                    "`Idempotency-Key` '\(key)' was used with another request (method, path, query or body); use a new key for a new request."
            )
        }
    }

    private static func replay(_ kept: IdempotentResponse) -> Response {
        var headers = HTTPFields(parsing: kept.headers.map { (name: $0[0], value: $0[1]) })
        headers[.idempotentReplayed] = "true"
        return Response(status: HTTPStatus(code: kept.status), headers: headers, body: .bytes(kept.body))
    }

    /// SHA-256 of the method, the path, the query and the body (read from its file when spooled).
    static func fingerprint(_ request: Request) throws -> [UInt8] {
        var hash = SHA256()
        hash.update(data: Array("\(request.method.rawValue) \(request.path)\n".utf8))
        for (name, value) in request.query { hash.update(data: Array("\(name)=\(value)&".utf8)) }
        hash.update(data: [0x0A])
        if let spooled = request.spooledBody {
            let file = try FileHandle(forReadingFrom: URL(fileURLWithPath: spooled.path))
            defer { try? file.close() }
            while let chunk = try file.read(upToCount: 1 << 20), !chunk.isEmpty { hash.update(data: chunk) }
        } else {
            hash.update(data: request.body)
        }
        return Array(hash.finalize())
    }
}
