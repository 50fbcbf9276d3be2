// Written by hand (not generated): what a client of usernotifyd needs beyond the generated code.
import Foundation
import HTTPTypes
import OpenAPIRuntime

/// Sends `Authorization: Bearer <token>` with every request: the operator's admin token, an app key
/// (`unk_…`) or a center token (`unc_…`).
///
///     let app = Client(serverURL: url, configuration: .usernotifyd, transport: transport,
///                      middlewares: [BearerTokenMiddleware(token: "unk_…")])
public struct BearerTokenMiddleware: ClientMiddleware {
    public let token: String

    public init(token: String) {
        self.token = token
    }

    public func intercept(
        _ request: HTTPRequest, body: HTTPBody?, baseURL: URL, operationID: String,
        next: @Sendable (HTTPRequest, HTTPBody?, URL) async throws -> (HTTPResponse, HTTPBody?)
    ) async throws -> (HTTPResponse, HTTPBody?) {
        var request = request
        request.headerFields[.authorization] = "Bearer \(token)"
        return try await next(request, body, baseURL)
    }
}
