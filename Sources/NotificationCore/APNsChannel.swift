import Foundation

/// An APNs broadcast channel (Apple's channel management API, iOS 18) as the topic it is here. Its
/// `apns-channel-id` is the base64 of the topic's identifier, `apns.<policy>.<24 hex digits>`: nothing is
/// stored beside the topic, and the storage policy stays what it was made with (Apple's is immutable).
package struct APNsChannel: Sendable, Hashable {
    /// `message-storage-policy`: whether APNs keeps the latest message for a device that is offline.
    package enum StoragePolicy: Int, Sendable, Hashable, Codable {
        case noMessageStored = 0
        case mostRecentMessageStored = 1
    }

    package let storagePolicy: StoragePolicy
    /// The identifier of the topic the channel is.
    package let topic: String

    /// The only `push-type` Apple's channels take.
    package static let pushType = "LiveActivity"
    /// What the channel's topic is called in the topic API.
    package static let displayName = "APNs broadcast channel"

    /// A new channel with `policy`.
    package init(policy: StoragePolicy) {
        storagePolicy = policy
        topic = "apns.\(policy.rawValue).\(RandomID.hex(bytes: 12))"
    }

    /// The channel a topic's identifier names; nil for a topic that is not a channel.
    package init?(topic: String) {
        let parts = topic.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0] == "apns", let policy = Int(parts[1]).flatMap(StoragePolicy.init(rawValue:)),
            parts[1].count == 1, parts[2].utf8.count == 24,
            parts[2].utf8.allSatisfy({
                (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains($0)
            })
        else { return nil }
        storagePolicy = policy
        self.topic = topic
    }

    /// The channel an `apns-channel-id` names; nil for one this service did not make.
    package init?(channelID: String) {
        guard channelID.utf8.count <= 64, let bytes = Data(base64Encoded: channelID), let topic = String(bytes: bytes, encoding: .utf8)
        else { return nil }
        self.init(topic: topic)
    }

    /// The channel's `apns-channel-id`.
    package var channelID: String { Data(topic.utf8).base64EncodedString() }
}
