import Clocks
import Foundation
import HTTPCore
import HTTPTypes
import Media
import NotificationService
import RelayService
import Scheduling
import Storage
import Synchronization
import WebPushService

/// What the handlers work with, once storage is open: their dependencies, the authenticator over them,
/// and the API's own caches. A class: every request takes it, and the dependencies are many references.
@dynamicMemberLookup
final class APIContext: Sendable {
    let dependencies: APIDependencies
    let authenticator: Authenticator
    let pendingPages: PendingPageCache
    /// The service's metrics in Prometheus' text format (`GET /metrics`).
    let metrics: @Sendable () async -> [UInt8]

    init(
        dependencies: APIDependencies, authenticator: Authenticator, pendingPages: PendingPageCache,
        metrics: @escaping @Sendable () async -> [UInt8]
    ) {
        self.dependencies = dependencies
        self.authenticator = authenticator
        self.pendingPages = pendingPages
        self.metrics = metrics
    }

    subscript<T>(dynamicMember path: KeyPath<APIDependencies, T>) -> T { dependencies[keyPath: path] }
}

/// Everything the API's handlers use, in one place: the storage runtime builds it once storage is open
/// (`CenterRuntime`), and the handlers read it from their context. A handler that needs something new
/// gets it here, a field and an argument, and nowhere else.
package struct APIDependencies: Sendable {
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
    /// Browsers' push subscriptions, VAPID keys, and the service workers' answers.
    package var webPush: WebPushService
    /// Apps' APNs and FCM credentials and phones' registrations.
    package var relay: DeviceRelayService
    /// Topics and broadcasts.
    package var broadcasts: BroadcastService

    package init(
        principals: any PrincipalStore, service: NotificationCenterService, clock: any SchedulerClock, virtualClock: ManualClock?,
        events: EventHub, cache: any StoreCache, webhooks: any WebhookStore,
        checkURL: @escaping @Sendable (_ url: String, _ field: String) async throws -> Void,
        moveClock: @escaping @Sendable (Date) async throws -> Date, media: MediaLibrary, idempotency: any IdempotencyStore,
        appEvents: AppEventHub, settle: @escaping @Sendable () async -> Void, webPush: WebPushService, relay: DeviceRelayService,
        broadcasts: BroadcastService
    ) {
        self.broadcasts = broadcasts
        self.webPush = webPush
        self.relay = relay
        self.idempotency = idempotency
        self.appEvents = appEvents
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
    private let operatorTokens: OperatorTokens
    private let dependencies: @Sendable () -> APIDependencies?
    private let metrics: @Sendable () async -> [UInt8]
    private let pendingPages = PendingPageCache()
    /// The context, made once storage is open (the parts never change after that).
    private let made = MadeContext()

    private final class MadeContext: Sendable {
        let context = Mutex<APIContext?>(nil)
    }

    /// `dependencies`: nil while storage is still opening.
    package init(
        operatorTokens: OperatorTokens, metrics: @escaping @Sendable () async -> [UInt8] = { [] },
        dependencies: @escaping @Sendable () -> APIDependencies?
    ) {
        self.operatorTokens = operatorTokens
        self.metrics = metrics
        self.dependencies = dependencies
    }

    func context() throws -> APIContext {
        if let context = made.context.withLock({ $0 }) { return context }
        guard let dependencies = dependencies() else {
            throw APIProblem.notReady
        }
        let context = APIContext(
            dependencies: dependencies,
            authenticator: Authenticator(operatorTokens: operatorTokens, principals: dependencies.principals, cache: dependencies.cache),
            pendingPages: pendingPages, metrics: metrics)
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

    /// The query parameter `name` as one of `Value`'s cases, nil when absent.
    func enumQuery<Value: RawRepresentable & CaseIterable>(_ name: String, of _: Value.Type) throws -> Value?
    where Value.RawValue == String {
        guard let text = queryValue(name) else { return nil }
        guard let value = Value(rawValue: text) else {
            let known = Value.allCases.map(\.rawValue).joined(separator: ", ")
            throw APIProblem.invalidParameter("`\(name)` must be one of \(known); got '\(text)'.")
        }
        return value
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
