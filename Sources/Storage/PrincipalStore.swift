import Foundation

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
