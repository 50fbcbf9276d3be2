import Synchronization
import Webhooks

/// The URLs that passed the SSRF guard's rules (`OutboundURLPolicy.check`: scheme, credentials, host,
/// an address literal's range), with what the check found, so that a URL posted to again and again is
/// parsed once: its parse was ~2 % of a webhook attempt's CPU. The rules depend only on the URL and the
/// policy, which a client keeps for its life; the host's addresses are still checked on every call
/// (`HostResolver` keeps those for seconds). Bounded: emptied when full.
final class CheckedURLs: Sendable {
    private let targets = Mutex<[String: OutboundURLPolicy.Target]>([:])
    private let policy: OutboundURLPolicy
    private let capacity: Int

    init(policy: OutboundURLPolicy, capacity: Int = 4096) {
        self.policy = policy
        self.capacity = capacity
    }

    /// `url` checked by the rules: as found before, or now.
    func target(_ url: String, field: String) throws(WebhookConfigurationError) -> OutboundURLPolicy.Target {
        if let kept = targets.withLock({ $0[url] }) { return kept }
        let target = try policy.check(url, field: field)
        targets.withLock { targets in
            if targets.count >= capacity { targets.removeAll(keepingCapacity: true) }
            targets[url] = target
        }
        return target
    }
}
