import Clocks
import Foundation
import NotificationCore
import Scheduling
import Storage

extension NotificationCenterService {
    /// A push accepted for a center. Online: an alert push becomes a request due now (durable, fired by
    /// the scheduler through the extensions, like a local one); a background push goes to the app's
    /// delegate. Offline: kept until `keptUntil` (nil: not kept — `apns-expiration: 0`), in place of
    /// any push kept before, and delivered when the center comes online.
    package func push(_ request: NotificationRequest, apnsID: String, background: Bool, keptUntil: Date?, to center: CenterRecord)
        async throws
    {
        let now = clock.now
        guard center.state.online else {
            if let keptUntil, keptUntil > now {
                try await store.holdPush(
                    HeldPush(
                        center: center.key, apnsID: apnsID, request: request, background: background, receivedAt: now, expiresAt: keptUntil)
                )
            }
            return
        }
        try await deliverPush(request, background: background, center: center, at: now)
    }

    package func center(pushToken: String) async throws -> PushTokenLookup {
        try await store.center(pushToken: pushToken)
    }

    /// A new push token for the center; the old one answers `Unregistered` from now on.
    package func rotatePushToken(_ key: CenterKey) async throws -> String {
        let token = CenterRecord.newPushToken()
        try await updateCenter(key) { center, _ in center.pushToken = token }
        return token
    }

    /// The center came online: its kept push, unless expired, is delivered now (then forgotten, so a
    /// crash in between delivers it again rather than never).
    func deliverHeldPush(_ key: CenterKey) async throws {
        guard let held = try await store.heldPush(key) else { return }
        let now = clock.now
        if held.expiresAt > now {
            try await deliverPush(held.request, background: held.background, center: try await center(key), at: now)
        }
        try await store.removeHeldPush(key, apnsID: held.apnsID)
    }

    private func deliverPush(_ request: NotificationRequest, background: Bool, center: CenterRecord, at now: Date) async throws {
        if background {
            _ = try await store.record([.app(.backgroundPush(request))], for: center.key, at: now)
            return
        }
        // Pushes do not count against the pending limit (they fire at once) and are not listed as pending.
        _ = try await store.upsertPending(
            PendingRequest(center: center.key, request: request, addedAt: now, nextFireDate: now, traceparent: TraceContext.traceparent),
            limit: .max)
    }
}
