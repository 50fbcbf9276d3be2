import Clocks
import Foundation
import HTTPCore
import HTTPTypes
import Media
import NotificationCore
import NotificationService
import Scheduling
import Storage
import StrictJSON

/// The app's operations (`UNUserNotificationCenter` called by the app's code), with an app key.
/// Another app's centers answer 404.
enum AppRoutes {
    struct Categories: Codable, Sendable { var categories: [NotificationCategory] }

    struct CreateCenter: Codable, Sendable {
        var id: String?
        var timeZone: String?
        var locale: String?
    }

    struct CreatedCenter: Codable, Sendable {
        var center: CenterView
        /// The user's credential for this center; shown once.
        var token: String
    }

    struct AuthorizationRequest: Codable, Sendable { var options: Set<AuthorizationOption> }

    struct AuthorizationResult: Codable, Sendable {
        var granted: Bool?
        var status: AuthorizationStatus
        var prompt: AuthorizationPrompt?
    }

    struct AddResultView: Codable, Sendable {
        var request: PendingView?
        var replaced: Bool?
        var delivered: DeliveredNotification?
    }

    struct PendingPage: Codable, Sendable {
        var requests: [PendingView]
        var nextCursor: String?
    }

    struct CenterPage: Codable, Sendable {
        var centers: [CenterView]
        var nextCursor: String?
    }

    struct DeliveredPage: Codable, Sendable {
        var notifications: [DeliveredNotification]
        var nextCursor: String?
    }

    struct Badge: Codable, Sendable { var count: Int }

