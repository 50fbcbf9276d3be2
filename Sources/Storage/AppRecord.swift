import Foundation

/// An app: a bundle id, as the operator registered it.
package struct AppRecord: Sendable, Hashable, Codable {
    /// What `requestAuthorization` does for the app's centers: ask the user (the framework's way), or
    /// decide at once, for servers with no person in the loop.
    package enum AuthorizationPolicy: String, Sendable, Hashable, Codable, CaseIterable {
        case prompt, grant, deny
    }

    package var id: String
    package var name: String
    package var authorizationPolicy: AuthorizationPolicy
    package var createdAt: Date

    package init(id: String, name: String, authorizationPolicy: AuthorizationPolicy = .prompt, createdAt: Date) {
        self.id = id
        self.name = name
        self.authorizationPolicy = authorizationPolicy
        self.createdAt = createdAt
    }
}

/// A stored credential: an app key or a center token. Only a hash of the secret is kept.
package struct CredentialRecord: Sendable, Hashable {
    package enum Kind: String, Sendable, Hashable {
        case appKey, centerToken
    }

    package var id: String
    package var kind: Kind
    package var appID: String
    /// The center a center token acts for.
    package var centerID: String?
    package var secretHash: Data
    package var createdAt: Date

    package init(id: String, kind: Kind, appID: String, centerID: String? = nil, secretHash: Data, createdAt: Date) {
        self.id = id
        self.kind = kind
        self.appID = appID
        self.centerID = centerID
        self.secretHash = secretHash
        self.createdAt = createdAt
    }
}

/// Apps and credentials.
package protocol PrincipalStore: Sendable {
    func insertApp(_ app: AppRecord) async throws
    func app(id: String) async throws -> AppRecord?
    func updateApp(_ app: AppRecord) async throws -> Bool
    /// Deletes the app with its centers, categories and credentials.
    func deleteApp(id: String) async throws -> Bool
    func insertCredential(_ credential: CredentialRecord) async throws
    func credential(id: String) async throws -> CredentialRecord?
    func deleteCredential(id: String, appID: String) async throws -> Bool
}
