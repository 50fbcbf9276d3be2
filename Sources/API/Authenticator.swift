import Foundation
import HTTPCore
import Storage

/// Resolves `Authorization: Bearer <token>` to a principal. Wrong or missing credentials answer 401
/// without saying which part was wrong; a principal of the wrong kind answers 403.
struct Authenticator: Sendable {
    let adminTokenHash: Data?
    let principals: any PrincipalStore

    init(adminTokenHash: Data?, principals: any PrincipalStore) {
        self.adminTokenHash = adminTokenHash
        self.principals = principals
    }

    func principal(for request: HTTPRequest) async throws -> Principal {
        guard let header = request.headers["Authorization"], header.count > 7, header.prefix(7).lowercased() == "bearer " else {
            throw APIProblem.unauthorized("Send the credential as Authorization: Bearer <token>.")
        }
        let token = String(header.dropFirst(7)).trimmingCharacters(in: .whitespaces)
        if let (id, secret) = Secrets.parse(token, prefix: "unk") ?? Secrets.parse(token, prefix: "unc") {
            guard let credential = try await principals.credential(id: id),
                Secrets.constantTimeEqual(credential.secretHash, Secrets.hash(secret))
            else { throw APIProblem.unauthorized("The credential is not valid (revoked, deleted, or mistyped).") }
            switch credential.kind {
            case .appKey where token.hasPrefix("unk_"):
                return .app(appID: credential.appID)
            case .centerToken where token.hasPrefix("unc_"):
                guard let centerID = credential.centerID else { break }
                return .user(centerID: centerID, appID: credential.appID)
            default:
                break
            }
            throw APIProblem.unauthorized("The credential is not valid (revoked, deleted, or mistyped).")
        }
        if let adminTokenHash, Secrets.constantTimeEqual(adminTokenHash, Secrets.hash(token)) {
            return .operator
        }
        throw APIProblem.unauthorized("The credential is not valid (revoked, deleted, or mistyped).")
    }

    func requireOperator(_ request: HTTPRequest) async throws {
        guard adminTokenHash != nil else {
            throw APIProblem.forbidden("The operator API is off: start usernotifyd with an admin token (USERNOTIFYD_ADMIN_TOKEN).")
        }
        guard try await principal(for: request) == .operator else {
            throw APIProblem.forbidden("This operation needs the operator's admin token.")
        }
    }

    func requireApp(_ request: HTTPRequest) async throws -> String {
        guard case .app(let appID) = try await principal(for: request) else {
            throw APIProblem.forbidden("This operation needs an app key (Bearer unk_…).")
        }
        return appID
    }

    func requireUser(_ request: HTTPRequest) async throws -> (centerID: String, appID: String) {
        guard case .user(let centerID, let appID) = try await principal(for: request) else {
            throw APIProblem.forbidden("This operation needs a center token (Bearer unc_…).")
        }
        return (centerID, appID)
    }
}