    /// The reply to an add that scheduled its request, as `AddResultView` encodes it, made from the
    /// request's stored form (its wire form) rather than encoding the request again.
    static func addReply(_ pending: PendingRequest, replaced: Bool, form: Data) throws -> [UInt8] {
        var request = Array(form)
        if let date = pending.nextFireDate {
            guard
                let withDate = WireFormat.inserting(
                    "nextTriggerDate", Array("\"\(WireFormat.timestamp(date))\"".utf8), beforeLast: "trigger", into: request)
            else { return try WireFormat.bytes(AddResultView(request: PendingView(pending), replaced: replaced)) }
            request = withDate
        }
        return Array(#"{"replaced":\#(replaced),"request":"#.utf8) + request + [UInt8(ascii: "}")]
    }

    static func register(on router: inout Router, _ provider: APIContextProvider) {
        router.on(.put, "/v1/categories") { request in
            let (context, appID) = try await app(request, provider)
            let body = try request.decodeJSON(Categories.self)
            try await context.service.setCategories(appID: appID, body.categories)
            return try .json(body)
        }
        router.on(.get, "/v1/categories") { request in
            let (context, appID) = try await app(request, provider)
            return try .json(Categories(categories: try await context.service.categories(appID: appID)))
        }
        router.on(.post, "/v1/centers") { request in
            let (context, appID) = try await app(request, provider)
            let body = try request.decodeJSON(CreateCenter.self)
            let id = body.id ?? "ctr_" + RandomID.hex(bytes: 8)
            guard id.count <= 64, id.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "._-".contains($0)) }), !id.isEmpty else {
                throw APIProblem.invalidCenterID
            }
            var state = CenterState()
            try CenterStateChange(timeZone: body.timeZone, locale: body.locale).apply(to: &state)
            let center = try await context.service.createCenter(CenterKey(appID: appID, centerID: id), state: state)
            let issued = Secrets.issue(prefix: "unc")
            try await context.principals.insertCredential(
                CredentialRecord(
                    id: issued.id, kind: .centerToken, appID: appID, centerID: id, secretHash: issued.hash, createdAt: context.clock.now)
            )
            return try .json(
                CreatedCenter(center: CenterView(center, at: context.clock.now), token: issued.token), status: .created,
                headers: [.location: "/v1/centers/\(id)"]
            )
        }
        router.on(.get, "/v1/centers") { request in
            let (context, appID) = try await app(request, provider)
            let page = try request.page()
            let centers = try await context.principals.centers(appID: appID, after: page.cursor, limit: page.limit)
            return try .json(
                CenterPage(centers: centers.items.map { CenterView($0, at: context.clock.now) }, nextCursor: centers.nextCursor))
        }
        router.on(.get, "/v1/centers/{centerID}") { request in
            let (context, center) = try await center(request, provider)
            _ = context
            return try .json(CenterView(center, at: context.clock.now))
        }
        router.on(.delete, "/v1/centers/{centerID}") { request in
            let (context, center) = try await center(request, provider)
            try await context.service.deleteCenter(center.key)
            return Response(status: .noContent)
        }
        router.on(.post, "/v1/centers/{centerID}/authorization") { request in
            let (context, center) = try await center(request, provider)
            let body = try request.decodeJSON(AuthorizationRequest.self)
            let wait = PreferWait(request.headers.first(.prefer))
            // Subscribe before asking, so that an answer given right after the prompt opens is not missed.
            let before = try await context.service.latestEvent(center.key)
            var outcome = try await context.service.requestAuthorization(center.key, options: body.options)
            if case .prompting = outcome, let app = try await context.principals.app(id: center.appID), app.authorizationPolicy != .prompt {
                _ = try await context.service.answerAuthorizationPrompt(center.key, allowed: app.authorizationPolicy == .grant)
                outcome = try await context.service.requestAuthorization(center.key, options: body.options)
            }
            if case .prompting = outcome, let wait {
                // `Prefer: wait=N` (RFC 7240): hold the request — a suspended connection, not a thread —
                // until the user answers (a settings change after the prompt opened), N seconds pass, or the
                // client leaves.
                let answered = await request.unlessClientLeaves {
                    await context.events.awaitSettingsChange(center.key, after: before, seconds: wait.seconds)
                }
                if answered == true {
                    outcome = try await context.service.requestAuthorization(center.key, options: body.options)
                }
            }
            let applied: HTTPFields = wait.map { [.preferenceApplied: "wait=\($0.seconds)"] } ?? [:]
            switch outcome {
            case .decided(let granted, let status):
                return try .json(AuthorizationResult(granted: granted, status: status), headers: applied)
            case .prompting(let prompt):
                return try .json(AuthorizationResult(status: .notDetermined, prompt: prompt), status: .accepted, headers: applied)
            }
        }
        router.on(.get, "/v1/centers/{centerID}/settings") { request in
            let (_, center) = try await center(request, provider)
            return try .json(center.settings)
        }
        router.on(.post, "/v1/centers/{centerID}/requests") { request in
            let (context, center) = try await center(request, provider)
            var body = try request.decodeJSON(NotificationRequest.self)
            try body.validate()
            // Refused before any attachment URL is fetched for it.
            try center.settings.requireNotificationsAllowed()
            // Attachments are the app's stored media from here on: URLs are fetched now, before the reply.
            body.content = try await context.media.resolve(body.content, appID: center.appID, at: context.clock.now)
            switch try await context.service.add(to: center, body) {
            case .scheduled(let pending, let replaced, let form):
                return .json(bytes: try addReply(pending, replaced: replaced, form: form), status: replaced ? .ok : .created)
            case .delivered(let delivered):
                return try .json(AddResultView(delivered: delivered), status: .created)
            }
        }
        router.on(
            .get, "/v1/centers/{centerID}/requests",
            immediate: { request in
                // A page sent before and unchanged since, of a center in memory, for a verified app key.
                guard case .app(let appID)? = Authenticator.verified?.principal, let context = try? provider.context(),
                    let page = try? request.page()
                else { return nil }
                let key = CenterKey(appID: appID, centerID: request.parameter("centerID"))
                guard let version = context.cache.versionIfCached(ofCenter: key) else { return nil }
                return context.pendingPages.bytes(for: .init(center: key, cursor: page.cursor, limit: page.limit), version: version)
                    .map { .json(bytes: $0) }
            }
        ) { request in
            let (context, center) = try await center(request, provider)
            let page = try request.page()
            let key = PendingPageCache.Key(center: center.key, cursor: page.cursor, limit: page.limit)
            let version = context.cache.version(ofCenter: center.key)
            if let bytes = context.pendingPages.bytes(for: key, version: version) { return .json(bytes: bytes) }
            let result = try await context.service.pendingRequests(center.key, after: page.cursor, limit: page.limit)
            let response = try Response.json(PendingPage(requests: result.items.map(PendingView.init), nextCursor: result.nextCursor))
            if case .bytes(let bytes) = response.body { context.pendingPages.store(bytes, for: key, version: version) }
            return response
        }
        router.on(.post, "/v1/centers/{centerID}/requests/remove") { request in
            let (context, center) = try await center(request, provider)
            let body = try request.decodeJSON(IdentifierList.self)
            return try .json(
                RemovedList(removed: try await context.service.removePendingRequests(center.key, identifiers: body.identifiers)))
        }
        router.on(.post, "/v1/centers/{centerID}/requests/remove-all") { request in
            let (context, center) = try await center(request, provider)
            return try .json(RemovedList(removed: try await context.service.removePendingRequests(center.key, identifiers: nil)))
        }
        router.on(.get, "/v1/centers/{centerID}/delivered") { request in
            let (context, center) = try await center(request, provider)
            let page = try request.page()
            let result = try await context.service.deliveredNotifications(center.key, after: page.cursor, limit: page.limit)
            return try .json(DeliveredPage(notifications: result.items, nextCursor: result.nextCursor))
        }
        router.on(.post, "/v1/centers/{centerID}/delivered/remove") { request in
            let (context, center) = try await center(request, provider)
            let body = try request.decodeJSON(IdentifierList.self)
            return try .json(
                RemovedList(
                    removed: try await context.service.removeDeliveredNotifications(center.key, identifiers: body.identifiers)))
        }
        router.on(.post, "/v1/centers/{centerID}/delivered/remove-all") { request in
            let (context, center) = try await center(request, provider)
            return try .json(
                RemovedList(removed: try await context.service.removeDeliveredNotifications(center.key, identifiers: nil)))
        }
        router.on(.put, "/v1/centers/{centerID}/badge") { request in
            let (context, center) = try await center(request, provider)
            let body = try request.decodeJSON(Badge.self)
            try await context.service.setBadgeCount(center.key, body.count)
            return try .json(body)
        }
    }

    static func app(_ request: Request, _ provider: APIContextProvider) async throws -> (APIContext, String) {
        let context = try provider.context()
        return (context, try await context.authenticator.requireApp(request))
    }

    /// The calling app's center named in the path (center ids are the app's own: another app's
    /// `phone-1` is another center); 404 if the app has none by that id.
    static func center(_ request: Request, _ provider: APIContextProvider) async throws -> (APIContext, CenterRecord) {
        let (context, appID) = try await app(request, provider)
        return (context, try await context.service.center(CenterKey(appID: appID, centerID: request.parameter("centerID"))))
    }
}
