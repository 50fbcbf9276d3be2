import Foundation
import HTTPCore
import HTTPTypes
import Memberwise
import NotificationCore
import Storage

/// Resolves `Authorization: Bearer <token>` to a principal. Wrong or missing credentials answer 401
/// without saying which part was wrong; a principal of the wrong kind answers 403.
@MemberwiseInit(.internal)
struct Authenticator: Sendable {
    let operatorTokens: OperatorTokens
    let principals: any PrincipalStore
    let cache: any StoreCache
    private let verifiedSecrets = VerifiedSecrets()

    /// The credential the request guard verified for the request being served, and its principal: the
    /// handler's own `principal(for:)` does not verify it again.
    @TaskLocal static var verified: (token: String, principal: Principal)?

    func principal(for request: Request) async throws -> Principal {
        try await principal(token: try Self.token(of: request))
    }

    /// The principal of a bearer token already taken from its request.
    func principal(token: String) async throws -> Principal {
        if let verified = Self.verified, verified.token == token { return verified.principal }
        if let (id, secret) = Self.credentialParts(token) {
            return try principal(token, id: id, secret: secret, credential: try await principals.credential(id: id))
        }
        return try operatorPrincipal(token)
    }

    /// The principal from what is in memory, without waiting; nil when its credential is not cached.
    func cachedPrincipal(token: String) throws -> Principal? {
        if let (id, secret) = Self.credentialParts(token) {
            guard let credential = cache.cachedCredential(id: id) else { return nil }
            return try principal(token, id: id, secret: secret, credential: credential)
        }
        return try operatorPrincipal(token)
    }

    private static func token(of request: Request) throws -> String {
        guard let header = request.headers.first(.authorization), let token = bearerToken(header) else {
            throw APIProblem.unauthorized("Send the credential as Authorization: Bearer <token>.")
        }
        return token
    }

    /// The id and secret of an app key or center token.
    private static func credentialParts(_ token: String) -> (id: String, secret: String)? {
        Secrets.parse(token, prefix: "unk") ?? Secrets.parse(token, prefix: "unc")
    }

    /// The principal of an app key or center token whose stored credential is `credential`.
    private func principal(_ token: String, id: String, secret: String, credential: CredentialRecord?) throws -> Principal {
        guard let credential, verifiedSecrets.matches(id: id, secret: secret, storedHash: credential.secretHash) else {
            throw APIProblem.unauthorized("The credential is not valid (revoked, deleted, or mistyped).")
        }
        switch credential.kind {
        case .appKey where token.hasPrefix("unk_"):
            return .app(appID: credential.appID)
        case .centerToken where token.hasPrefix("unc_"):
            guard let centerID = credential.centerID else { break }
            return .user(CenterKey(appID: credential.appID, centerID: centerID))
        default:
            break
        }
        throw APIProblem.unauthorized("The credential is not valid (revoked, deleted, or mistyped).")
    }

    private func operatorPrincipal(_ token: String) throws -> Principal {
        guard let principal = operatorTokens.principal(token) else {
            throw APIProblem.unauthorized("The credential is not valid (revoked, deleted, or mistyped).")
        }
        return principal
    }

    /// The token of `Bearer <token>` (the scheme in any case, spaces around the token ignored).
    static func bearerToken(_ header: String) -> String? {
        let bytes = header.utf8
        guard bytes.count > 7, bytes.prefix(7).elementsEqual("bearer ".utf8, by: { $0 | 0x20 == $1 }) else { return nil }
        let token = bytes.dropFirst(7).drop { $0 == UInt8(ascii: " ") }
        let end = token.lastIndex { $0 != UInt8(ascii: " ") }
        guard let end else { return nil }
        return String(Substring(token[...end]))
    }

    /// The operator's admin token; a read token also does for a request that only reads (GET, HEAD).
    func requireOperator(_ request: Request) async throws {
        guard !operatorTokens.isEmpty else {
            throw APIProblem.forbidden("The operator API is off: start usernotifyd with an admin token (USERNOTIFYD_ADMIN_TOKEN).")
        }
        switch try await principal(for: request) {
        case .operator: return
        case .operatorReader where request.method == .get || request.method == .head: return
        case .operatorReader: throw APIProblem.forbidden("This admin token only reads (--admin-read-token); a change needs an admin token.")
        default: throw APIProblem.forbidden("This operation needs the operator's admin token.")
        }
    }

    func requireApp(_ request: Request) async throws -> String {
        guard case .app(let appID) = try await principal(for: request) else {
            throw APIProblem.forbidden("This operation needs an app key (Bearer unk_…).")
        }
        return appID
    }

    func requireUser(_ request: Request) async throws -> CenterKey {
        guard case .user(let key) = try await principal(for: request) else {
            throw APIProblem.forbidden("This operation needs a center token (Bearer unc_…).")
        }
        return key
    }
}
