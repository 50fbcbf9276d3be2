import Foundation
import HTTPCore
import NotificationService
import Scheduling
import Storage

/// What the handlers work with, once storage is open.
struct APIContext: Sendable {
    let authenticator: Authenticator
    let principals: any PrincipalStore
    let service: NotificationCenterService
    let clock: any SchedulerClock
    /// The operator-moved clock, in virtual-clock mode.
    let virtualClock: ManualClock?
    /// Returns once the scheduler has fired everything due now.
    let settle: @Sendable () async -> Void
    let events: EventHub
}

/// What the server hands the API once storage is open.
package struct APIParts: Sendable {
    package var principals: any PrincipalStore
    package var service: NotificationCenterService
    package var clock: any SchedulerClock
    package var virtualClock: ManualClock?
    package var settle: @Sendable () async -> Void
    package var events: EventHub

    package init(
        principals: any PrincipalStore, service: NotificationCenterService, clock: any SchedulerClock, virtualClock: ManualClock?,
        events: EventHub, settle: @escaping @Sendable () async -> Void
    ) {
        self.events = events
        self.principals = principals
        self.service = service
        self.clock = clock
        self.virtualClock = virtualClock
        self.settle = settle
    }
}

/// Hands the handlers their context, or answers 503 while storage is still opening.
package struct APIContextProvider: Sendable {
    private let resolve: @Sendable () -> APIContext?

    package init(adminToken: String?, parts: @escaping @Sendable () -> APIParts?) {
        resolve = {
            parts().map {
                APIContext(
                    authenticator: Authenticator(adminToken: adminToken, principals: $0.principals), principals: $0.principals,
                    service: $0.service, clock: $0.clock, virtualClock: $0.virtualClock, settle: $0.settle, events: $0.events
                )
            }
        }
    }

    func context() throws -> APIContext {
        guard let context = resolve() else {
            throw Problem(
                status: 503, code: "notReady", title: "Service Unavailable", detail: "Storage is still opening; retry shortly.",
                headers: ["Retry-After": "1"]
            )
        }
        return context
    }
}

extension HTTPRequest {
    /// The path parameter `name` (the router guarantees it is there).
    func parameter(_ name: String) -> String { pathParameters[name] ?? "" }

    /// `limit` and `cursor` query parameters of a list operation.
    func page(defaultLimit: Int = 100) throws -> (cursor: String?, limit: Int) {
        var limit = defaultLimit
        if let text = queryValue("limit") {
            guard let value = Int(text), (1...500).contains(value) else {
                throw Problem.badRequest("`limit` must be a whole number from 1 to 500; got '\(text)'.", code: "invalidParameter")
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
