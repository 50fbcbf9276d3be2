import Clocks
import ErrorCodes
import Foundation
import HTTPCore
import HTTPTypes
import Media
import NotificationCore
import Scheduling
import Storage

/// The operator's operations: apps and their keys.
enum OperatorRoutes {
    struct CreateApp: Codable, Sendable {
        var name: String
        var authorizationPolicy: AppRecord.AuthorizationPolicy?
    }

    struct UpdateApp: Codable, Sendable {
        var name: String?
        var authorizationPolicy: AppRecord.AuthorizationPolicy?
    }

    struct AppView: Codable, Sendable {
        var id: String
        var name: String
        var authorizationPolicy: AppRecord.AuthorizationPolicy
        var createdAt: Date

        init(_ app: AppRecord) {
            id = app.id
            name = app.name
            authorizationPolicy = app.authorizationPolicy
            createdAt = app.createdAt
        }
    }

    struct AppPage: Codable, Sendable {
        var apps: [AppView]
        var nextCursor: String?
    }

    /// An app key as listed: its id and age, never the secret (shown once, when issued).
    struct KeyView: Codable, Sendable {
        var id: String
        var createdAt: Date
    }

    struct KeyList: Codable, Sendable {
        var keys: [KeyView]
    }

    struct IssuedKey: Codable, Sendable {
        var id: String
        /// The whole key; shown once, only its hash is kept.
        var key: String
        var createdAt: Date
    }

    struct ClockView: Codable, Sendable {
        var now: Date
        var virtual: Bool
    }

    struct SetClock: Codable, Sendable {
        /// Move to this instant (never backwards)…
        var now: Date?
        /// …or forward by this many seconds.
        var advanceBy: Double?
    }

    static func register(on router: inout Router, _ provider: APIContextProvider) {
        // Anyone signed in may read the clock: on a virtual clock, next trigger dates mean nothing without it.
        router.on(.get, "/v1/clock") { request in
            let context = try provider.context()
            _ = try await context.authenticator.principal(for: request)
            return try .json(ClockView(now: context.clock.now, virtual: context.virtualClock != nil))
        }
        router.on(.post, "/v1/clock") { request in
            let context = try await operatorContext(request, provider)
            guard let clock = context.virtualClock else {
                throw APIProblem.virtualClockOff
            }
            let body = try request.decodeJSON(SetClock.self)
            let target: Date
            switch (body.now, body.advanceBy) {
            case (let now?, nil): target = now
            case (nil, let seconds?) where seconds >= 0 && seconds <= 100 * 365 * 86_400: target = clock.now.addingTimeInterval(seconds)
            default:
                throw APIProblem.invalidClockChange
            }
            // Every date the API shows must stay an RFC 3339 date, whose years have four digits.
            guard target <= RFC3339.latest else {
                throw APIProblem.clockPastRFC3339
            }
            _ = try await context.moveClock(target)
            // Everything due at the new time has fired when the reply comes.
            await context.settle()
            return try .json(ClockView(now: clock.now, virtual: true))
        }
        // Prometheus' text format, for the operator's admin token (Prometheus sends it as a bearer
        // `authorization`): one port to expose, and route names and volumes are not for everyone.
        router.on(.get, "/metrics") { request in
            let context = try await operatorContext(request, provider)
            return Response(status: .ok, contentType: "text/plain; version=0.0.4; charset=utf-8", bytes: await context.metrics())
        }
        router.on(.post, "/v1/apps") { request in
            let context = try await operatorContext(request, provider)
            let body = try request.decodeJSON(CreateApp.self)
            let app = AppRecord(
                id: "app_" + RandomID.hex(bytes: 8), name: try validName(body.name),
                authorizationPolicy: body.authorizationPolicy ?? .prompt,
                createdAt: context.clock.now
            )
            try await context.principals.insertApp(app)
            return try .json(AppView(app), status: .created, headers: [.location: "/v1/apps/\(app.id)"])
        }
        router.on(.get, "/v1/apps") { request in
            let context = try await operatorContext(request, provider)
            let page = try request.page()
            let apps = try await context.principals.apps(after: page.cursor, limit: page.limit)
            return try .json(AppPage(apps: apps.items.map(AppView.init), nextCursor: apps.nextCursor))
        }
        router.on(.get, "/v1/apps/{appID}/keys") { request in
            let context = try await operatorContext(request, provider)
            let app = try await app(request, context)
            let keys = try await context.principals.appKeys(appID: app.id)
            return try .json(KeyList(keys: keys.map { KeyView(id: $0.id, createdAt: $0.createdAt) }))
        }
        router.on(.get, "/v1/apps/{appID}") { request in
            let context = try await operatorContext(request, provider)
            return try .json(AppView(try await app(request, context)))
        }
        router.on(.patch, "/v1/apps/{appID}") { request in
            let context = try await operatorContext(request, provider)
            var app = try await app(request, context)
            let body = try request.decodeJSON(UpdateApp.self)
            if let name = body.name { app.name = try validName(name) }
            if let policy = body.authorizationPolicy { app.authorizationPolicy = policy }
            _ = try await context.principals.updateApp(app)
            return try .json(AppView(app))
        }
        router.on(.delete, "/v1/apps/{appID}") { request in
            let context = try await operatorContext(request, provider)
            // Gone for every read at once; what it holds goes after it, a batch of centers a transaction
            // (the runtime's `AppDeletions`), so that deleting a large app never stops the other apps.
            guard try await context.principals.markAppDeleted(id: request.parameter("appID"), at: context.clock.now) else {
                throw appNotFound(request)
            }
            return Response(status: .noContent)
        }
        router.on(.post, "/v1/apps/{appID}/keys") { request in
            let context = try await operatorContext(request, provider)
            let app = try await app(request, context)
            let issued = Secrets.issue(prefix: "unk")
            let now = context.clock.now
            try await context.principals.insertCredential(
                CredentialRecord(id: issued.id, kind: .appKey, appID: app.id, secretHash: issued.hash, createdAt: now)
            )
            return try .json(IssuedKey(id: issued.id, key: issued.token, createdAt: now), status: .created)
        }
        router.on(.delete, "/v1/apps/{appID}/keys/{keyID}") { request in
            let context = try await operatorContext(request, provider)
            let app = try await app(request, context)
            let keyID = request.parameter("keyID")
            guard try await context.principals.credential(id: keyID)?.kind == .appKey,
                try await context.principals.deleteCredential(id: keyID, appID: app.id)
            else {
                throw APIProblem.notFound(.keyNotFound, "App \(app.id) has no key '\(request.parameter("keyID"))'.")
            }
            return Response(status: .noContent)
        }
    }

    private static func operatorContext(_ request: Request, _ provider: APIContextProvider) async throws -> APIContext {
        let context = try provider.context()
        try await context.authenticator.requireOperator(request)
        return context
    }

    private static func validName(_ name: String) throws -> String {
        guard name.isIdentifier(max: 200) else {
            throw APIProblem.invalidName
        }
        return name
    }

    private static func app(_ request: Request, _ context: APIContext) async throws -> AppRecord {
        guard let app = try await context.principals.app(id: request.parameter("appID")) else { throw appNotFound(request) }
        return app
    }

    private static func appNotFound(_ request: Request) -> Problem {
        APIProblem.notFound(.appNotFound, "No app '\(request.parameter("appID"))' exists.")
    }
}
