import Clocks
import ErrorCodes
import Foundation
import HTTPCore
import HTTPTypes
import Scheduling
import Storage
import Webhooks

/// The app's delegate as webhooks (app key): settings, the outbox's messages and their attempts,
/// replay, and re-enabling an endpoint that answered 410.
enum WebhookRoutes {
    struct SettingsView: Codable, Sendable {
        var delegateURL: String?
        var willPresentTimeout: Double
        var serviceExtension: WebhookConfiguration.ServiceExtension?
        var contentExtensions: [WebhookConfiguration.ContentExtension]
        /// The signing secrets, write-only: each by its id and prefix, never the secret.
        var secrets: [SecretView]
        var events: [WebhookEventType]
        var retryDelays: [Double]
        /// Endpoints that are disabled (410 Gone, or failing too long); their messages wait until re-enabled.
        var disabledEndpoints: [String]
        /// Endpoints that are failing or disabled: since when, and why.
        var endpoints: [EndpointView]

        init(_ configuration: WebhookConfiguration, endpoints states: [EndpointState]) {
            delegateURL = configuration.delegateURL
            willPresentTimeout = configuration.willPresentTimeout
            serviceExtension = configuration.serviceExtension
            contentExtensions = configuration.contentExtensions
            secrets = configuration.secrets.map { text in
                SecretView(id: (try? WebhookSecret(text))?.id ?? "", prefix: WebhookSecret.shownPrefix(text))
            }
            events = configuration.events.sorted { $0.rawValue < $1.rawValue }
            retryDelays = configuration.retryDelays
            disabledEndpoints = states.filter { $0.disabledAt != nil }.map(\.url)
            endpoints = states.map {
                EndpointView(
                    url: $0.url, disabled: $0.disabledAt != nil, reason: $0.reason, failingSince: $0.failingSince, disabledAt: $0.disabledAt
                )
            }
        }
    }

    struct EndpointView: Codable, Sendable {
        var url: String
        var disabled: Bool
        var reason: EndpointState.Reason?
        var failingSince: Date?
        var disabledAt: Date?
    }

    struct SecretView: Codable, Sendable {
        var id: String
        var prefix: String
    }

    struct DeliveryView: Codable, Sendable {
        struct Attempt: Codable, Sendable {
            var number: Int
            var at: Date
            var statusCode: Int?
            var error: String?
            var durationMilliseconds: Int
            /// A relay's provider id for the message (`apns-id`, FCM's message name).
            var providerMessageID: String?
        }

        var id: String
        var type: WebhookEventType
        /// Where it goes: the app's webhook, a browser's push subscription, or a phone's registration.
        var destination: WebhookDeliveryRecord.Destination
        /// The subscription (`wps_…`) or registration (`dev_…`) it goes to; absent for a webhook.
        var recipientID: String?
        var url: String
        var status: WebhookDeliveryRecord.Status
        var attemptCount: Int
        var nextAttemptAt: Date?
        var createdAt: Date
        /// The message exactly as signed and sent.
        var payload: String
        var attempts: [Attempt]?

        init(_ record: WebhookDeliveryRecord, attempts: [DeliveryAttemptRecord]? = nil) {
            id = record.id
            type = record.type
            destination = record.destination
            recipientID = record.subscriptionID
            url = record.url
            status = record.status
            attemptCount = record.attempts
            nextAttemptAt = record.status == .pending ? record.nextAttempt : nil
            createdAt = record.createdAt
            payload = String(decoding: record.payload, as: UTF8.self)
            self.attempts = attempts?.map {
                Attempt(
                    number: $0.number, at: $0.at, statusCode: $0.statusCode, error: $0.error, durationMilliseconds: $0.durationMilliseconds,
                    providerMessageID: $0.providerMessageID)
            }
        }
    }

    struct DeliveryPage: Codable, Sendable {
        var deliveries: [DeliveryView]
        var nextCursor: String?
    }

    struct EndpointURL: Codable, Sendable { var url: String }

    static func register(on router: inout Router, _ provider: APIContextProvider) {
        router.on(.get, "/v1/webhooks") { request in
            let (context, appID) = try await AppRoutes.app(request, provider)
            return try .json(try await settings(context, appID: appID))
        }
        router.on(.put, "/v1/webhooks") { request in
            let (context, appID) = try await AppRoutes.app(request, provider)
            var configuration = try request.decodeJSON(WebhookConfiguration.self)
            let stored = try await context.webhooks.webhookConfiguration(appID: appID)
            try configuration.resolveSecrets(keeping: stored?.secrets ?? [])
            try configuration.validate()
            for (field, url) in configuration.urls { try await context.checkURL(url, field) }
            try await context.webhooks.setWebhookConfiguration(appID: appID, configuration)
            return try .json(try await settings(context, appID: appID, configuration))
        }
        router.on(.get, "/v1/webhooks/deliveries") { request in
            let (context, appID) = try await AppRoutes.app(request, provider)
            let page = try request.page()
            let filter = DeliveryFilter(
                status: try request.enumQuery("status", of: WebhookDeliveryRecord.Status.self),
                destination: try request.enumQuery("destination", of: WebhookDeliveryRecord.Destination.self))
            let result = try await context.webhooks.deliveries(appID: appID, filter: filter, after: page.cursor, limit: page.limit)
            return try .json(DeliveryPage(deliveries: result.items.map { DeliveryView($0) }, nextCursor: result.nextCursor))
        }
        router.on(.get, "/v1/webhooks/deliveries/{deliveryID}") { request in
            let (context, appID) = try await AppRoutes.app(request, provider)
            let id = request.parameter("deliveryID")
            guard let (delivery, attempts) = try await context.webhooks.delivery(appID: appID, id: id) else {
                throw deliveryNotFound(id)
            }
            return try .json(DeliveryView(delivery, attempts: attempts))
        }
        router.on(.post, "/v1/webhooks/deliveries/{deliveryID}/replay") { request in
            let (context, appID) = try await AppRoutes.app(request, provider)
            let id = request.parameter("deliveryID")
            guard try await context.webhooks.replayDelivery(appID: appID, id: id, now: context.clock.now),
                let (delivery, attempts) = try await context.webhooks.delivery(appID: appID, id: id)
            else {
                throw deliveryNotFound(id)
            }
            return try .json(DeliveryView(delivery, attempts: attempts), status: .accepted)
        }
        router.on(.post, "/v1/webhooks/endpoints/enable") { request in
            let (context, appID) = try await AppRoutes.app(request, provider)
            let body = try request.decodeJSON(EndpointURL.self)
            guard try await context.webhooks.enableEndpoint(appID: appID, url: body.url) else {
                throw APIProblem.notFound(.endpointNotDisabled, "'\(body.url)' is not a disabled endpoint of this app.")
            }
            return try .json(try await settings(context, appID: appID))
        }
    }

    /// The outbox lists every destination's messages, not only webhooks'.
    private static func deliveryNotFound(_ id: String) -> Problem {
        APIProblem.notFound(.deliveryNotFound, "No delivery '\(id)' (to a webhook, browser or phone) exists for this app.")
    }

    /// The settings as the API shows them (the stored ones unless given), with the disabled endpoints.
    private static func settings(
        _ context: APIContext, appID: String, _ configuration: WebhookConfiguration? = nil
    ) async throws -> SettingsView {
        var shown = configuration
        if shown == nil { shown = try await context.webhooks.webhookConfiguration(appID: appID) }
        return SettingsView(shown ?? WebhookConfiguration(), endpoints: try await context.webhooks.endpointStates(appID: appID))
    }
}
