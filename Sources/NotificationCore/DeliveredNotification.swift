import Foundation

/// `UNNotification`: a request that fired, when, and how it was presented.
package struct DeliveredNotification: Sendable, Hashable, Codable {
    package var date: Date
    package var request: NotificationRequest
    package var presentation: Presentation

    package init(date: Date, request: NotificationRequest, presentation: Presentation) {
        self.date = date
        self.request = request
        self.presentation = presentation
    }
}
