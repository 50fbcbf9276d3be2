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
    /// Inserts a new app; `StoreError.conflict` if its id is taken.
    func insertApp(_ app: AppRecord) async throws
    /// The app, or nil.
    func app(id: String) async throws -> AppRecord?
    /// Every app, by id, after `cursor`.
    func apps(after cursor: String?, limit: Int) async throws -> Page<AppRecord>
    /// Updates the app's name and policy; false if it does not exist.
    func updateApp(_ app: AppRecord) async throws -> Bool
    /// Deletes the app with its centers, categories, credentials, settings, outbox and media; its centers'
    /// push tokens are retired at `date`.
    func deleteApp(id: String, at date: Date) async throws -> Bool
    /// The app's centers, by id, after `cursor`.
    func centers(appID: String, after cursor: String?, limit: Int) async throws -> Page<CenterRecord>
    /// Inserts a credential (only its hash is kept).
    func insertCredential(_ credential: CredentialRecord) async throws
    /// The credential, or nil.
    func credential(id: String) async throws -> CredentialRecord?
    /// The app's keys (not its centers' tokens), oldest first.
    func appKeys(appID: String) async throws -> [CredentialRecord]
    /// Revokes a credential of the app; false if it has none with this id.
    func deleteCredential(id: String, appID: String) async throws -> Bool
}
