import Foundation
import Logging
import Media
import Storage

/// Finishes apps' deletions: `DELETE /v1/apps/{appID}` marks the app (`PrincipalStore.markAppDeleted`)
/// and answers at once; what the app holds goes here after it, a bounded transaction at a time, on every
/// replica (replicas on one app take turns). A deletion a crash or a failure cut short is finished at the
/// next start, or the next round.
struct AppDeletions: Sendable {
    let store: any PrincipalStore
    let media: MediaLibrary
    let logger: Logger

    /// Purges every app marked deleted, then lets go of the media files no app holds any more.
    func finish(at date: Date) async throws {
        while case let apps = try await store.deletedApps(limit: 100), !apps.isEmpty {
            for appID in apps {
                try await store.purgeDeletedApp(id: appID, at: date, centersPerTransaction: 256)
                logger.notice("app deleted", metadata: ["app.id": .string(appID)])
            }
            await media.sweep()
        }
    }
}
