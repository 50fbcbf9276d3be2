import Foundation
import HTTPCore
import HTTPTypes
import Media
import NotificationService
import Scheduling
import Storage
import Synchronization
import WebPushService

/// What the handlers work with, once storage is open: the parts and the authenticator over them.
/// A class: every request takes it, and the parts are many references.
@dynamicMemberLookup
final class APIContext: Sendable {
    let parts: APIParts
    let authenticator: Authenticator
    let pendingPages: PendingPageCache

    init(parts: APIParts, authenticator: Authenticator, pendingPages: PendingPageCache) {
        self.parts = parts
        self.authenticator = authenticator
        self.pendingPages = pendingPages
    }

    subscript<T>(dynamicMember path: KeyPath<APIParts, T>) -> T { parts[keyPath: path] }
}

/// What the server hands the API once storage is open.
package struct APIParts: Sendable {
    package var principals: any PrincipalStore
    package var service: NotificationCenterService
    package var clock: any SchedulerClock
    /// The operator-moved clock, in virtual-clock mode.
    package var virtualClock: ManualClock?
    /// The users' event streams.
    package var events: EventHub
    /// Returns once the scheduler has fired everything due now.
    package var settle: @Sendable () async -> Void
    /// Says when responses cached per center are stale; the centers and credentials in memory.
    package var cache: any StoreCache
    /// The apps' webhook settings and outboxes.
    package var webhooks: any WebhookStore
    /// Checks webhook URLs against the SSRF guard.
    package var checkURL: @Sendable (_ url: String, _ field: String) async throws -> Void
    /// Moves the shared virtual clock (in the store) to a date, never backwards; returns the new time.
    package var moveClock: @Sendable (Date) async throws -> Date
    /// The apps' media (attachments).
    package var media: MediaLibrary
    /// Answers kept for `Idempotency-Key`.
    package var idempotency: any IdempotencyStore
    /// The apps' event streams.
    package var appEvents: AppEventHub
    /// The service's metrics in Prometheus' text format (`GET /metrics`).
    package var metrics: @Sendable () async -> [UInt8]
    /// Browsers' push subscriptions, VAPID keys, and the service workers' answers.
    package var webPush: WebPushService

    package init(
        principals: any PrincipalStore, service: NotificationCenterService, clock: any SchedulerClock, virtualClock: ManualClock?,
        events: EventHub, cache: any StoreCache, webhooks: any WebhookStore,
        checkURL: @escaping @Sendable (_ url: String, _ field: String) async throws -> Void,
        moveClock: @escaping @Sendable (Date) async throws -> Date, media: MediaLibrary, idempotency: any IdempotencyStore,
        appEvents: AppEventHub, settle: @escaping @Sendable () async -> Void, webPush: WebPushService,
        metrics: @escaping @Sendable () async -> [UInt8] = { [] }
    ) {
        self.webPush = webPush
        self.idempotency = idempotency
        self.appEvents = appEvents
        self.metrics = metrics
        self.media = media
        self.principals = principals
        self.cache = cache
        self.webhooks = webhooks
        self.checkURL = checkURL
        self.moveClock = moveClock
        self.service = service
        self.clock = clock
        self.virtualClock = virtualClock
        self.events = events
        self.settle = settle
    }
}

/// Hands the handlers their context, or answers 503 while storage is still opening.
package struct APIContextProvider: Sendable {
    private let adminTokenHash: Data?
    private let parts: @Sendable () -> APIParts?
    private let pendingPages = PendingPageCache()
    /// The context, made once storage is open (the parts never change after that).
    private let made = MadeContext()

    private final class MadeContext: Sendable {
        let context = Mutex<APIContext?>(nil)
    }

    package init(adminToken: String?, parts: @escaping @Sendable () -> APIParts?) {
        // Hashed once here, not on every request.
        adminTokenHash = adminToken.map(Secrets.hash)
        self.parts = parts
    }

    func context() throws -> APIContext {
        if let context = made.context.withLock({ $0 }) { return context }
        guard let parts = parts() else {
            throw APIProblem.notReady
        }
        let context = APIContext(
            parts: parts, authenticator: Authenticator(adminTokenHash: adminTokenHash, principals: parts.principals, cache: parts.cache),
            pendingPages: pendingPages)
        made.context.withLock { $0 = context }
        return context
    }
}

extension Request {
    /// The path parameter `name` (the router guarantees it is there).
    func parameter(_ name: String) -> String { pathParameters[name] ?? "" }

    /// `limit` and `cursor` query parameters of a list operation.
    func page(defaultLimit: Int = 100) throws -> (cursor: String?, limit: Int) {
        var limit = defaultLimit
        if let text = queryValue("limit") {
            guard let value = Int(text), (1...500).contains(value) else {
                throw APIProblem.invalidParameter("`limit` must be a whole number from 1 to 500; got '\(text)'.")
            }
            limit = value
        }
        return (queryValue("cursor"), limit)
    }
}

/// `{"identifiers": [...]}`.
struct IdentifierList: Codable, Sendable {
    var identifiers: [String]
}

/// `{"removed": [...]}`.
struct RemovedList: Codable, Sendable {
    var removed: [String]
}
