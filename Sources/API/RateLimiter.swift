import ErrorCodes
import Foundation
import HTTPCore
import HTTPTypes
import Synchronization

/// One limit: a token bucket that refills at `perSecond` and holds at most `burst` requests.
package struct RateLimit: Sendable, Hashable {
    package var perSecond: Double
    package var burst: Double

    package init(perSecond: Double, burst: Double? = nil) {
        self.perSecond = perSecond
        self.burst = burst ?? perSecond * 2
    }
}

/// The limits of each credential (app key or center token; the operator is not limited), per class of
/// request: adds and pushes (`send`), other writes, and reads; and of the requests that carry no valid
/// credential (`anonymous`: response tokens, attachment links, wrong credentials) per client network, and
/// `anonymousPerKey` times that per key a capability token names. nil: not limited.
package struct RateLimits: Sendable, Hashable {
    package enum Kind: String, Sendable, Hashable, CaseIterable {
        case send, write, read, anonymous

        /// What the class limits, for `--help`.
        package var summary: String {
            switch self {
            case .send: "adds and pushes"
            case .write: "other writes"
            case .read: "reads"
            case .anonymous: "requests without a valid credential"
            }
        }
    }

    package var send: RateLimit? = RateLimit(perSecond: 1000)
    package var write: RateLimit? = RateLimit(perSecond: 100)
    package var read: RateLimit? = RateLimit(perSecond: 200)
    package var anonymous: RateLimit? = RateLimit(perSecond: 20)
    /// How many clients' worth of anonymous requests one token key takes: the taps of many people on one
    /// app's notifications come through one key.
    package static let anonymousPerKey = 50.0

    /// The limit of one token key: `anonymousPerKey` clients' worth.
    var anonymousKey: RateLimit? {
        anonymous.map { RateLimit(perSecond: $0.perSecond * Self.anonymousPerKey, burst: $0.burst * Self.anonymousPerKey) }
    }

    package init() {}

    package subscript(kind: Kind) -> RateLimit? {
        get {
            switch kind {
            case .send: send
            case .write: write
            case .read: read
            case .anonymous: anonymous
            }
        }
        set {
            switch kind {
            case .send: send = newValue
            case .write: write = newValue
            case .read: read = newValue
            case .anonymous: anonymous = newValue
            }
        }
    }

    /// The class of a request to a route: adding a request or pushing is `send`, reading is `read`.
    static func kind(method: HTTPRequest.Method, template: String) -> Kind {
        switch method {
        case .get, .head: return .read
        case .post where template == "/v1/centers/{centerID}/requests" || template == "/3/device/{deviceToken}":
            return .send
        default: return .write
        }
    }
}

/// A token bucket, as a value: `take` at a time says whether a request may go and, if not, when.
package struct TokenBucket: Sendable, Hashable {
    package let limit: RateLimit
    package private(set) var tokens: Double
    package private(set) var updated: Double

    package init(limit: RateLimit, now: Double) {
        self.limit = limit
        tokens = limit.burst
        updated = now
    }

    /// Refills for the time since the last call, then takes one token if there is one.
    package mutating func take(now: Double) -> Bool {
        tokens = min(limit.burst, tokens + max(0, now - updated) * limit.perSecond)
        updated = max(updated, now)
        guard tokens >= 1 else { return false }
        tokens -= 1
        return true
    }

    /// Whole requests left now.
    package var remaining: Int { Int(tokens.rounded(.down)) }
    /// Seconds until one more request may go (0 when one may now).
    package var secondsUntilNext: Double { tokens >= 1 ? 0 : (1 - tokens) / limit.perSecond }
    /// Seconds until the bucket is full again.
    package var secondsUntilFull: Double { (limit.burst - tokens) / limit.perSecond }
}

/// The buckets of this process, per credential and class. Limits are per replica: with N replicas behind
/// a balancer a credential may make up to N times as many requests.
package final class RateLimiter: Sendable {
    private struct Key: Hashable {
        var scope: String
        var kind: RateLimits.Kind
    }

    package let limits: RateLimits
    private let now: @Sendable () -> Double
    private let buckets = Mutex<[Key: TokenBucket]>([:])
    /// Buckets kept at most; full ones are dropped first (they hold nothing a new one would not).
    private let capacity = 100_000

    package init(limits: RateLimits, now: @escaping @Sendable () -> Double = { Date().timeIntervalSince1970 }) {
        self.limits = limits
        self.now = now
    }

    /// Takes a request of `scope` (a principal) of this kind from its bucket: the headers to send either
    /// way, or a 429 problem that carries them and `Retry-After`.
    func admit(scope: String, kind: RateLimits.Kind) throws(Problem) -> HTTPFields {
        guard let limit = limits[kind] else { return [:] }
        return try admit(scope: scope, kind: kind, limit: limit, who: "This credential")
    }

    /// Takes a request without a valid credential from its client network's bucket and, for a capability
    /// token, from its key's.
    func admitAnonymous(network: String?, tokenKey: String?) throws(Problem) -> HTTPFields {
        var headers: HTTPFields = [:]
        if let limit = limits.anonymous {
            // In-process requests have no network: one bucket for all of them.
            headers = try admit(scope: "net:\(network ?? "-")", kind: .anonymous, limit: limit, who: "This client address")
        }
        if let tokenKey, let limit = limits.anonymousKey {
            _ = try admit(scope: "key:\(tokenKey)", kind: .anonymous, limit: limit, who: "The tokens of this key")
        }
        return headers
    }

    private func admit(scope: String, kind: RateLimits.Kind, limit: RateLimit, who: String) throws(Problem) -> HTTPFields {
        let now = now()
        let (allowed, bucket) = buckets.withLock { buckets in
            let key = Key(scope: scope, kind: kind)
            var bucket = buckets[key] ?? TokenBucket(limit: limit, now: now)
            let allowed = bucket.take(now: now)
            if buckets.count >= capacity, buckets[key] == nil {
                buckets = buckets.filter { $0.value.tokens + (now - $0.value.updated) * $0.value.limit.perSecond < $0.value.limit.burst }
            }
            buckets[key] = bucket
            return (allowed, bucket)
        }
        // draft-ietf-httpapi-ratelimit-headers: the policy (quota q over window w seconds) and what is left.
        let window = max(1, Int((limit.burst / limit.perSecond).rounded(.up)))
        var headers: HTTPFields = [
            .rateLimitPolicy: "\"\(kind.rawValue)\";q=\(Int(limit.burst));w=\(window)",
            .rateLimit: "\"\(kind.rawValue)\";r=\(bucket.remaining);t=\(Int(bucket.secondsUntilFull.rounded(.up)))",
        ]
        guard allowed else {
            let retryAfter = max(1, Int(bucket.secondsUntilNext.rounded(.up)))
            headers[.retryAfter] = String(retryAfter)
            throw Problem(
                status: .tooManyRequests, code: .rateLimited,
                detail:
                    "\(who) sent more \(kind.rawValue) requests than its limit (\(Self.describe(limit))); retry after \(retryAfter) s.",
                headers: headers)
        }
        return headers
    }

    private static func describe(_ limit: RateLimit) -> String {
        let rate = limit.perSecond.rounded() == limit.perSecond ? String(Int(limit.perSecond)) : String(limit.perSecond)
        return "\(rate)/s, bursts of \(Int(limit.burst))"
    }
}
