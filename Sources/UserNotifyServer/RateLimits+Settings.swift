import API

extension RateLimits: ConfigurableComponent {
    package static let settings: [Setting<RateLimits>] = Kind.allCases.map { kind in
        let per =
            kind == .anonymous
            ? "per client address (an IPv6 address by its /64), and \(Int(RateLimits.anonymousPerKey)) times that per token key"
            : "per app key or center token"
        return Setting(
            "rate-limit-\(kind.rawValue)", help: "\(kind.summary) per second \(per), bursts of twice that, per replica (0: none)",
            default: { .value($0[kind].map { String(Int($0.perSecond)) } ?? "0") }
        ) { limits, value throws(ConfigurationError) in
            let rate = try SettingValue.integer(value, "rate-limit-\(kind.rawValue)", in: 0...10_000_000)
            limits[kind] = rate == 0 ? nil : RateLimit(perSecond: Double(rate))
        }
    }
}
