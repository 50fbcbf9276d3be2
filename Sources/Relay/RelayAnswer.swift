import Foundation

/// What APNs or FCM said of one message, and what the relay does about it.
package enum RelayAnswer: Sendable, Equatable {
    /// Accepted: `messageID` is the service's id for it (`apns-id`; FCM's message `name`).
    case sent(messageID: String?)
    /// The token no longer reaches the app (uninstalled, token rotated, another app's): the registration
    /// goes and the app is told.
    case unregistered(reason: String)
    /// The provider token or access token expired: renewed, the message goes again once.
    case expiredToken
    /// Busy or broken for now (429, 5xx): again later, not before `retryAfter` seconds.
    case retry(reason: String, retryAfter: Int?)
    /// Refused for good (a bad payload, a credential the service does not accept): no retry.
    case rejected(reason: String)

    /// APNs' answer: `reason` from the JSON body of an error (Apple's table of status codes and reasons).
    package static func apns(status: Int, header: (String) -> String?, body: [UInt8]) -> RelayAnswer {
        // Accepted has no body to read: a decoder made and failing on every accepted message was ~0.6 % of a relay's CPU.
        if status == 200 { return .sent(messageID: header("apns-id")) }
        struct Failure: Decodable { var reason: String? }
        let reason = (try? JSONDecoder().decode(Failure.self, from: Data(body)))?.reason ?? "HTTP \(status)"
        switch (status, reason) {
        case (410, _), (400, "BadDeviceToken"), (400, "DeviceTokenNotForTopic"): return .unregistered(reason: reason)
        case (403, "ExpiredProviderToken"): return .expiredToken
        case (429, _), (500...599, _): return .retry(reason: reason, retryAfter: header("retry-after").flatMap(seconds))
        default: return .rejected(reason: "\(status) \(reason)")
        }
    }

    /// FCM HTTP v1's answer: the `FcmError` code in `error.details`, else `error.status`.
    package static func fcm(status: Int, header: (String) -> String?, body: [UInt8]) -> RelayAnswer {
        struct Answer: Decodable {
            struct Failure: Decodable {
                struct Detail: Decodable { var errorCode: String? }
                var status: String?
                var message: String?
                var details: [Detail]?
            }
            var name: String?
            var error: Failure?
        }
        let answer = try? JSONDecoder().decode(Answer.self, from: Data(body))
        let code = answer?.error?.details?.compactMap(\.errorCode).first ?? answer?.error?.status ?? "HTTP \(status)"
        switch (status, code) {
        case (200, _): return .sent(messageID: answer?.name)
        case (404, _), (_, "UNREGISTERED"), (403, "SENDER_ID_MISMATCH"): return .unregistered(reason: code)
        case (401, _): return .expiredToken
        case (429, _), (500...599, _): return .retry(reason: code, retryAfter: header("retry-after").flatMap(seconds))
        default: return .rejected(reason: "\(status) \(code)" + (answer?.error?.message.map { ": \($0)" } ?? ""))
        }
    }

    /// The label `usernotifyd_relay_attempts_total` counts it under.
    package var outcome: String {
        switch self {
        case .sent: "sent"
        case .unregistered: "unregistered"
        case .expiredToken: "token_expired"
        case .retry: "retried"
        case .rejected: "rejected"
        }
    }

    private static func seconds(_ text: String) -> Int? {
        Int(text.trimmingCharacters(in: .whitespaces)).map { max(0, $0) }
    }
}
