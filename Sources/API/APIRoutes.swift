import HTTPCore

/// The v1 API: operator, app and user operations, with errors mapped to problems in `APIProblem`.
package enum APIRoutes {
    package static func register(on router: inout Router, _ provider: APIContextProvider) {
        OperatorRoutes.register(on: &router, provider)
        AppRoutes.register(on: &router, provider)
        UserRoutes.register(on: &router, provider)
        EventStreamRoutes.register(on: &router, provider)
    }

    /// The error mapper for the router: domain errors to problems.
    package static let errorMapper: @Sendable (any Error) -> Problem? = APIProblem.map
}
