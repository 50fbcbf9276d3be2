import Clocks
import Foundation
import NotificationCore
import NotificationService
import SQLiteStorage
import Storage
import Synchronization
import Testing

/// The fan-out makes each member's firing before the chunk's transaction, from the member as the claim
/// read it; the transaction takes it only for a member that is still as it was.
@Suite struct BroadcastFanOutTests {
    /// A delegate that runs `onWillPresent` (once set) when asked, then answers that it has none.
    final class HookedDelegate: CenterDelegate {
        let onWillPresent = Mutex<(@Sendable (CenterRecord) async throws -> Void)?>(nil)

        func willPresent(_ request: NotificationRequest, center: CenterRecord, at date: Date) async -> ForegroundDecision {
            try? await onWillPresent.withLock { $0 }?(center)
            return .noDelegate
        }
        func serviceExtension(_ request: NotificationRequest, center: CenterRecord) async -> NotificationContent? { nil }
        func contentExtension(
            _ response: NotificationResponse, notification: DeliveredNotification, center: CenterRecord
        ) async -> ContentExtensionResponseOption? { nil }
    }

    @Test func aMemberThatChangedAfterTheClaimIsDecidedAsItIsAtTheFiring() async throws {
        let delegate = HookedDelegate()
        let harness = try CenterHarness(delegate: delegate)
        try await harness.store.insertApp(AppRecord(id: "app", name: "App", createdAt: CenterHarness.start))
        // "app" is in the foreground: its willPresent is asked after the claim, before the firing. Meanwhile
        // "denied" turns notifications off and "quiet" turns its alerts off.
        for id in ["app", "denied", "quiet", "same"] { _ = try await harness.authorizedCenter(id) }
        _ = try await harness.service.updateState(harness.key("app"), CenterStateChange(appState: .foreground))
        let service = harness.service
        delegate.onWillPresent.withLock {
            $0 = { _ in
                var off = NotificationSettingsChange()
                off.authorizationStatus = .denied
                _ = try await service.updateSettings(harness.key("denied"), off)
                var noAlerts = NotificationSettingsChange()
                noAlerts.alertSetting = .disabled
                _ = try await service.updateSettings(harness.key("quiet"), noAlerts)
            }
        }
        let broadcasts = BroadcastService(store: harness.store, centers: service)
        let (broadcast, _) = try await broadcasts.create(
            appID: "app", request: NotificationRequest(identifier: "news", content: NotificationContent(title: "New episode")),
            audience: .all)
        #expect(try await broadcasts.fanOut(at: harness.clock.now) == 4)

        let counts = try await broadcasts.broadcast(appID: "app", id: broadcast.id).counts
        #expect(counts.targeted == 4 && counts.notAuthorized == 1)
        #expect(try await harness.delivered("denied").isEmpty)
        #expect(try await harness.delivered("quiet").map(\.presentation.banner) == [false])
        #expect(try await harness.delivered("same").map(\.presentation.banner) == [true])
    }
}
