import Foundation

/// Apps and credentials.
package protocol PrincipalStore: Sendable {
    /// Inserts a new app; `StoreError.conflict` if its id is taken.
    func insertApp(_ app: AppRecord) async throws
    /// The app, or nil (also for an app marked deleted).
    func app(id: String) async throws -> AppRecord?
    /// Every app not marked deleted, by id, after `cursor`.
    func apps(after cursor: String?, limit: Int) async throws -> Page<AppRecord>
    /// Updates the app's name and policy; false if it does not exist.
    func updateApp(_ app: AppRecord) async throws -> Bool
    /// Marks the app deleted in one short transaction: from then on no read finds it, nor any of its
    /// credentials (`credential(id:)`), so its keys and its centers' tokens stop; what it holds goes a
    /// bounded transaction at a time after it (`purgeDeletedApp`). False if there is no such app (or it
    /// is marked already).
    func markAppDeleted(id: String, at date: Date) async throws -> Bool
    /// Apps marked deleted whose purge has not finished (cut short, or not begun), oldest first.
    func deletedApps(limit: Int) async throws -> [String]
    /// Deletes the app with its centers, categories, credentials, settings, outbox and media, in one
    /// transaction; its centers' push tokens are retired at `date`. A large app goes with
    /// `purgeDeletedApp(id:at:centersPerTransaction:)`, which takes its centers out first.
    func deleteApp(id: String, at date: Date) async throws -> Bool
    /// Deletes a bounded part of what the app has most of, in one transaction, what would still notify
    /// first: its active broadcasts (canceled at `date`) and its topics (deleted at `date`, as
    /// `deleteTopic` deletes one) with up to 16 × `limit` of its pending requests;
    /// with none left, up to 16 × `limit` of its outbox messages (with their attempts); with none left, up
    /// to `limit` of its centers with all they hold (notifications, events, tokens, devices; their push
    /// tokens retired at `date`); with none left, up to 16 × `limit` of its broadcasts' member marks. How
    /// many rows it deleted (or broadcasts it canceled): 0 when none is left.
    func deleteAppContents(appID: String, limit: Int, at date: Date) async throws -> Int
    /// The app's centers, by id, after `cursor`.
    func centers(appID: String, after cursor: String?, limit: Int) async throws -> Page<CenterRecord>
    /// Inserts a credential (only its hash is kept).
    func insertCredential(_ credential: CredentialRecord) async throws
    /// The credential, or nil (also a center's token of an app marked deleted).
    func credential(id: String) async throws -> CredentialRecord?
    /// The app's keys (not its centers' tokens), oldest first.
    func appKeys(appID: String) async throws -> [CredentialRecord]
    /// Revokes a credential of the app; false if it has none with this id.
    func deleteCredential(id: String, appID: String) async throws -> Bool
}

extension PrincipalStore {
    /// Deletes what an app marked deleted (`markAppDeleted`) holds, a bounded transaction at a time, so
    /// that a large one never holds the store for long (SQLite's one writer serves every app: 200,000
    /// centers in one transaction stopped every other app's writes and firings for 17 s): its broadcasts
    /// and pending requests first, so that nothing more fires, its outbox, its centers
    /// `centersPerTransaction` at a time and its broadcasts' marks (`deleteAppContents`); then the rest,
    /// in `deleteApp(id:at:)`. Cut short (a cancellation, a failure, a crash), the app stays marked with
    /// less: purging it again finishes. Replicas purging one app at once take turns, a batch each.
    package func purgeDeletedApp(id: String, at date: Date, centersPerTransaction: Int) async throws {
        while try await deleteAppContents(appID: id, limit: centersPerTransaction, at: date) > 0 {
            try Task.checkCancellation()
        }
        _ = try await deleteApp(id: id, at: date)
    }
}
