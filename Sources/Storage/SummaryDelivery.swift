import Foundation
import NotificationCore

/// What delivering a center's Scheduled Summary writes, in one transaction: the summary (the user's
/// `summaryDelivered`, the app's `summary.delivered`), the notification that shows it on the center's
/// browsers and phones, and the held notifications as they are presented now (quietly, to the list).
package struct SummaryDelivery: Sendable, Hashable {
    package var summary: ScheduledSummary
    package var notification: DeliveredNotification
    package var released: [DeliveredNotification]

    /// The summary of what `center` held, at `date`, and the notifications it releases; nil when nothing is held.
    package init?(held: [DeliveredNotification], center: CenterRecord, categories: [NotificationCategory], at date: Date) {
        guard
            let summary = ScheduledSummary(held: held, categories: categories, settings: center.settings, state: center.state, at: date)
        else { return nil }
        self.summary = summary
        notification = DeliveredNotification(
            date: date, request: summary.notification,
            presentation: ScheduledSummary.presentation(settings: center.settings, state: center.state))
        released = held.map { ScheduledSummary.released($0, settings: center.settings) }
    }

    /// What the change tells besides the released notifications' own `presented`: the summary to the
    /// devices first, then each released one (quietly), then the summary to the user and the app.
    package var events: [ChangeEvent] {
        [.push(.delivered(notification))] + released.map { .push(.delivered($0)) }
            + [.user(.summaryDelivered(summary)), .app(.summaryDelivered(summary))]
    }
}
