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

    package var description: String {
        var buffer = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN))
        var copy = bytes
        let family = isIPv4 ? AF_INET : AF_INET6
        guard inet_ntop(family, &copy, &buffer, socklen_t(buffer.count)) != nil else { return "?" }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// The special-purpose range this address is in, if any: every entry of IANA's IPv4 and IPv6
    /// Special-Purpose Address Registries, multicast, and — for IPv6 — everything outside global unicast
    /// (2000::/3). An IPv4 address carried inside an IPv6 one (mapped, compatible, NAT64, 6to4, Teredo)
    /// is judged by that IPv4 address, since that is the host the packets reach.
    package var specialRange: SpecialRange? { classification?.range }

    /// Why the address is special, and the IPv4 address inside it when that is what was judged.
    package var classification: Classification? {
        if let (form, inner) = embedded {
            return inner.lazy.compactMap { address in
                address.ownRange.map { Classification(range: $0, embedding: form, inner: address) }
            }.first
        }
        return ownRange.map { Classification(range: $0, embedding: nil, inner: nil) }
    }

    package struct Classification: Sendable, Hashable {
        package var range: SpecialRange
        /// How an IPv4 address was carried, when the verdict is about that address.
        package var embedding: Embedding?
        package var inner: IPAddress?
    }

    package enum SpecialRange: String, Sendable {
        case loopback, `private`, linkLocal = "link-local", multicast, unspecified, reserved, documentation, benchmarking, broadcast
        case protocolAssignment = "protocol-assignment"
    }

    /// The ways an IPv6 address carries an IPv4 address.
    package enum Embedding: String, Sendable {
        case mapped = "IPv4-mapped"
        case compatible = "IPv4-compatible"
        case nat64 = "NAT64"
        case sixToFour = "6to4"
        case teredo = "Teredo"
    }

    /// The IPv4 addresses an IPv6 address carries, and how: Teredo carries two (server, and the client
    /// with its bits inverted), and both must be fine.
    private var embedded: (Embedding, [IPAddress])? {
        guard bytes.count == 16 else { return nil }
        func v4(_ range: Range<Int>, inverted: Bool = false) -> IPAddress {
            IPAddress(bytes: bytes[range].map { inverted ? ~$0 : $0 })!
        }
        if bytes[0..<10].allSatisfy({ $0 == 0 }), bytes[10] == 0xff, bytes[11] == 0xff { return (.mapped, [v4(12..<16)]) }
        // ::a.b.c.d, but not :: and ::1 (their own entries) — any ::/96 address beyond those.
        if bytes[0..<12].allSatisfy({ $0 == 0 }), bytes[12..<16].contains(where: { $0 != 0 }),
            !(bytes[12..<15].allSatisfy { $0 == 0 } && bytes[15] == 1)
        {
            return (.compatible, [v4(12..<16)])
        }
        if Self.nat64.contains(self) { return (.nat64, [v4(12..<16)]) }
        if Self.sixToFour.contains(self) { return (.sixToFour, [v4(2..<6)]) }
        if Self.teredo.contains(self) { return (.teredo, [v4(4..<8), v4(12..<16, inverted: true)]) }
        return nil
    }

    /// The address's own range, without looking inside.
    private var ownRange: SpecialRange? {
        for (network, range) in isIPv4 ? Self.specialIPv4 : Self.specialIPv6 where network.contains(self) { return range }
        if !isIPv4, !Self.globalUnicast.contains(self) { return .reserved }
        return nil
    }

    private static func table(_ entries: [(String, SpecialRange)]) -> [(IPNetwork, SpecialRange)] {
        entries.map { (IPNetwork($0.0)!, $0.1) }
    }

    private static let nat64 = IPNetwork("64:ff9b::/96")!
    private static let sixToFour = IPNetwork("2002::/16")!
    private static let teredo = IPNetwork("2001::/32")!
    private static let globalUnicast = IPNetwork("2000::/3")!

    /// IANA IPv4 Special-Purpose Address Registry, and multicast.
    private static let specialIPv4 = table([
        ("0.0.0.0/8", .unspecified), ("10.0.0.0/8", .private), ("100.64.0.0/10", .private), ("127.0.0.0/8", .loopback),
        ("169.254.0.0/16", .linkLocal), ("172.16.0.0/12", .private), ("192.0.0.0/24", .protocolAssignment),
        ("192.0.2.0/24", .documentation), ("192.31.196.0/24", .reserved), ("192.52.193.0/24", .reserved),
        ("192.88.99.0/24", .reserved), ("192.168.0.0/16", .private), ("192.175.48.0/24", .reserved),
        ("198.18.0.0/15", .benchmarking), ("198.51.100.0/24", .documentation), ("203.0.113.0/24", .documentation),
        ("224.0.0.0/4", .multicast), ("255.255.255.255/32", .broadcast), ("240.0.0.0/4", .reserved),
    ])

    /// IANA IPv6 Special-Purpose Address Registry (the carrying forms are looked into first), multicast,
    /// and the deprecated site-local range.
    private static let specialIPv6 = table([
        ("::/128", .unspecified), ("::1/128", .loopback), ("64:ff9b:1::/48", .private), ("100::/64", .reserved),
        ("100:0:0:1::/64", .reserved), ("2001::/23", .protocolAssignment), ("2001:db8::/32", .documentation),
        ("2620:4f:8000::/48", .reserved), ("3fff::/20", .documentation), ("5f00::/16", .reserved), ("fc00::/7", .private),
        ("fe80::/10", .linkLocal), ("fec0::/10", .linkLocal), ("ff00::/8", .multicast),
    ])
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
