#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// An IPv4 or IPv6 address as bytes, with the special ranges an outbound URL must not reach by default.
package struct IPAddress: Sendable, Hashable, CustomStringConvertible {
    /// 4 bytes (IPv4) or 16 (IPv6), network order.
    package let bytes: [UInt8]

    package init?(bytes: [UInt8]) {
        guard bytes.count == 4 || bytes.count == 16 else { return nil }
        self.bytes = bytes
    }

    /// Parses a literal: `192.0.2.1`, `2001:db8::1`, with or without IPv6 brackets.
    package init?(_ text: String) {
        var literal = text
        if literal.hasPrefix("["), literal.hasSuffix("]") { literal = String(literal.dropFirst().dropLast()) }
        var v4 = in_addr()
        if inet_pton(AF_INET, literal, &v4) == 1 {
            bytes = withUnsafeBytes(of: &v4) { Array($0) }
            return
        }
        var v6 = in6_addr()
        if inet_pton(AF_INET6, literal, &v6) == 1 {
            bytes = withUnsafeBytes(of: &v6) { Array($0) }
            return
        }
        return nil
    }

    package var isIPv4: Bool { bytes.count == 4 }

    /// The IPv4 address inside an IPv4-mapped IPv6 address (`::ffff:a.b.c.d`), which reaches that host.
    package var unmapped: IPAddress {
        guard bytes.count == 16, bytes[0..<10].allSatisfy({ $0 == 0 }), bytes[10] == 0xff, bytes[11] == 0xff else { return self }
        return IPAddress(bytes: Array(bytes[12...]))!
    }

    package var description: String {
        var buffer = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN))
        var copy = bytes
        let family = isIPv4 ? AF_INET : AF_INET6
        guard inet_ntop(family, &copy, &buffer, socklen_t(buffer.count)) != nil else { return "?" }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// The special-purpose range this address is in, if any (RFC 6890 and friends).
    package var specialRange: SpecialRange? {
        let address = unmapped
        for (network, range) in Self.specialNetworks where network.contains(address) { return range }
        return nil
    }

    package enum SpecialRange: String, Sendable {
        case loopback, `private`, linkLocal = "link-local", multicast, unspecified, reserved
    }

    private static let specialNetworks: [(IPNetwork, SpecialRange)] = [(String, SpecialRange)]([
        ("0.0.0.0/8", .unspecified), ("127.0.0.0/8", .loopback), ("10.0.0.0/8", .private), ("172.16.0.0/12", .private),
        ("192.168.0.0/16", .private), ("100.64.0.0/10", .private), ("169.254.0.0/16", .linkLocal), ("224.0.0.0/4", .multicast),
        ("240.0.0.0/4", .reserved), ("::/128", .unspecified), ("::1/128", .loopback), ("fc00::/7", .private),
        ("fe80::/10", .linkLocal), ("ff00::/8", .multicast),
    ]).map { (IPNetwork($0.0)!, $0.1) }
}

/// An address range in CIDR notation: `10.0.0.0/8`, `fd00::/8`, or one address.
package struct IPNetwork: Sendable, Hashable, CustomStringConvertible {
    package let address: IPAddress
    package let prefixLength: Int

    package init?(_ text: String) {
        let parts = text.split(separator: "/", maxSplits: 1)
        guard let first = parts.first, let address = IPAddress(String(first)) else { return nil }
        let maximum = address.bytes.count * 8
        let length = parts.count == 2 ? Int(parts[1]) : maximum
        guard let length, (0...maximum).contains(length) else { return nil }
        self.address = address
        prefixLength = length
    }

    package func contains(_ other: IPAddress) -> Bool {
        guard other.bytes.count == address.bytes.count else { return false }
        var remaining = prefixLength
        for (a, b) in zip(address.bytes, other.bytes) where remaining > 0 {
            let bits = min(8, remaining)
            let mask = UInt8(truncatingIfNeeded: 0xff << (8 - bits))
            guard a & mask == b & mask else { return false }
            remaining -= bits
        }
        return true
    }

    package var description: String { "\(address)/\(prefixLength)" }
}
