#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A socket address to bind, resolved from a host name or literal.
struct BindAddress {
    var storage = sockaddr_storage()
    var isIPv6 = false

    /// Resolves `host` (a literal or a name) for a TCP listener on `port`.
    init(host: String, port: Int) throws(HTTPServerError) {
        guard (0...65535).contains(port) else { throw .invalidAddress("port \(port) is outside 0…65535") }
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        hints.ai_flags = AI_PASSIVE | AI_NUMERICSERV
        var result: UnsafeMutablePointer<addrinfo>?
        let status = getaddrinfo(host, String(port), &hints, &result)
        guard status == 0, let first = result else {
            throw .invalidAddress("cannot resolve host '\(host)': \(String(cString: gai_strerror(status)))")
        }
        defer { freeaddrinfo(result) }
        isIPv6 = first.pointee.ai_family == AF_INET6
        withUnsafeMutableBytes(of: &storage) { target in
            target.copyMemory(from: UnsafeRawBufferPointer(start: first.pointee.ai_addr, count: Int(first.pointee.ai_addrlen)))
        }
    }
}
