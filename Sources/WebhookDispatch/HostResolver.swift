import NIOPosix
import Webhooks

#if canImport(Glibc)
    import Glibc
#endif

/// Resolves a host name to its addresses (getaddrinfo, on NIO's blocking-I/O thread pool), so that the
/// SSRF guard can check every one of them before a call.
package enum HostResolver {
    package static func addresses(of host: String) async throws -> [IPAddress] {
        if let literal = IPAddress(host) { return [literal] }
        return try await NIOThreadPool.singleton.runIfActive { resolve(host) }
    }

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
    /// Checks a URL by the rules, then every address its host resolves to now (webhook and attachment URLs).
    package func checkResolving(_ url: String, field: String) async throws(WebhookConfigurationError) {
        let target = try check(url, field: field)
        guard target.literal == nil else { return }
        let addresses = (try? await HostResolver.addresses(of: target.host)) ?? []
        try check(addresses, host: target.host, field: field)
    }
}
