import Foundation

/// `Prefer: wait=N` (RFC 7240), capped at `maximum` seconds.
struct PreferWait: Sendable {
    static let maximum = 60

    let seconds: Int

    init?(_ header: String?) {
        guard let header else { return nil }
        for preference in header.split(separator: ",") {
            let parts = preference.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            if parts.count == 2, parts[0].lowercased() == "wait", let value = Int(parts[1]), value >= 0 {
                seconds = min(value, Self.maximum)
                return
            }
        }
        return nil
    }
}
