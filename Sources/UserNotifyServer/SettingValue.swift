import Foundation

/// Typed values from the text of a flag or a variable, refused with a message that names the setting and
/// what it takes. (swift-configuration's typed reads fall back to the default on a value they cannot
/// convert; a mistyped port must stop the start instead.)
enum SettingValue {
    static func boolean(_ value: String, _ name: String) throws(ConfigurationError) -> Bool {
        switch value.lowercased() {
        case "1", "true", "yes", "on": return true
        case "0", "false", "no", "off", "": return false
        default: throw ConfigurationError("\(name) must be 1 or 0 (true or false); got '\(value)'")
        }
    }

    static func integer(_ value: String, _ name: String, in range: ClosedRange<Int>) throws(ConfigurationError) -> Int {
        guard let number = Int(value), range.contains(number) else {
            throw ConfigurationError("\(name) must be a whole number from \(range.lowerBound) to \(range.upperBound); got '\(value)'")
        }
        return number
    }

    /// Seconds from `90s`, `30m`, `12h` or `7d` (a whole number and its unit), at least a second.
    static func duration(_ value: String, _ name: String) throws(ConfigurationError) -> TimeInterval {
        let units: [Character: TimeInterval] = ["s": 1, "m": 60, "h": 3600, "d": 86_400]
        guard let unit = value.last.flatMap({ units[$0] }), let number = Int(value.dropLast()), number > 0, number <= 100_000 else {
            throw ConfigurationError("\(name) must be a duration such as 90s, 30m, 12h or 7d; got '\(value)'")
        }
        return TimeInterval(number) * unit
    }

    /// A duration as `duration` reads it: the largest unit that divides it.
    static func durationText(_ seconds: TimeInterval) -> String {
        let whole = Int(seconds)
        for (unit, size) in [("d", 86_400), ("h", 3600), ("m", 60)] where whole % size == 0 { return "\(whole / size)\(unit)" }
        return "\(whole)s"
    }

    /// An https origin (scheme, host, port; no path): what a provider's paths are put after.
    static func httpsOrigin(_ value: String, _ name: String) throws(ConfigurationError) -> String {
        guard let url = URL(string: value), url.scheme == "https", url.host != nil, url.path.isEmpty || url.path == "/", url.query == nil
        else {
            throw ConfigurationError("--\(name) must be an https origin such as https://api.example.net:8443 (no path); got '\(value)'")
        }
        return value.hasSuffix("/") ? String(value.dropLast()) : value
    }

    /// A comma-separated list, each entry trimmed, empty ones dropped.
    static func list(_ value: String) -> [String] {
        value.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }
}
