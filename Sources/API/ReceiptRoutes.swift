import Foundation
import HTTPCore
import HTTPTypes
import NotificationCore
import NotificationService
import Storage
import WebPushService

/// Receipts: what became of a notification on its center and on each browser and phone (the app reads a
/// center's, the user their own; `ReceiptSummary` is the answer), and the devices' confirmations that they
/// showed it — made with the token of the push, no other credential.
enum ReceiptRoutes {
    struct DisplayConfirmation: Codable, Sendable {
        var token: String
    }

    static func register(on router: inout Router, _ provider: APIContextProvider) {
        router.on(.get, "/v1/centers/{centerID}/delivered/{identifier}/receipts") { request in
            let (context, center) = try await AppRoutes.center(request, provider)
            return try .json(try await context.service.receipts(center.key, identifier: request.parameter("identifier")))
        }
        router.on(.get, "/v1/me/delivered/{identifier}/receipts") { request in
            let (context, key) = try await UserRoutes.user(request, provider)
            return try .json(try await context.service.receipts(key, identifier: request.parameter("identifier")))
        }
        // A service worker's or a phone app's confirmation that it showed the push: the token is the credential.
        router.on(.post, "/v1/displays") { request in
            let context = try provider.context()
            try await context.webPush.confirmDisplay(token: try request.decodeJSON(DisplayConfirmation.self).token)
            return Response(status: .noContent)
        }
    }
}
