import Foundation
import NotificationCore
import Storage
import Testing
import Webhooks

/// A delivery's webhook body, made with the notification encoded once for every message that carries it,
/// is byte for byte what the encoder writes for the whole envelope.
@Suite struct DeliveredBodyTests {
    @Test(arguments: ["phone-1", "quote\"and\\slash/", "zone-ünïcode"])
    func theSharedFormIsTheEncodersForm(_ centerID: String) throws {
        let date = Date(timeIntervalSince1970: 1_800_000_000.123)
        let notification = DeliveredNotification(
            date: date,
            request: NotificationRequest(
                identifier: "episode", content: NotificationContent(title: "Episode 42 is out", body: "Forty-two \"minutes\"")),
            presentation: Presentation(banner: true, list: true, sound: true))
        for held in [nil, date.addingTimeInterval(3600)] as [Date?] {
            var shown = notification
            shown.presentation.heldUntil = held
            let event = DelegateEvent.delivered(shown)
            var data = WebhookMessage.Payload(centerID: centerID)
            data.notification = shown
            let expected = try WebhookMessage.body(type: event.webhookType.rawValue, at: date, data: data)
            // Twice: the second from the shared form.
            #expect(try event.webhookBody(centerID: centerID, at: date) == expected)
            #expect(try event.webhookBody(centerID: centerID, at: date) == expected)
        }
    }
}
