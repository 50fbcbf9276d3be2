import Foundation
import Webhooks

/// When a message whose attempt failed goes again: each channel's own rule (`DeliveryChannel.retryPolicy`).
package enum RetryPolicy: Sendable, Hashable {
    /// The app's webhook schedule (Standard Webhooks): its delays, then the message has failed.
    case schedule(RetrySchedule)
    /// Delays doubling from `initial` up to `cap`, each with ±10 % jitter, for as long as the message lives:
    /// one that would go again at or after `expires` has expired. A push service or a provider keeps a
    /// message no longer, and a notification shown later than that is one the user no longer expects.
    case backoff(initial: TimeInterval, cap: TimeInterval, expires: Date)

    /// A push's or a relay's: from 5 s, doubling to an hour, until `expires`.
    package static func backoff(until expires: Date) -> RetryPolicy { .backoff(initial: 5, cap: 3600, expires: expires) }

    /// When the message expires (nil: it does not; its schedule ends instead).
    package var expires: Date? {
        if case .backoff(_, _, let expires) = self { expires } else { nil }
    }

    /// The next attempt after `failures` failed attempts (the last at `now` on the schedule's clock), never
    /// before `retryAfter` seconds; nil when there is none. A backoff's also comes after as many seconds of
    /// real time (`onWallClock`, from `wallNow`: a push service or provider counts real time, whatever
    /// the schedule's clock says); nil `wallNow` when the schedule's clock is real time. `random` draws the
    /// jitter (injected: tests are exact).
    package func nextAttempt(
        afterFailures failures: Int, now: Date, wallNow: Date?, retryAfter: Double?, random: (ClosedRange<Double>) -> Double
    ) -> (date: Date, onWallClock: Date?)? {
        switch self {
        case .schedule(let schedule):
            return schedule.nextAttempt(afterFailedAttempts: failures, now: now, retryAfter: retryAfter, random: random).map { ($0, nil) }
        case .backoff(let initial, let cap, let expires):
            let doublings = Double(min(max(0, failures - 1), 32))
            let delay = max(min(cap, initial * pow(2, doublings)) * random(0.9...1.1), retryAfter ?? 0)
            let next = now.addingTimeInterval(delay)
            return next < expires ? (next, wallNow?.addingTimeInterval(delay)) : nil
        }
    }
}
