import Clocks
import Foundation
import HTTPCore
import HTTPTypes
import NotificationCore
import NotificationService
import Storage

/// The user's operations (the Settings app, the banner, Notification Center), with the center token.
/// They always act on the token's own center.
enum UserRoutes {
    struct PromptAnswer: Codable, Sendable { var allowed: Bool }

    struct Fired: Codable, Sendable { var fired: [String] }

    struct ResponseResult: Codable, Sendable {
        var forwardedToDelegate: Bool
        var removed: Bool
        /// The category's content extension's answer, when one was asked.
        var contentExtension: ContentExtensionResponseOption?
    }

    static func register(on router: inout Router, _ provider: APIContextProvider) {
        router.on(.get, "/v1/me") { request in
            let (context, key) = try await user(request, provider)
            let app = try await context.principals.app(id: key.appID)
            return try .json(CenterView(try await context.service.center(key), user: true, appName: app?.name, at: context.clock.now))
        }
        router.on(.post, "/v1/me/authorization") { request in
            let (context, key) = try await user(request, provider)
            let body = try request.decodeJSON(PromptAnswer.self)
            return try .json(try await context.service.answerAuthorizationPrompt(key, allowed: body.allowed))
        }
        router.on(.get, "/v1/me/settings") { request in
            let (context, key) = try await user(request, provider)
            return try .json(try await context.service.center(key).settings)
        }
        router.on(.patch, "/v1/me/settings") { request in
            let (context, key) = try await user(request, provider)
            let body = try request.decodeJSON(NotificationSettingsChange.self)
            return try .json(try await context.service.updateSettings(key, body))
        }
        router.on(.patch, "/v1/me/state") { request in
            let (context, key) = try await user(request, provider)
            let body = try request.decodeJSON(CenterStateChange.self)
            return try .json(try await context.service.updateState(key, body))
        }
        // "Show Next Summary": what is held for the next Scheduled Summary is delivered now.
        router.on(.post, "/v1/me/summary") { request in
            let (context, key) = try await user(request, provider)
            guard let summary = try await context.service.showNextSummary(key) else { return Response(status: .noContent) }
            return try .json(summary)
        }
        router.on(.post, "/v1/me/location") { request in
            let (context, key) = try await user(request, provider)
            let body = try request.decodeJSON(Location.self)
            return try .json(Fired(fired: try await context.service.updateLocation(key, body)))
        }
        // The buttons a banner shows: the app's categories, as the system knows them on a device.
        router.on(.get, "/v1/me/categories") { request in
            let (context, key) = try await user(request, provider)
            return try .json(AppRoutes.Categories(categories: try await context.service.categories(appID: key.appID)))
        }
        router.on(.get, "/v1/me/delivered") { request in
            let (context, key) = try await user(request, provider)
            let page = try request.page()
            let result = try await context.service.deliveredNotifications(key, after: page.cursor, limit: page.limit)
            return try .json(AppRoutes.DeliveredPage(notifications: result.items, nextCursor: result.nextCursor))
        }
        router.on(.post, "/v1/me/delivered/{identifier}/response") { request in
            let (context, key) = try await user(request, provider)
            let body = try request.decodeJSON(NotificationResponse.self)
            let disposition = try await context.service.respond(key, identifier: request.parameter("identifier"), body)
            return try .json(
                ResponseResult(
                    forwardedToDelegate: disposition.forwardToDelegate, removed: disposition.removesNotification,
                    contentExtension: disposition.contentExtension))
        }
    }

    /// The context and the center whose user the request's bearer token signs in (401 otherwise).
    static func user(_ request: Request, _ provider: APIContextProvider) async throws -> (APIContext, CenterKey) {
        let context = try provider.context()
        return (context, try await context.authenticator.requireUser(request))
    }
}
