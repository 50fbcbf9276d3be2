import Foundation
import HTTPCore
import HTTPTypes
import NotificationCore
import NotificationService
import Storage
import WebPushService

/// Receipts: what became of a notification on its center and on each browser and phone (the app reads a
/// center's, the user their own), and the devices' confirmations that they showed it — made with the
/// token of the push, no other credential.
enum ReceiptRoutes {
    struct ReceiptsView: Codable, Sendable {
        var identifier: String
        /// Newest first: an update of the identifier is another delivery.
        var deliveries: [DeliveryView]
    }

    struct DeliveryView: Codable, Sendable {
        var deliveredAt: Date
        var scheduledAt: Date?
        var decision: ReceiptEvent.Decision?
        var reasons: [String]
        var response: ReceiptEvent.Stage?
        var action: String?
        var respondedAt: Date?
        var removedAt: Date?
        var replacedAt: Date?
        /// How many of its devices are at each stage.
        var counts: [String: Int]
        var devices: [DeviceView]
        var timeline: [StepView]

        init(_ delivery: ReceiptSummary.Delivery) {
            deliveredAt = delivery.deliveredAt
            scheduledAt = delivery.scheduledAt
            decision = delivery.decision
            reasons = delivery.reasons
            response = delivery.response
            action = delivery.action
            respondedAt = delivery.respondedAt
            removedAt = delivery.removedAt
            replacedAt = delivery.replacedAt
            counts = Dictionary(uniqueKeysWithValues: delivery.counts.map { ($0.key.rawValue, $0.value) })
            devices = delivery.devices.map(DeviceView.init)
            timeline = delivery.timeline.map(StepView.init)
        }
    }

    struct DeviceView: Codable, Sendable {
        var id: String
        var kind: WebhookDeliveryRecord.Destination?
        var stage: ReceiptEvent.Stage
        var sentAt: Date?
        var providerMessageID: String?
        var failedAt: Date?
        var error: String?
        var displayedAt: Date?
        var respondedAt: Date?
        var confirmation: ReceiptSummary.Confirmation?

        init(_ device: ReceiptSummary.Device) {
            id = device.id
            kind = device.channel
            stage = device.stage
            sentAt = device.sentAt
            providerMessageID = device.providerMessageID
            failedAt = device.failedAt
            error = device.error
            displayedAt = device.displayedAt
            respondedAt = device.respondedAt
            confirmation = device.confirmation
        }
    }

    struct StepView: Codable, Sendable {
        var stage: ReceiptEvent.Stage
        var at: Date
        var device: String?
        var kind: WebhookDeliveryRecord.Destination?
        var detail: String?

        init(_ step: ReceiptEvent) {
            stage = step.stage
            at = step.at
            device = step.destination
            kind = step.channel
            detail = step.detail
        }
    }

    struct DisplayConfirmation: Codable, Sendable {
        var token: String
    }

    static func register(on router: inout Router, _ provider: APIContextProvider) {
        router.on(.get, "/v1/centers/{centerID}/delivered/{identifier}/receipts") { request in
            let (context, center) = try await AppRoutes.center(request, provider)
            return try .json(view(try await context.service.receipts(center.key, identifier: request.parameter("identifier"))))
        }
        router.on(.get, "/v1/me/delivered/{identifier}/receipts") { request in
            let context = try provider.context()
            let key = try await context.authenticator.requireUser(request)
            return try .json(view(try await context.service.receipts(key, identifier: request.parameter("identifier"))))
        }
        // A service worker's or a phone app's confirmation that it showed the push: the token is the credential.
        router.on(.post, "/v1/displays") { request in
            let context = try provider.context()
            try await context.webPush.confirmDisplay(token: try request.decodeJSON(DisplayConfirmation.self).token)
            return Response(status: .noContent)
        }
    }

    private static func view(_ summary: ReceiptSummary) -> ReceiptsView {
        ReceiptsView(identifier: summary.identifier, deliveries: summary.deliveries.map(DeliveryView.init))
    }
}
