import NIOPosix
import Synchronization
import Webhooks

#if canImport(Glibc)
    import Glibc
#endif

/// Resolves host names for the SSRF guard (getaddrinfo, on NIO's blocking-I/O thread pool), so that it
/// can check every address before a call, and keeps each answer for `lifetime`: a webhook endpoint
/// called thousands of times a second is looked up once in that time, not once per attempt (glibc
/// caches nothing: each lookup may be a DNS query, on a thread pool shared with file I/O).
///
/// `OutboundHTTPClient` connects only to the addresses checked, so a name that changes its addresses
/// between the check and the call (DNS rebinding) cannot lead a call elsewhere.
/// Only answers with addresses are kept: a name that did not resolve is looked up again on the next call.
package final class HostResolver: Sendable {
    package typealias Lookup = @Sendable (String) async throws -> [IPAddress]

    private struct Answer {
        var addresses: [IPAddress]
        var expires: ContinuousClock.Instant
    }

    private let answers = Mutex<[String: Answer]>([:])
    private let lifetime: Duration
    private let capacity: Int
    private let now: @Sendable () -> ContinuousClock.Instant
    private let lookup: Lookup

    /// `lookup` and `now` are getaddrinfo and the continuous clock unless a test gives its own.
    package init(
        lifetime: Duration = .seconds(10), capacity: Int = 4096,
        now: @escaping @Sendable () -> ContinuousClock.Instant = { ContinuousClock.now },
        lookup: @escaping Lookup = { host in try await NIOThreadPool.singleton.runIfActive { HostResolver.resolve(host) } }
    ) {
        self.lifetime = lifetime
        self.capacity = capacity
        self.now = now
        self.lookup = lookup
    }

    /// The host's addresses: an IP literal's own, else the answer kept from a lookup less than
    /// `lifetime` ago (unless `fresh`), else a new lookup's.
    package func addresses(of host: String, fresh: Bool = false) async throws -> [IPAddress] {
        if let literal = IPAddress(host) { return [literal] }
        if !fresh, let kept = answers.withLock({ $0[host] }), kept.expires > now() { return kept.addresses }
        let addresses = try await lookup(host)
        guard !addresses.isEmpty else { return [] }
        let at = now()
        answers.withLock { answers in
            if answers.count >= capacity, answers[host] == nil {
                // Full: the expired answers go, and all of them if none had.
                answers = answers.filter { $0.value.expires > at }
                if answers.count >= capacity { answers.removeAll(keepingCapacity: true) }
            }
            answers[host] = Answer(addresses: addresses, expires: at + lifetime)
        }
        return addresses
    }

    /// How many answers are kept now (for tests).
    package var keptCount: Int { answers.withLock { $0.count } }

    private static func resolve(_ host: String) -> [IPAddress] {
        var hints = addrinfo()
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        var list: UnsafeMutablePointer<addrinfo>?
        guard getaddrinfo(host, nil, &hints, &list) == 0, let first = list else { return [] }
        defer { freeaddrinfo(first) }
        var addresses: [IPAddress] = []
        var current: UnsafeMutablePointer<addrinfo>? = first
        while let entry = current {
            if let address = entry.pointee.ai_addr {
                switch Int32(address.pointee.sa_family) {
                case AF_INET:
                    address.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { v4 in
                        var raw = v4.pointee.sin_addr
                        if let ip = IPAddress(bytes: withUnsafeBytes(of: &raw) { Array($0) }) { addresses.append(ip) }
                    }
                case AF_INET6:
                    address.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { v6 in
                        var raw = v6.pointee.sin6_addr
                        if let ip = IPAddress(bytes: withUnsafeBytes(of: &raw) { Array($0) }) { addresses.append(ip) }
                    }
                default: break
                }
            }
            current = entry.pointee.ai_next
        }
        return Array(Set(addresses))
    }
}

extension OutboundURLPolicy {
    /// Checks a URL by the rules, then every address its host resolves to (webhook and attachment URLs):
    /// as `resolver` last found them, or looked up now when `fresh` (a URL an app sets).
    package func checkResolving(_ url: String, field: String, resolver: HostResolver, fresh: Bool = false)
        async throws(WebhookConfigurationError)
    {
        try await checkResolving(try check(url, field: field), field: field, resolver: resolver, fresh: fresh)
    }

    /// Checks the addresses of a URL that passed the rules (an address literal was checked with them).
    package func checkResolving(_ target: Target, field: String, resolver: HostResolver, fresh: Bool = false)
        async throws(WebhookConfigurationError)
    {
        _ = try await addresses(of: target, field: field, resolver: resolver, fresh: fresh)
    }

    /// The addresses a call to a URL that passed the rules may connect to, each one checked: its address
    /// literal, or every address its host resolves to (as `resolver` last found them, or now when `fresh`).
    package func addresses(of target: Target, field: String, resolver: HostResolver, fresh: Bool = false)
        async throws(WebhookConfigurationError) -> [IPAddress]
    {
        if let literal = target.literal { return [literal] }
        let addresses = (try? await resolver.addresses(of: target.host, fresh: fresh)) ?? []
        try check(addresses, host: target.host, field: field)
        return addresses
    }
}
