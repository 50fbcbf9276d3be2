import Foundation
import NotificationCore

/// What became of each delivery of a notification, read from its receipt's steps: per delivery (newest
/// first) what the center decided, what the user did, when it left the list, and per browser or phone how
/// far it got — sent, shown, answered, or why not — with the whole timeline.
///
/// Encoded as the API answers it (openapi.yaml's `Receipts`).
package struct ReceiptSummary: Sendable, Hashable, Encodable {
    /// How long a device has to confirm that it showed a notification sent to it before the summary says
    /// it did not (`notConfirmed`).
    package static let defaultDisplayWindow: TimeInterval = 600

    /// Whether a device confirmed the display of a notification sent to it.
    package enum Confirmation: String, Sendable, Hashable, Codable {
        case confirmed
        /// Sent, and still within the window.
        case awaiting
        /// Sent, and the window passed without a confirmation or an answer from it: the device may never
        /// have shown it.
        case notConfirmed
    }

    package struct Device: Sendable, Hashable, Encodable {
        package var id: String
        package var channel: WebhookDeliveryRecord.Destination?
        /// The furthest it got: `sent`, `displayed`, `opened`/`action`/`dismissed`, or `failed`, `expired`,
        /// `unregistered`.
        package var stage: ReceiptEvent.Stage
        package var sentAt: Date?
        package var providerMessageID: String?
        package var failedAt: Date?
        package var error: String?
        package var displayedAt: Date?
        package var respondedAt: Date?
        /// Nil until it was sent.
        package var confirmation: Confirmation?

        private enum CodingKeys: String, CodingKey {
            case id, stage, sentAt, providerMessageID, failedAt, error, displayedAt, respondedAt, confirmation
            case channel = "kind"
        }
    }

    package struct Delivery: Sendable, Hashable, Encodable {
        package var deliveredAt: Date
        package var scheduledAt: Date?
        package var decision: ReceiptEvent.Decision?
        /// Why it was quiet (Focus, provisional…).
        package var reasons: [String] = []
        /// The user's answer: `opened`, `action` (with `action`), or `dismissed`, and when.
        package var response: ReceiptEvent.Stage?
        package var action: String?
        package var respondedAt: Date?
        package var removedAt: Date?
        package var replacedAt: Date?
        package var devices: [Device] = []
        /// How many devices are at each stage.
        package var counts: [ReceiptEvent.Stage: Int] = [:]
        /// Every step, in time order, `scheduled` and `replaced` included.
        package var timeline: [ReceiptEvent] = []
    }

    package var identifier: String
    package var deliveries: [Delivery]

    /// The summary of `steps` (one identifier's, in the order written) as of `now`.
    package init(identifier: String, steps: [ReceiptEvent], now: Date, displayWindow: TimeInterval = Self.defaultDisplayWindow) {
        self.identifier = identifier
        // Deliveries by date; a step without one (a removal) ends the delivery current at its time.
        let dates = Set(steps.compactMap(\.deliveredAt)).sorted()
        var byDate: [Date: [ReceiptEvent]] = [:]
        for step in steps {
            guard let date = step.deliveredAt ?? dates.last(where: { $0 <= step.at }) else { continue }
            byDate[date, default: []].append(step)
        }
        deliveries = dates.enumerated().map { index, date in
            var delivery = Self.delivery(date, byDate[date] ?? [], now: now, displayWindow: displayWindow)
            if index + 1 < dates.count, delivery.removedAt == nil {
                let next = dates[index + 1]
                delivery.replacedAt = next
                delivery.timeline.append(
                    ReceiptEvent(center: steps[0].center, identifier: identifier, deliveredAt: date, stage: .replaced, at: next))
            }
            return delivery
        }.reversed()
    }

    private static func delivery(_ date: Date, _ steps: [ReceiptEvent], now: Date, displayWindow: TimeInterval) -> Delivery {
        var delivery = Delivery(deliveredAt: date)
        var devices: [String: Device] = [:]
        var order: [String] = []
        var timeline: [ReceiptEvent] = []
        for step in steps {
            // Scheduled before it fired, also when both came at the same instant (a broadcast without a
            // trigger): the timeline's sort keeps the order of equal times.
            if step.stage == .fired, let scheduled = step.scheduledAt {
                timeline.append(
                    ReceiptEvent(center: step.center, identifier: step.identifier, deliveredAt: date, stage: .scheduled, at: scheduled))
            }
            timeline.append(step)
            switch step.stage {
            case .fired:
                delivery.scheduledAt = step.scheduledAt
                let words = (step.detail ?? "").split(separator: " ").map(String.init)
                delivery.decision = words.first.flatMap(ReceiptEvent.Decision.init(rawValue:))
                delivery.reasons = Array(words.dropFirst())
            case .removed:
                delivery.removedAt = delivery.removedAt ?? step.at
            case .opened, .action, .dismissed:
                delivery.response = step.stage
                delivery.action = step.stage == .action ? step.detail : nil
                delivery.respondedAt = step.at
            case .sent, .failed, .expired, .unregistered, .displayed, .scheduled, .replaced:
                break
            }
            guard let id = step.destination else { continue }
            if devices[id] == nil {
                order.append(id)
                devices[id] = Device(id: id, channel: step.channel, stage: step.stage)
            }
            devices[id]?.record(step)
        }
        delivery.devices = order.compactMap { id in
            guard var device = devices[id] else { return nil }
            // An answer from the device says it was shown there as surely as a confirmation.
            if let sent = device.sentAt {
                device.confirmation =
                    device.displayedAt != nil || device.respondedAt != nil
                    ? .confirmed : now.timeIntervalSince(sent) < displayWindow ? .awaiting : .notConfirmed
            }
            return device
        }
        delivery.counts = Dictionary(delivery.devices.map { ($0.stage, 1) }, uniquingKeysWith: +)
        delivery.timeline = timeline.enumerated().sorted { ($0.element.at, $0.offset) < ($1.element.at, $1.offset) }.map(\.element)
        return delivery
    }
}

extension ReceiptSummary.Device {
    /// How far each stage goes: a device's stage is the furthest it reached, whatever order the steps
    /// were written in (a display can be confirmed before the attempt that sent it is recorded).
    private static func rank(_ stage: ReceiptEvent.Stage) -> Int {
        switch stage {
        case .failed, .expired, .unregistered: 1
        case .sent: 2
        case .displayed: 3
        case .opened, .action, .dismissed: 4
        case .fired, .removed, .scheduled, .replaced: 0
        }
    }

    mutating func record(_ step: ReceiptEvent) {
        if channel == nil { channel = step.channel }
        if Self.rank(step.stage) >= Self.rank(stage) { stage = step.stage }
        switch step.stage {
        case .sent:
            sentAt = step.at
            providerMessageID = step.detail
        case .failed, .expired, .unregistered:
            failedAt = step.at
            error = step.detail
        case .displayed: displayedAt = displayedAt ?? step.at
        case .opened, .action, .dismissed: respondedAt = step.at
        case .fired, .removed, .scheduled, .replaced: break
        }
    }
}
