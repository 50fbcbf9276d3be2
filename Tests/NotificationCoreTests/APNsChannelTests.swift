import ErrorCodes
import Foundation
import NotificationCore
import Testing

/// Apple's broadcast channels as topics: ids that name their topic and storage policy, and a published
/// message's headers and payload checked as APNs checks them.
@Suite struct APNsChannelTests {
    @Test func aChannelIdIsTheBase64OfItsTopicAndKeepsItsPolicy() throws {
        for policy in [APNsChannel.StoragePolicy.noMessageStored, .mostRecentMessageStored] {
            let channel = APNsChannel(policy: policy)
            #expect(channel.topic.hasPrefix("apns.\(policy.rawValue).") && channel.topic.utf8.count == 31)
            #expect(throws: Never.self) { try Topic.validateIdentifier(channel.topic) }
            #expect(Data(base64Encoded: channel.channelID).map { String(decoding: $0, as: UTF8.self) } == channel.topic)
            #expect(APNsChannel(channelID: channel.channelID) == channel)
            #expect(APNsChannel(topic: channel.topic) == channel)
        }
        #expect(APNsChannel(policy: .noMessageStored) != APNsChannel(policy: .noMessageStored), "each channel its own id")
    }

    @Test(arguments: [
        "", "not base64!", Data("episodes".utf8).base64EncodedString(), Data("apns.2.0123456789abcdef01234567".utf8).base64EncodedString(),
        Data("apns.1.0123456789ABCDEF01234567".utf8).base64EncodedString(),
        Data("apns.1.0123456789abcdef0123456".utf8).base64EncodedString(),
        Data("apns.01.0123456789abcdef01234567".utf8).base64EncodedString(), String(repeating: "QUFB", count: 20),
    ])
    func anIdThisServiceDidNotMakeNamesNoChannel(id: String) {
        #expect(APNsChannel(channelID: id) == nil)
    }

    static func publish(
        _ headers: [String: String], _ json: String = #"{"aps":{"alert":{"title":"Goal","body":"2-1"}}}"#,
        policy: APNsChannel.StoragePolicy = .mostRecentMessageStored
    ) throws -> APNsBroadcast {
        let channel = APNsChannel(topic: "apns.\(policy.rawValue).0123456789abcdef01234567")!
        return try APNsBroadcast(header: { headers[$0] }, payload: try APNsPayload(json: Array(json.utf8)), channel: channel)
    }

    @Test func anAlertOnAChannelIsOneNotificationThatTheNextReplaces() throws {
        let published = try Self.publish(["apns-push-type": "alert"])
        #expect(published.pushType == .alert && published.priority == 10)
        #expect(published.notification.identifier == "apns.1.0123456789abcdef01234567" && published.notification.trigger == nil)
        #expect(published.notification.content.title == "Goal" && published.notification.content.body == "2-1")
        #expect(try Self.publish(["apns-push-type": "alert", "apns-collapse-id": "half-time"]).notification.identifier == "half-time")
        #expect(try Self.publish(["apns-push-type": "alert", "apns-priority": "5"]).priority == 5)
    }

    @Test func aLiveActivityUpdateCarriesItsStateInUserInfo() throws {
        let published = try Self.publish(
            ["apns-push-type": "liveactivity", "apns-priority": "1"],
            #"{"aps":{"event":"update","timestamp":1800000000,"content-state":{"home":2,"away":1},"alert":{"title":"Goal"}},"match":7}"#)
        #expect(published.pushType == .liveactivity && published.priority == 1)
        #expect(published.notification.content.title == "Goal")
        #expect(
            published.notification.content.userInfo == [
                "match": .number(7),
                "liveActivity": .object([
                    "event": .string("update"), "timestamp": .number(1_800_000_000),
                    "content-state": .object(["home": .number(2), "away": .number(1)]),
                ]),
            ])
    }

    @Test func headersAndPayloadsAPNsRefuses() {
        func reason(
            _ headers: [String: String], _ json: String = #"{"aps":{"alert":"Goal"}}"#,
            policy: APNsChannel.StoragePolicy = .mostRecentMessageStored
        )
            -> String?
        {
            do {
                _ = try Self.publish(headers, json, policy: policy)
                return nil
            } catch let failure as APNsPayload.Failure {
                return failure.reason.rawValue
            } catch {
                return "\(error)"
            }
        }
        #expect(reason([:]) == "MissingPushType")
        #expect(reason(["apns-push-type": "background"]) == "InvalidPushType")
        #expect(reason(["apns-push-type": "alert"], #"{"aps":{"content-available":1}}"#) == "InvalidPushType")
        #expect(reason(["apns-push-type": "alert", "apns-priority": "7"]) == "BadPriority")
        #expect(reason(["apns-push-type": "alert", "apns-expiration": "soon"]) == "BadExpirationDate")
        #expect(reason(["apns-push-type": "alert", "apns-expiration": "1800000000"]) == nil)
        #expect(reason(["apns-push-type": "alert", "apns-expiration": "1800000000"], policy: .noMessageStored) == "BadExpirationDate")
        #expect(reason(["apns-push-type": "alert", "apns-expiration": "0"], policy: .noMessageStored) == nil)
        #expect(reason(["apns-push-type": "alert", "apns-collapse-id": String(repeating: "x", count: 65)]) == "BadCollapseId")
        #expect(reason(["apns-push-type": "liveactivity"]) == "BadPayload", "no event")
        #expect(reason(["apns-push-type": "liveactivity"], #"{"aps":{"event":"start","timestamp":1}}"#) == "BadPayload")
        #expect(reason(["apns-push-type": "liveactivity"], #"{"aps":{"event":"end"}}"#) == "BadPayload", "no timestamp")
        #expect(reason(["apns-push-type": "liveactivity"], #"{"aps":{"event":"end","timestamp":1}}"#) == nil)
    }
}
