import Clocks
import ErrorCodes
import Foundation
import HTTPCore
import HTTPTypes
import NotificationCore
import NotificationService
import Scheduling
import Storage

/// APNs-format pushes: `POST /3/device/<token>` with the APNs headers and payload, answered as APNs
/// answers (200 with `apns-id`; errors with its status and `reason`, here inside problem+json), and the
/// centers' push tokens for the app to read and rotate.
enum PushRoutes {
    struct PushToken: Codable, Sendable { var token: String }

    static func register(on router: inout Router, _ provider: APIContextProvider) {
        router.on(.get, "/v1/centers/{centerID}/push-token") { request in
            let (_, center) = try await AppRoutes.center(request, provider)
            return try .json(PushToken(token: center.pushToken))
        }
        router.on(.post, "/v1/centers/{centerID}/push-token/rotate") { request in
            let (context, center) = try await AppRoutes.center(request, provider)
            let token = try await context.service.rotatePushToken(center.key)
            return try .json(PushToken(token: token))
        }
        router.on(.post, "/3/device/{deviceToken}") { request in
            let (context, appID) = try await app(request, provider)
            let token = request.parameter("deviceToken")
            guard token.utf8.count == 64, token.allSatisfy(\.isHexDigit) else {
                throw APIProblem.apns(.badDeviceToken, "A device token is 64 hexadecimal digits; got \(token.utf8.count) characters.")
            }
            try refuseDuplicates(
                ["apns-id", "apns-collapse-id", "apns-expiration", "apns-priority", "apns-push-type", "apns-topic"], in: request)
            let (payload, apns) = try parse(request, appID: appID)
            let center: CenterRecord
            switch try await context.service.center(pushToken: token.lowercased()) {
            case .center(let found) where found.appID == appID:
                center = found
            case .retired(let owner, let at) where owner == appID:
                var problem = APIProblem.apns(
                    .unregistered, "The token is no longer active (rotated, or its center was deleted) since \(at).")
                problem.members.append(.init("timestamp", .integer(Int64((at.timeIntervalSince1970 * 1000).rounded()))))
                throw problem
            default:
                // Another app's token is as unknown as one never issued.
                throw APIProblem.apns(.badDeviceToken, "No center has this push token.")
            }
            do {
                try payload.content.validate()
            } catch let error as NotificationError {
                throw APIProblem.apns(.badPayload, error.message)
            }
            try await context.service.push(
                apns.request(for: payload), apnsID: apns.id, background: payload.isBackground,
                keptUntil: apns.keptUntil(receivedAt: context.clock.now), to: center)
            return Response(status: .ok, headers: [.apnsID: apns.id])
        }
    }

    /// The app whose key is the provider token, with APNs' reasons when there is none or it is not one.
    static func app(_ request: Request, _ provider: APIContextProvider) async throws -> (APIContext, String) {
        let context = try provider.context()
        do {
            return (context, try await context.authenticator.requireApp(request))
        } catch let problem as Problem {
            let reason: ErrorCode = request.headers.first(.authorization) == nil ? .missingProviderToken : .invalidProviderToken
            throw APIProblem.apns(reason, problem.detail)
        }
    }

    /// Refuses a request that sends one of the APNs headers `names` more than once (`DuplicateHeaders`).
    static func refuseDuplicates(_ names: [String], in request: Request) throws {
        if let duplicate = names.first(where: { request.headers[values: HTTPField.Name($0)!].count > 1 }) {
            throw APIProblem.apns(.duplicateHeaders, "`\(duplicate)` was sent more than once.")
        }
    }

    private static func parse(_ request: Request, appID: String) throws -> (APNsPayload, APNsRequest) {
        do throws(APNsPayload.Failure) {
            let payload = try APNsPayload(json: request.body)
            let apns = try APNsRequest(
                header: { HTTPField.Name($0).flatMap { request.headers.first($0) } }, appID: appID, payload: payload,
                newID: { UUID().uuidString.lowercased() })
            return (payload, apns)
        } catch {
            throw APIProblem.apns(error.reason, error.message)
        }
    }
}
