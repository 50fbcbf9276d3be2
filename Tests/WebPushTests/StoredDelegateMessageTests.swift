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

    /// Notifications with every member content can carry, text that needs escapes, each kind of trigger,
    /// and a presentation held for the summary.
    static let corpus: [DeliveredNotification] = {
        let held = Date(timeIntervalSince1970: 1_800_003_600.125)
        let rich = NotificationContent(
            title: #"Tea "Assam" \ ready"#, subtitle: "Line\nbreak\ttab\u{1} and 😀 茶", body: "Your tea has steeped.\nEnjoy / sip.",
            titleLocalization: LocalizedText(key: "TEA_TITLE", arguments: ["green", "5"]),
            subtitleLocalization: LocalizedText(key: "TEA_SUB"), bodyLocalization: LocalizedText(key: "TEA_BODY", arguments: ["é"]),
            badge: 42, sound: .critical(name: "kettle.caf", volume: 0.8), launchImageName: "Launch",
            userInfo: [
                "episode": .number(42), "ratio": .number(0.25), "nested": .object(["list": .array([.bool(true), .null, .string("x\"y")])]),
            ],
            attachments: [
                AttachmentReference(identifier: "cover", mediaID: "med_1", typeHint: "public.png", thumbnailHidden: false),
                AttachmentReference(identifier: "", url: "https://example.com/a.jpg"),
            ],
            categoryIdentifier: "TEA", threadIdentifier: "kitchen", targetContentIdentifier: "pot-1", summaryArgument: "Ann",
            summaryArgumentCount: 3, interruptionLevel: .timeSensitive, relevanceScore: 0.75, filterCriteria: "work",
            communication: Communication(
                sender: Communication.Person(handle: "ann@example.com", displayName: "Ann"), conversationIdentifier: "c1", groupName: "Tea"),
            mutableContent: true)
        let triggers: [NotificationTrigger?] = [
            nil, .timeInterval(90.5, repeats: false), .calendar(DateMatch(hour: 9, minute: 0, timeZone: "Europe/Paris"), repeats: true),
            .location(LocationRegion(identifier: "home", latitude: 48.85, longitude: 2.35, radius: 100), repeats: false), .push,
        ]
        return triggers.enumerated().map { index, trigger in
            DeliveredNotification(
                date: now.addingTimeInterval(Double(index) + 0.25),
                request: NotificationRequest(identifier: "rich-\(index)", content: rich, trigger: trigger),
                presentation: Presentation(
                    lockScreen: true, reasons: ["focus", "summary"], heldUntil: index.isMultiple(of: 2) ? held : nil))
        } + [
            notification("plain", title: "Plain"),
            DeliveredNotification(
                date: now, request: NotificationRequest(identifier: "silent", content: NotificationContent(sound: .default)),
                presentation: Presentation()),
            DeliveredNotification(
                date: now,
                request: NotificationRequest(identifier: "named", content: NotificationContent(body: "b", sound: .named("a.caf"))),
                presentation: Presentation(list: true)),
        ]
    }()

    /// `WireReader` reads every notification back as written (what `JSONDecoder` reads of it): the bodies
    /// the outbox holds are read without the generic decoder, not handed to it.
    @Test(arguments: corpus)
    func theWireReaderReadsBackEveryNotification(_ notification: DeliveredNotification) throws {
        let event = DelegateEvent.delivered(notification)
        let body = Data(try event.webhookBody(centerID: "phone", at: Self.now))
        guard case .delivered(let read) = try #require(StoredDelegateMessage.read(body, type: event.webhookType)) else {
            Issue.record("a notification read back as a close")
            return
        }
        #expect(read == notification)
        #expect(try Self.delivered(Self.message(event, centerID: "phone")) == notification)
    }

    @Test func theWireReaderReadsBackACloseAndIgnoresWhatItDoesNotKnow() throws {
        let close = try Self.message(.notificationRemoved(["a", #"b"c"#]), centerID: "phone")
        guard case .removed(let identifiers) = try #require(StoredDelegateMessage.read(close.payload, type: close.type)) else {
            Issue.record("a close read back as a notification")
            return
        }
        #expect(identifiers == ["a", #"b"c"#])
        // Members it does not know are skipped, and `null` is an absent optional, as for `JSONDecoder`.
        let body =
            #"{"data":{"centerID":"phone","future":[1,2.5e3,{"x":null}],"notification":{"date":"2027-01-15T08:00:00.250Z","later":true,"presentation":{"badge":false,"banner":true,"list":true,"lockScreen":false,"reasons":[],"sound":false},"request":{"content":{"body":null,"title":"T"},"identifier":"n","trigger":null}}},"timestamp":"2027-01-15T08:00:00.250Z","type":"notification.delivered"}"#
        let type = DelegateEvent.delivered(Self.notification("n", title: "T")).webhookType
        guard case .delivered(let read) = try #require(StoredDelegateMessage.read(Data(body.utf8), type: type)) else {
            Issue.record("a notification read back as a close")
            return
        }
        #expect(read.request == NotificationRequest(identifier: "n", content: NotificationContent(title: "T")))
        #expect(read.presentation == Presentation(banner: true, list: true))
    }

    /// What the reader declines (a member named twice, a badge written with a fraction) is read by
    /// `JSONDecoder`, as before.
    @Test func aBodyTheWireReaderDeclinesIsStillRead() throws {
        let notification = Self.notification("twice", title: "Twice")
        var message = try Self.message(.delivered(notification), centerID: "phone")
        let text = String(decoding: message.payload, as: UTF8.self)
        message.payload = Data(text.replacingOccurrences(of: #""title":"Twice""#, with: #""title":"Twice","title":"Twice""#).utf8)
        #expect(StoredDelegateMessage.read(message.payload, type: message.type) == nil)
        #expect(try Self.delivered(message) == notification)
    }
}
