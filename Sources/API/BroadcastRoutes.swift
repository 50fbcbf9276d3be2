import Clocks
import Foundation
import HTTPCore
import HTTPTypes
import Media
import NotificationCore
import NotificationService
import Storage

/// Topics (the app's; subscriptions made by the app or by the user) and broadcasts (one request for a
/// topic's subscribers, a list of centers, or every center of the app).
enum BroadcastRoutes {
    struct NewTopic: Codable, Sendable {
        var identifier: String
        var displayName: String?
    }

    struct TopicPage: Codable, Sendable {
        var topics: [Topic]
        var nextCursor: String?
    }

    struct SubscriberPage: Codable, Sendable {
        var centers: [String]
        /// How many centers are subscribed in all.
        var count: Int
        var nextCursor: String?
    }

    struct TopicList: Codable, Sendable { var topics: [String] }

    struct NewBroadcast: Codable, Sendable {
        var request: NotificationRequest
        var audience: Broadcast.Audience
    }

    struct CreatedBroadcast: Codable, Sendable {
        var broadcast: Broadcast
        /// The active broadcasts with the same request identifier it replaced.
        var replaced: [String]
    }

    struct BroadcastPage: Codable, Sendable {
        var broadcasts: [Broadcast]
        var nextCursor: String?
    }

    static func register(on router: inout Router, _ provider: APIContextProvider) {
        // Topics, by the app.
        router.on(.post, "/v1/topics") { request in
            let (context, appID) = try await AppRoutes.app(request, provider)
            let body = try request.decodeJSON(NewTopic.self)
            let topic = try await context.broadcasts.createTopic(appID: appID, identifier: body.identifier, displayName: body.displayName)
            return try .json(topic, status: .created, headers: [.location: "/v1/topics/\(topic.identifier)"])
        }
        router.on(.get, "/v1/topics") { request in
            let (context, appID) = try await AppRoutes.app(request, provider)
            let page = try request.page()
            let topics = try await context.broadcasts.store.topics(appID: appID, after: page.cursor, limit: page.limit)
            return try .json(TopicPage(topics: topics.items, nextCursor: topics.nextCursor))
        }
        router.on(.get, "/v1/topics/{topic}") { request in
            let (context, appID) = try await AppRoutes.app(request, provider)
            return try .json(try await context.broadcasts.topic(appID: appID, identifier: request.parameter("topic")))
        }
        router.on(.delete, "/v1/topics/{topic}") { request in
            let (context, appID) = try await AppRoutes.app(request, provider)
            try await context.broadcasts.deleteTopic(appID: appID, identifier: request.parameter("topic"))
            return Response(status: .noContent)
        }
        router.on(.get, "/v1/topics/{topic}/subscribers") { request in
            let (context, appID) = try await AppRoutes.app(request, provider)
            let page = try request.page()
            let topic = try await context.broadcasts.topic(appID: appID, identifier: request.parameter("topic"))
            let centers = try await context.broadcasts.store.subscribers(
                appID: appID, topic: topic.identifier, after: page.cursor, limit: page.limit)
            return try .json(SubscriberPage(centers: centers.items, count: topic.subscriberCount ?? 0, nextCursor: centers.nextCursor))
        }
        // Subscriptions, by the app for one of its centers, or by the user for their own.
        router.on(.get, "/v1/centers/{centerID}/topics") { request in
            let (context, key) = try await appCenter(request, provider)
            return try .json(TopicList(topics: try await context.broadcasts.topics(of: key)))
        }
        router.on(.put, "/v1/centers/{centerID}/topics/{topic}") { request in
            let (context, key) = try await appCenter(request, provider)
            return try .json(TopicList(topics: try await context.broadcasts.subscribe(key, to: [request.parameter("topic")])))
        }
        router.on(.delete, "/v1/centers/{centerID}/topics/{topic}") { request in
            let (context, key) = try await appCenter(request, provider)
            return try .json(TopicList(topics: try await context.broadcasts.unsubscribe(key, from: [request.parameter("topic")])))
        }
        router.on(.get, "/v1/me/topics") { request in
            let (context, key) = try await UserRoutes.user(request, provider)
            return try .json(TopicList(topics: try await context.broadcasts.topics(of: key)))
        }
        router.on(.put, "/v1/me/topics/{topic}") { request in
            let (context, key) = try await UserRoutes.user(request, provider)
            return try .json(TopicList(topics: try await context.broadcasts.subscribe(key, to: [request.parameter("topic")])))
        }
        router.on(.delete, "/v1/me/topics/{topic}") { request in
            let (context, key) = try await UserRoutes.user(request, provider)
            return try .json(TopicList(topics: try await context.broadcasts.unsubscribe(key, from: [request.parameter("topic")])))
        }
        // Broadcasts, by the app.
        router.on(.post, "/v1/broadcasts") { request in
            let (context, appID) = try await AppRoutes.app(request, provider)
            var body = try request.decodeJSON(NewBroadcast.self)
            try Broadcast(id: Broadcast.newID(), request: body.request, audience: body.audience, createdAt: context.clock.now).validate()
            // Attachments are the app's stored media from here on: URLs are fetched now, before the reply.
            body.request.content = try await context.media.resolve(body.request.content, appID: appID, at: context.clock.now)
            let (broadcast, replaced) = try await context.broadcasts.create(appID: appID, request: body.request, audience: body.audience)
            return try .json(
                CreatedBroadcast(broadcast: broadcast, replaced: replaced), status: .created,
                headers: [.location: "/v1/broadcasts/\(broadcast.id)"])
        }
        router.on(.get, "/v1/broadcasts") { request in
            let (context, appID) = try await AppRoutes.app(request, provider)
            let page = try request.page()
            let broadcasts = try await context.broadcasts.store.broadcasts(appID: appID, after: page.cursor, limit: page.limit)
            return try .json(BroadcastPage(broadcasts: broadcasts.items, nextCursor: broadcasts.nextCursor))
        }
        router.on(.get, "/v1/broadcasts/{id}") { request in
            let (context, appID) = try await AppRoutes.app(request, provider)
            return try .json(try await context.broadcasts.broadcast(appID: appID, id: request.parameter("id")))
        }
        router.on(.post, "/v1/broadcasts/{id}/cancel") { request in
            let (context, appID) = try await AppRoutes.app(request, provider)
            return try .json(try await context.broadcasts.cancel(appID: appID, id: request.parameter("id")))
        }
    }

    private static func appCenter(_ request: Request, _ provider: APIContextProvider) async throws -> (APIContext, CenterKey) {
        let (context, appID) = try await AppRoutes.app(request, provider)
        return (context, CenterKey(appID: appID, centerID: request.parameter("centerID")))
    }
}
