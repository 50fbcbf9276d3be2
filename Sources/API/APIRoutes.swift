import Foundation
import HTTPCore
import HTTPTypes

/// The v1 API: operator, app and user operations, with errors mapped to problems in `APIProblem`.
package enum APIRoutes {
    /// The OpenAPI document (`openapi.yaml` at the repository root), as shipped with the binary.
    package static let openAPIDocument: [UInt8] = {
        guard let url = Bundle.module.url(forResource: "openapi", withExtension: "yaml"), let data = try? Data(contentsOf: url) else {
            return []
        }
        return Array(data)
    }()

    package static func register(on router: inout Router, _ provider: APIContextProvider) {
        let document = Response(status: .ok, contentType: "application/yaml", bytes: openAPIDocument)
        router.on(.get, "/openapi.yaml") { _ in document }
        OperatorRoutes.register(on: &router, provider)
        AppRoutes.register(on: &router, provider)
        UserRoutes.register(on: &router, provider)
        EventStreamRoutes.register(on: &router, provider)
        WebhookRoutes.register(on: &router, provider)
        LocalizationRoutes.register(on: &router, provider)
        MediaRoutes.register(on: &router, provider)
        PushRoutes.register(on: &router, provider)
        WebPushRoutes.register(on: &router, provider)
        RelayRoutes.register(on: &router, provider)
        ReceiptRoutes.register(on: &router, provider)
        BroadcastRoutes.register(on: &router, provider)
    }

    /// The error mapper for the router: domain errors to problems.
    package static let errorMapper: @Sendable (any Error) -> Problem? = APIProblem.map
}
