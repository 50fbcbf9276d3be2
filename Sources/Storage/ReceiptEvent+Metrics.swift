import Metrics

extension ReceiptEvent {
    /// Counts the step in `usernotifyd_notifications_total`, by stage and destination (center, browser,
    /// phone): closed sets, no tenant's names.
    package func count() { Self.count(stage, channel: channel) }

    package static func count(_ stage: Stage, channel: WebhookDeliveryRecord.Destination? = nil, by steps: Int = 1) {
        Counter(
            label: "usernotifyd_notifications_total",
            dimensions: [("stage", stage.rawValue), ("destination", channel?.rawValue ?? "center")]
        )
        .increment(by: steps)
    }
}
