import ErrorCodes
import Foundation
import Testing

@testable import NotificationCore

@Suite struct APNsTests {
    static func payload(_ json: String) throws -> APNsPayload {
        try APNsPayload(json: Array(json.utf8))
    }

    static func reason(_ body: () throws -> Any) -> String? {
        do {
            _ = try body()
            return nil
        } catch let failure as APNsPayload.Failure {
            return failure.reason.rawValue
        } catch {
            return "\(error)"
        }
    }

    @Test func alertStringIsTheBodyAndCustomKeysAreUserInfo() throws {
        let parsed = try Self.payload(#"{"aps":{"alert":"Hi","badge":0,"sound":"chime.caf","custom":1},"id":"42"}"#)
        #expect(parsed.content.body == "Hi" && parsed.content.badge == 0 && parsed.content.sound == .named("chime.caf"))
        #expect(parsed.content.userInfo == ["id": .string("42")])
        #expect(!parsed.isBackground)
    }

    @Test func locKeysAndArgumentsBecomeLocalizedText() throws {
        let parsed = try Self.payload(
            #"{"aps":{"alert":{"title-loc-key":"T","title-loc-args":["a",2],"subtitle-loc-key":"S","loc-key":"B","loc-args":["x"]}}}"#)
        #expect(parsed.content.titleLocalization == LocalizedText(key: "T", arguments: ["a", "2"]))
        #expect(parsed.content.subtitleLocalization == LocalizedText(key: "S"))
        #expect(parsed.content.bodyLocalization == LocalizedText(key: "B", arguments: ["x"]))
    }

    @Test func soundDictionaries() throws {
        #expect(
            try Self.payload(#"{"aps":{"sound":{"critical":1,"name":"default","volume":0.2}}}"#).content.sound
                == .critical(name: nil, volume: 0.2))
        #expect(try Self.payload(#"{"aps":{"sound":{"name":"a.caf"}}}"#).content.sound == .named("a.caf"))
        #expect(try Self.payload(#"{"aps":{"sound":"default"}}"#).content.sound == .default)
    }

    @Test func backgroundMeansContentAvailableWithNothingToShow() throws {
        #expect(try Self.payload(#"{"aps":{"content-available":1}}"#).isBackground)
        #expect(try !Self.payload(#"{"aps":{"content-available":1,"badge":1}}"#).isBackground)
        #expect(try !Self.payload(#"{"aps":{"content-available":1,"alert":{"loc-key":"K"}}}"#).isBackground)
        #expect(try !Self.payload(#"{"aps":{}}"#).isBackground)
    }

    @Test(arguments: [
        ("", "PayloadEmpty"), ("[]", "BadPayload"), (#"{"a":1}"#, "BadPayload"), (#"{"aps":[]}"#, "BadPayload"),
        (#"{"aps":{"alert":5}}"#, "BadPayload"), (#"{"aps":{"badge":1.5}}"#, "BadPayload"), (#"{"aps":{"thread-id":3}}"#, "BadPayload"),
        (#"{"aps":{"interruption-level":"urgent"}}"#, "BadPayload"), (#"{"aps":{"alert":{"loc-key":"K","loc-args":"x"}}}"#, "BadPayload"),
    ])
    func refusals(json: String, reason: String) {
        #expect(Self.reason { try Self.payload(json) } == reason)
    }

    @Test func sizeLimitIsInBytes() {
        let body = "{\"aps\":{\"alert\":\"" + String(repeating: "é", count: 2040) + "\"}}"
        #expect(body.utf8.count > 4096 && body.count < 4096)
        #expect(Self.reason { try Self.payload(body) } == "PayloadTooLarge")
    }

    static func request(_ headers: [String: String], payload: String = #"{"aps":{"alert":"x"}}"#) throws -> APNsRequest {
        try APNsRequest(header: { headers[$0] }, appID: "app", payload: try Self.payload(payload), newID: { "generated" })
    }

    @Test func headerDefaultsAndChecks() throws {
        let plain = try Self.request(["apns-topic": "app"])
        #expect(plain.priority == 10 && plain.pushType == .alert && plain.id == "generated" && plain.expiration == .storagePolicy)
        let silent = try Self.request(["apns-topic": "app"], payload: #"{"aps":{"content-available":1}}"#)
        #expect(silent.pushType == .background && silent.priority == 5)
        let now = Date(timeIntervalSince1970: 1_000)
        #expect(try Self.request(["apns-topic": "app", "apns-expiration": "0"]).keptUntil(receivedAt: now) == nil)
        #expect(
            try Self.request(["apns-topic": "app", "apns-expiration": "5000"]).keptUntil(receivedAt: now)
                == Date(timeIntervalSince1970: 5000))
        #expect(try Self.request(["apns-topic": "app"]).keptUntil(receivedAt: now) == now.addingTimeInterval(30 * 86_400))
        let collapsed = try Self.request(["apns-topic": "app", "apns-collapse-id": "c", "apns-id": "AAAAAAAA-BBBB-CCCC-DDDD-EEEEEEEEEEEE"])
        #expect(collapsed.id == "aaaaaaaa-bbbb-cccc-dddd-eeeeeeeeeeee")
        #expect(collapsed.request(for: try Self.payload(#"{"aps":{}}"#)).identifier == "c")
        #expect(collapsed.request(for: try Self.payload(#"{"aps":{}}"#)).trigger == .push)

        #expect(Self.reason { try Self.request([:]) } == "MissingTopic")
        #expect(Self.reason { try Self.request(["apns-topic": "app.voip"]) } == "TopicDisallowed")
        #expect(Self.reason { try Self.request(["apns-topic": "app", "apns-push-type": "liveactivity"]) } == "InvalidPushType")
        #expect(Self.reason { try Self.request(["apns-topic": "app", "apns-priority": "0"]) } == "BadPriority")
        #expect(
            Self.reason { try Self.request(["apns-topic": "app", "apns-id": "AAAAAAAA-BBBB-CCCC-DDDD-EEEEEEEEEEE"]) } == "BadMessageId")
        #expect(Self.reason { try Self.request(["apns-topic": "app", "apns-expiration": "1.5"]) } == "BadExpirationDate")
        #expect(Self.reason { try Self.request(["apns-topic": "app", "apns-collapse-id": ""]) } == "BadCollapseId")
        let multibyte = String(repeating: "ü", count: 33)
        #expect(multibyte.count <= 64 && multibyte.utf8.count > 64)
        #expect(Self.reason { try Self.request(["apns-topic": "app", "apns-collapse-id": multibyte]) } == "BadCollapseId")
        // Short, and not ASCII: the spec's pattern is `^[ -~]+$`.
        #expect(Self.reason { try Self.request(["apns-topic": "app", "apns-collapse-id": "grüße"]) } == "BadCollapseId")
        #expect(Self.reason { try Self.request(["apns-topic": "app", "apns-collapse-id": "tab\there"]) } == "BadCollapseId")
    }
}
