import Foundation
import NotificationCore
import Storage
import Testing

/// How a notification's receipt steps read: deliveries apart (an update replaces the one before), a
/// removal ending the delivery current at its time, each device at the furthest stage it reached
/// whatever order its steps were written in, and whether it confirmed the display in time.
@Suite struct ReceiptSummaryTests {
    let center = CenterKey(appID: "a", centerID: "c")
    let start = Date(timeIntervalSince1970: 1_000_000)

    func at(_ seconds: Double) -> Date { start.addingTimeInterval(seconds) }

    func step(
        _ stage: ReceiptEvent.Stage, _ seconds: Double, delivery: Double?, device: String? = nil, detail: String? = nil,
        scheduled: Double? = nil
    ) -> ReceiptEvent {
        ReceiptEvent(
            center: center, identifier: "tea", deliveredAt: delivery.map(at), destination: device,
            channel: device.map { $0.hasPrefix("dev_") ? .phone : .browser }, stage: stage, at: at(seconds), detail: detail,
            scheduledAt: scheduled.map(at))
    }

    @Test func deliveriesDevicesAndTheirTimeline() {
        let steps = [
            step(.fired, 10, delivery: 10, detail: "quiet focus", scheduled: 0),
            // The display was confirmed before the attempt that sent it was recorded.
            step(.displayed, 12, delivery: 10, device: "wps_1"),
            step(.sent, 11, delivery: 10, device: "wps_1", detail: "https://push.example/m/1"),
            step(.sent, 11, delivery: 10, device: "dev_1", detail: "APNS-ID"),
            step(.sent, 11, delivery: 10, device: "dev_3"),
            step(.unregistered, 11, delivery: 10, device: "dev_2", detail: "Unregistered"),
            step(.fired, 100, delivery: 100, detail: "presented"),
            step(.sent, 101, delivery: 100, device: "wps_1"),
            step(.action, 150, delivery: 100, device: "wps_1", detail: "DRINK"),
            step(.removed, 150, delivery: nil),
        ]
        let summary = ReceiptSummary(identifier: "tea", steps: steps, now: at(11 + 599))
        #expect(summary.deliveries.map(\.deliveredAt) == [at(100), at(10)], "newest first")
        let (latest, first) = (summary.deliveries[0], summary.deliveries[1])

        #expect(first.decision == .quiet && first.reasons == ["focus"] && first.scheduledAt == at(0))
        #expect(first.replacedAt == at(100) && first.removedAt == nil, "the update replaced it")
        #expect(first.devices.map(\.id) == ["wps_1", "dev_1", "dev_3", "dev_2"])
        #expect(first.devices[0].stage == .displayed && first.devices[0].confirmation == .confirmed)
        #expect(first.devices[0].providerMessageID == "https://push.example/m/1" && first.devices[0].displayedAt == at(12))
        #expect(first.devices[1].stage == .sent && first.devices[1].confirmation == .awaiting, "within the window")
        #expect(first.devices[3].stage == .unregistered && first.devices[3].error == "Unregistered")
        #expect(first.devices[3].confirmation == nil && first.devices[3].channel == .phone)
        #expect(first.counts == [.displayed: 1, .sent: 2, .unregistered: 1])
        #expect(first.timeline.map(\.stage) == [.scheduled, .fired, .sent, .sent, .sent, .unregistered, .displayed, .replaced])

        #expect(latest.decision == .presented && latest.scheduledAt == nil && latest.replacedAt == nil)
        #expect(latest.removedAt == at(150), "the removal ends the delivery current at its time")
        #expect(latest.response == .action && latest.action == "DRINK" && latest.respondedAt == at(150))
        #expect(latest.devices.map(\.stage) == [.action] && latest.devices[0].confirmation == .confirmed, "answered there")
        #expect(latest.timeline.map(\.stage) == [.fired, .sent, .action, .removed])

        let later = ReceiptSummary(identifier: "tea", steps: steps, now: at(11 + 600))
        #expect(later.deliveries[1].devices[1].confirmation == .notConfirmed, "the window passed")
        #expect(later.deliveries[1].devices[2].confirmation == .notConfirmed)
    }

    @Test func scheduledComesBeforeFiredAtTheSameInstant() {
        // A broadcast without a trigger is scheduled and fired at once.
        let summary = ReceiptSummary(
            identifier: "tea",
            steps: [step(.fired, 10, delivery: 10, detail: "presented", scheduled: 10), step(.sent, 10, delivery: 10, device: "wps_1")],
            now: at(20))
        #expect(summary.deliveries[0].timeline.map(\.stage) == [.scheduled, .fired, .sent])
    }

    @Test func aResponseOnTheCenterItselfHasNoDevice() {
        let summary = ReceiptSummary(
            identifier: "tea",
            steps: [step(.fired, 10, delivery: 10, detail: "notAuthorized"), step(.dismissed, 20, delivery: 10)], now: at(30))
        #expect(summary.deliveries.count == 1)
        #expect(summary.deliveries[0].decision == .notAuthorized && summary.deliveries[0].response == .dismissed)
        #expect(summary.deliveries[0].devices.isEmpty && summary.deliveries[0].counts.isEmpty)
    }
}
