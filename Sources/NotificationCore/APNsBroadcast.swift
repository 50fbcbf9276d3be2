import ErrorCodes
import Foundation

/// A message published on an APNs broadcast channel (`POST /4/broadcasts/apps/{bundle}`): its headers
/// checked as APNs checks them, and the request every subscriber of the channel's topic gets, at once.
package struct APNsBroadcast: Sendable, Hashable {
    /// `apns-push-type`: Apple's channels carry Live Activity updates; `alert` is this service's own.
    package enum PushType: String, Sendable {
        case liveactivity, alert
    }

    package var pushType: PushType
    package var priority: Int
    /// The request each subscriber gets: `apns-collapse-id` its identifier, else the channel's topic, so
    /// that each message on a channel replaces the last (as a Live Activity shows its latest state).
    package var notification: NotificationRequest

    /// `header` reads a request header (nil when absent).
    package init(header: (String) -> String?, payload: APNsPayload, channel: APNsChannel) throws(APNsPayload.Failure) {
        guard let type = header("apns-push-type") else {
            throw .init(reason: .missingPushType, message: "Send `apns-push-type`: liveactivity (Apple's channels) or alert.")
        }
        guard let known = PushType(rawValue: type) else {
            throw .init(
                reason: .invalidPushType, message: "A channel takes apns-push-type liveactivity or alert; got '\(type.prefix(40))'.")
        }
        pushType = known
        priority = try APNsRequest.priority(header("apns-priority")) ?? 10
        let expiration = try APNsRequest.expirationSeconds(header("apns-expiration"))
        guard expiration ?? 0 == 0 || channel.storagePolicy == .mostRecentMessageStored else {
            throw .init(
                reason: .badExpirationDate,
                message: "This channel stores no message (message-storage-policy 0): its apns-expiration is 0 or absent.")
        }
        let identifier = try APNsRequest.collapseID(header("apns-collapse-id")) ?? channel.topic
        switch known {
        case .liveactivity:
            guard case .string(let event)? = payload.liveActivity?["event"], ["update", "end"].contains(event) else {
                throw .init(
                    reason: .badPayload,
                    message:
                        "A channel's Live Activity payload has `aps.event` update or end (start goes to a device's push-to-start token).")
            }
            guard case .number? = payload.liveActivity?["timestamp"] else {
                throw .init(reason: .badPayload, message: "A Live Activity payload has `aps.timestamp`, UNIX epoch seconds.")
            }
        case .alert:
            guard !payload.isBackground else {
                throw .init(
                    reason: .invalidPushType, message: "A channel's alert has something to show; a background push goes to one device.")
            }
        }
        var content = payload.content
        if let activity = payload.liveActivity {
            // The app reads the activity's state from the notification it gets.
            content.userInfo = (content.userInfo ?? [:]).merging(["liveActivity": .object(activity)]) { _, activity in activity }
        }
        notification = NotificationRequest(identifier: identifier, content: content)
    }
}
