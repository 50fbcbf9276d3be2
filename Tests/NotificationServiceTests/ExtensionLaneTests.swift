import Clocks
import Foundation
import NotificationCore
import NotificationService
import Scheduling
import Storage
import TestSupport
import Testing

/// A delegate whose `willPresent` waits until the test lets it answer.
struct HeldDelegate: CenterDelegate {
    let gate = AsyncGate()
    let asked = AsyncCounter()

    func willPresent(_ request: NotificationRequest, center: CenterRecord, at date: Date) async -> ForegroundDecision {
        asked.add(1)
        await gate.wait()
        return .delegate([.list])
    }
    func contentExtension(
        _ response: NotificationResponse, notification: DeliveredNotification, center: CenterRecord
    ) async -> ContentExtensionResponseOption? { nil }
    func serviceExtension(_ request: NotificationRequest, center: CenterRecord) async -> NotificationContent? { nil }
}

@Suite struct ExtensionLaneTests {
    /// One app's slow `willPresent` must not hold up another center's notifications.
    @Test func aSlowDelegateDoesNotHoldUpOtherFirings() async throws {
        let delegate = HeldDelegate()
        let harness = try CenterHarness(delegate: delegate)
        harness.startScheduler()
        _ = try await harness.authorizedCenter("front")
        _ = try await harness.authorizedCenter("back")
        _ = try await harness.service.updateState(harness.key("front"), CenterStateChange(appState: .foreground))
        _ = try await harness.add("front", request("f", .timeInterval(60, repeats: false)))
        _ = try await harness.add("back", request("b", .timeInterval(61, repeats: false)))
        harness.clock.advance(by: 61)
        await harness.scheduler.settle()
        // The background center's notification is in while the foreground one still waits for its delegate.
        #expect(try await harness.delivered("back").map(\.request.identifier) == ["b"])
        #expect(try await harness.delivered("front").isEmpty)
        #expect(await delegate.asked.eventually { $0 == 1 })
        delegate.gate.open()
        await harness.service.extensionsIdle()
        let front = try await harness.delivered("front")
        #expect(front.map(\.request.identifier) == ["f"])
        #expect(front.first?.presentation == Presentation(list: true))
        #expect(try await harness.pending("front").isEmpty)
        await harness.stop()
    }
}
