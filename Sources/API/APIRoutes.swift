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
        let groups = [
            OperatorRoutes.register, AppRoutes.register, UserRoutes.register, EventStreamRoutes.register, WebhookRoutes.register,
            LocalizationRoutes.register, MediaRoutes.register, PushRoutes.register, WebPushRoutes.register, RelayRoutes.register,
            ReceiptRoutes.register, BroadcastRoutes.register, ChannelRoutes.register,
        ]
        for register in groups { register(&router, provider) }
    }

    /// The error mapper for the router: domain errors to problems.
    package static let errorMapper: @Sendable (any Error) -> Problem? = APIProblem.map
}
