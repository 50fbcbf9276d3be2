import ErrorCodes
import Foundation
import HTTPCore
import HTTPTypes
import NotificationCore
import NotificationService
import Storage

/// Apple's broadcast channel API (iOS 18) over topics, so that a backend that speaks it reaches the
/// subscribers of a topic: a channel is a topic (`APNsChannel`); publishing on it is a broadcast to the
/// topic's subscribers, at once. The app key is the provider token and the app id the bundle; errors
/// carry APNs' status and `reason`, as `POST /3/device/{token}`'s do.
enum ChannelRoutes {
    /// A channel's settings, as Apple's API takes and answers them.
    struct ChannelSettings: Codable, Sendable {
        var messageStoragePolicy: Int
        var pushType: String

        enum CodingKeys: String, CodingKey {
            case messageStoragePolicy = "message-storage-policy"
            case pushType = "push-type"
        }
    }

    struct ChannelList: Codable, Sendable { var channels: [String] }

    static func register(on router: inout Router, _ provider: APIContextProvider) {
        router.on(.post, "/1/apps/{bundle}/channels") { request in
            let (context, appID) = try await app(request, provider)
            // JSON whatever its Content-Type, as APNs reads it (Apple's own example posts it with `curl --data`).
            let body: ChannelSettings
            do throws(Problem) {
                body = try JSONBody.decode(ChannelSettings.self, from: request.body)
            } catch {
                throw APIProblem.apns(.badPayload, error.detail)
            }
            guard let policy = APNsChannel.StoragePolicy(rawValue: body.messageStoragePolicy) else {
                throw APIProblem.apns(
                    .badMessageStoragePolicy,
                    "`message-storage-policy` is 0 (no message stored) or 1 (the most recent stored); got \(body.messageStoragePolicy).")
            }
            guard body.pushType == APNsChannel.pushType else {
                throw APIProblem.apns(
                    .invalidPushType, "A channel's `push-type` is \(APNsChannel.pushType); got '\(body.pushType.prefix(40))'.")
            }
            let channel = APNsChannel(policy: policy)
            do {
                _ = try await context.broadcasts.createTopic(appID: appID, identifier: channel.topic, displayName: APNsChannel.displayName)
            } catch let error as NotificationError where error.code == .topicLimitReached {
                throw APIProblem.apns(.cannotCreateChannelConfig, error.message)
            }
            // The topic the channel is, which centers subscribe to.
            return Response(
                status: .created,
                headers: [
                    .apnsChannelID: channel.channelID, .apnsRequestID: requestID(request), .location: "/v1/topics/\(channel.topic)",
                ])
        }
        router.on(.get, "/1/apps/{bundle}/channels") { request in
            let (context, appID) = try await app(request, provider)
            let channel = try await registered(request, context, appID: appID)
            return try .json(
                ChannelSettings(messageStoragePolicy: channel.storagePolicy.rawValue, pushType: APNsChannel.pushType),
                headers: [.apnsRequestID: requestID(request)])
        }
        router.on(.delete, "/1/apps/{bundle}/channels") { request in
            let (context, appID) = try await app(request, provider)
            // Whether the app has the channel, the deletion finds out.
            let channel = try named(request)
            do {
                try await context.broadcasts.deleteTopic(appID: appID, identifier: channel.topic)
            } catch let error as NotificationError where error.code == .topicNotFound {
                throw notRegistered
            }
            return Response(status: .noContent, headers: [.apnsRequestID: requestID(request)])
        }
        router.on(.get, "/1/apps/{bundle}/all-channels") { request in
            let (context, appID) = try await app(request, provider)
            var channels: [String] = []
            var cursor: String?
            repeat {
                let page = try await context.broadcasts.store.topics(appID: appID, after: cursor, limit: 1_000)
                channels += page.items.compactMap { APNsChannel(topic: $0.identifier)?.channelID }
                cursor = page.nextCursor
            } while cursor != nil
            return try .json(ChannelList(channels: channels), headers: [.apnsRequestID: requestID(request)])
        }
        router.on(.post, "/4/broadcasts/apps/{bundle}") { request in
            let (context, appID) = try await app(request, provider)
            try PushRoutes.refuseDuplicates(
                ["apns-channel-id", "apns-collapse-id", "apns-expiration", "apns-priority", "apns-push-type"], in: request)
            // Whether the app has the channel, the broadcast's creation finds out (its topic read once).
            let channel = try named(request)
            let published: APNsBroadcast
            do throws(APNsPayload.Failure) {
                published = try APNsBroadcast(
                    header: { HTTPField.Name($0).flatMap { request.headers.first($0) } }, payload: try APNsPayload(json: request.body),
                    channel: channel)
            } catch {
                throw APIProblem.apns(error.reason, error.message)
            }
            do {
                try published.notification.content.validate()
            } catch let error as NotificationError {
                throw APIProblem.apns(.badPayload, error.message)
            }
            let broadcast: Broadcast
            do {
                (broadcast, _) = try await context.broadcasts.create(
                    appID: appID, request: published.notification, audience: .topic(channel.topic))
            } catch let error as NotificationError where error.code == .topicNotFound {
                throw notRegistered
            }
            var headers: HTTPFields = [.apnsRequestID: requestID(request), .location: "/v1/broadcasts/\(broadcast.id)"]
            headers[.apnsUniqueID] = broadcast.uniqueID
            return Response(status: .ok, headers: headers)
        }
    }

    /// The app, which must be the one the path names (Apple's bundle id).
    private static func app(_ request: Request, _ provider: APIContextProvider) async throws -> (APIContext, String) {
        let (context, appID) = try await PushRoutes.app(request, provider)
        let bundle = request.parameter("bundle")
        guard bundle == appID else {
            throw APIProblem.apns(
                .topicMismatch, "This app key manages the channels of '\(appID)' only; the path names '\(bundle.prefix(80))'.")
        }
        return (context, appID)
    }

    /// The app's channel the `apns-channel-id` header names.
    private static func registered(_ request: Request, _ context: APIContext, appID: String) async throws -> APNsChannel {
        let channel = try named(request)
        guard try await context.broadcasts.store.topic(appID: appID, identifier: channel.topic) != nil else {
            throw notRegistered
        }
        return channel
    }

    private static let notRegistered = APIProblem.apns(
        .channelNotRegistered, "The app has no such channel: it was never made here, or it was deleted.")

    /// The channel the `apns-channel-id` header names, whether or not the app has it.
    private static func named(_ request: Request) throws -> APNsChannel {
        guard let id = request.headers.first(.apnsChannelID) else {
            throw APIProblem.apns(.missingChannelId, "Send the channel's id in `apns-channel-id`, as its creation answered it.")
        }
        guard let channel = APNsChannel(channelID: id) else {
            throw APIProblem.apns(
                .badChannelId, "`apns-channel-id` is not a channel id this service made (base64 of `apns.<policy>.<id>`).")
        }
        return channel
    }

    /// The call's `apns-request-id`: as sent, else a new one.
    static func requestID(_ request: Request) -> String {
        request.headers.first(.apnsRequestID).flatMap { APNsRequest.isCanonicalUUID($0) ? $0.lowercased() : nil }
            ?? UUID().uuidString.lowercased()
    }
}
