import Foundation

/// When a failed delivery is tried again: the Standard Webhooks schedule (5 s, 5 min, 30 min, 2 h, 5 h,
/// 10 h, 14 h, 20 h, 24 h after each failure; configurable per app), each delay with ±`jitter` so that
/// many endpoints failing together do not retry together, and never sooner than a `Retry-After`.
package struct RetrySchedule: Sendable, Hashable, Codable {
    package static let standard: [Double] = [5, 300, 1_800, 7_200, 18_000, 36_000, 50_400, 72_000, 86_400]

    /// Seconds to wait after the 1st, 2nd… failed attempt; after the last, the delivery has failed.
    package var delays: [Double]
    /// The fraction a delay may be shortened or lengthened by, at random.
    package var jitter: Double

    package init(delays: [Double] = Self.standard, jitter: Double = 0.1) {
        self.delays = delays
        self.jitter = jitter
    }

    /// The time of the next attempt after `failedAttempts` attempts have failed, or nil when the schedule
    /// is exhausted. `random` draws from the range it is given (injected, so that tests are exact).
    package func nextAttempt(
        afterFailedAttempts failedAttempts: Int, now: Date, retryAfter: Double? = nil,
        random: (ClosedRange<Double>) -> Double = { Double.random(in: $0) }
    ) -> Date? {
        guard failedAttempts >= 1, failedAttempts <= delays.count else { return nil }
        let base = delays[failedAttempts - 1]
        let delay = base * random((1 - jitter)...(1 + jitter))
        return now.addingTimeInterval(max(delay, retryAfter ?? 0))
    }
}

/// What one attempt's outcome means for the delivery (Standard Webhooks and Svix semantics).
package enum DeliveryVerdict: Sendable, Hashable {
    /// 2xx: delivered.
    case delivered
    /// 410 Gone: the endpoint is disabled until the app re-enables it.
    case disableEndpoint
    /// The receiver answered `webhook-delivery: abort-message`: no more attempts.
    case abort
    /// The receiver refused the message for good (a push service's 400, 401, 403; a subscription that
    /// is gone): it failed, with no more attempts, and the endpoint is not failing.
    case reject
    /// Anything else (3xx included: redirects are not followed; timeouts; connection errors): try again,
    /// not before `retryAfter` seconds when the receiver said so (429, 503).
    case retry(retryAfter: Double?)
    /// The message outlived what its channel keeps it for: it is not sent late.
    case expire

    /// Classifies a response (nil status: no response — a timeout or a connection error).
    package static func classify(status: Int?, header: (String) -> String?) -> DeliveryVerdict {
        guard let status else { return .retry(retryAfter: nil) }
        if header("webhook-delivery")?.lowercased() == "abort-message" { return .abort }
        switch status {
        case 200..<300: return .delivered
        case 410: return .disableEndpoint
        case 429, 502, 503, 504: return .retry(retryAfter: header("retry-after").flatMap(retryAfterSeconds))
        default: return .retry(retryAfter: nil)
        }
    }

    /// `Retry-After` as seconds (the delay form; an HTTP date is honoured too).
    package static func retryAfterSeconds(_ value: String) -> Double? {
        let trimmed = value.trimmingCharacters(in: .whitespaces)
        if let seconds = Double(trimmed), seconds >= 0 { return min(seconds, 86_400) }
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
        guard let date = formatter.date(from: trimmed) else { return nil }
        return min(max(0, date.timeIntervalSinceNow), 86_400)
    }
}
