import Foundation
import NotificationCore
import Storage
import Testing
import WebPushService

/// An outbox message read back for a browser or a phone: each body gives its own notification, whatever
/// was read before it — a broadcast's run of bodies that differ only in the center's id is decoded once.
@Suite struct StoredDelegateMessageTests {
    static let now = Date(timeIntervalSince1970: 1_800_000_000)

    static func notification(_ identifier: String, title: String) -> DeliveredNotification {
        DeliveredNotification(
            date: now, request: NotificationRequest(identifier: identifier, content: NotificationContent(title: title)),
            presentation: Presentation(banner: true, list: true, sound: true))
    }

    static func message(_ event: DelegateEvent, centerID: String) throws -> WebhookDeliveryRecord {
        WebhookDeliveryRecord(
            id: "msg_1", appID: "app", url: "https://push.example", type: event.webhookType,
            payload: Data(try event.webhookBody(centerID: centerID, at: now)), nextAttempt: now, createdAt: now, destination: .browser)
    }

    static func delivered(_ message: WebhookDeliveryRecord) throws -> DeliveredNotification? {
        guard case .delivered(let notification) = try StoredDelegateMessage(message) else { return nil }
        return notification
    }

    @Test func eachBodyGivesItsOwnMessageWhateverCameBefore() throws {
        let episode = Self.notification("episode", title: "Episode 42")
        let other = Self.notification("episode", title: "Episode 43")
        // The same notification for three centers (one id with an escaped quote), then another one for the
        // same center, then a close: the center's id never decides, what follows it always does.
        let centers = ["phone-1", "phone-2", #"odd"id\"#]
        for center in centers {
            #expect(try Self.delivered(Self.message(.delivered(episode), centerID: center)) == episode)
        }
        #expect(try Self.delivered(Self.message(.delivered(other), centerID: centers[0])) == other)
        guard
            case .removed(let identifiers) = try StoredDelegateMessage(
                Self.message(.notificationRemoved(["episode"]), centerID: centers[0]))
        else {
            Issue.record("a close read back as a notification")
            return
        }
        #expect(identifiers == ["episode"])
        #expect(try Self.delivered(Self.message(.delivered(episode), centerID: centers[1])) == episode)
    }

    @Test func whatFollowsTheCenterIDIsFoundOnlyInTheBodiesLayout() throws {
        let body = try Self.message(.delivered(Self.notification("a", title: "A")), centerID: #"x"y\z"#).payload
        let rest = try #require(StoredDelegateMessage.afterCenterID(body))
        #expect(String(decoding: rest, as: UTF8.self).hasPrefix(#","notification":{"#))
        #expect(StoredDelegateMessage.afterCenterID(Data(#"{"data":{"notification":{}}}"#.utf8)) == nil)
        #expect(StoredDelegateMessage.afterCenterID(Data(#"{"data":{"centerID":"unterminated"#.utf8)) == nil)
    }

    @Test func aBodyInAnotherLayoutIsStillRead() throws {
        // Pretty-printed (as another writer might put it): decoded in full, never taken for the last one.
        let episode = Self.notification("episode", title: "Episode 42")
        _ = try Self.delivered(Self.message(.delivered(Self.notification("other", title: "Other")), centerID: "phone-1"))
        var message = try Self.message(.delivered(episode), centerID: "phone-1")
        message.payload = try JSONSerialization.data(
            withJSONObject: try JSONSerialization.jsonObject(with: message.payload), options: [.prettyPrinted])
        #expect(StoredDelegateMessage.afterCenterID(message.payload) == nil)
        #expect(try Self.delivered(message) == episode)
    }
}
