import ErrorCodes
import Foundation

/// Which URLs usernotifyd may call (the SSRF guard): http or https only, a host, and — once resolved —
/// no loopback, private, link-local, multicast, unspecified or reserved address unless the operator
/// allowed its network. Redirects are never followed (the sender's business). Each refusal says which
/// rule refused the URL.
package struct OutboundURLPolicy: Sendable {
    /// Networks allowed although special (the operator's `--webhook-allow-networks`).
    package var allowedNetworks: [IPNetwork]

    /// Every address allowed: for the deployment's own URLs (the relays' providers), never an app's.
    package static let anyAddress = OutboundURLPolicy(allowedNetworks: [IPNetwork("0.0.0.0/0")!, IPNetwork("::/0")!])

    /// Whether every IPv4 and IPv6 address is allowed: no SSRF guard, only the URL's form and its host's
    /// resolving are checked.
    package var allowsEveryAddress: Bool {
        allowedNetworks.contains { $0.prefixLength == 0 && $0.address.isIPv4 }
            && allowedNetworks.contains { $0.prefixLength == 0 && !$0.address.isIPv4 }
    }

    package init(allowedNetworks: [IPNetwork] = []) {
        self.allowedNetworks = allowedNetworks
    }

    /// A URL usernotifyd may try to call: its scheme, host and port.
    package struct Target: Sendable, Hashable {
        package var url: URL
        package var host: String
        /// The host as an address literal, if it is one (no DNS needed).
        package var literal: IPAddress?
    }

    /// Checks what can be checked without DNS.
    package func check(_ text: String, field: String) throws(WebhookConfigurationError) -> Target {
        guard let components = URLComponents(string: text), let url = components.url else {
            throw WebhookConfigurationError(.invalidWebhookURL, "`\(field)` is not a URL: '\(text)'.")
        }
        guard let scheme = components.scheme?.lowercased(), scheme == "http" || scheme == "https" else {
            throw WebhookConfigurationError(
                .invalidWebhookURL, "`\(field)` must be an http or https URL (rule: scheme); got '\(components.scheme ?? "")'.")
        }
        guard components.user == nil, components.password == nil else {
            throw WebhookConfigurationError(.invalidWebhookURL, "`\(field)` must not carry a user or password (rule: credentials).")
        }
        guard let host = components.host, !host.isEmpty else {
            throw WebhookConfigurationError(.invalidWebhookURL, "`\(field)` has no host (rule: host).")
        }
        let target = Target(url: url, host: host, literal: IPAddress(host))
        if let literal = target.literal { try check([literal], host: host, field: field) }
        return target
    }

    /// Whether the operator allowed the address's network (the address itself, or the IPv4 address it carries).
    private func isAllowed(_ address: IPAddress, _ verdict: IPAddress.Classification) -> Bool {
        allowedNetworks.contains { $0.contains(address) || verdict.inner.map($0.contains) == true }
    }

    /// Checks the addresses a host resolved to: every one must be allowed (a host that resolves to a
    /// public and a private address could be steered to the private one).
    package func check(_ addresses: [IPAddress], host: String, field: String) throws(WebhookConfigurationError) {
        guard !addresses.isEmpty else {
            throw WebhookConfigurationError(.invalidWebhookURL, "`\(field)` host '\(host)' does not resolve (rule: resolvable).")
        }
        for address in addresses {
            guard let verdict = address.classification, !isAllowed(address, verdict) else { continue }
            let what =
                if let form = verdict.embedding, let inner = verdict.inner {
                    "\(address), which carries \(inner) (\(form.rawValue)), a \(verdict.range.rawValue) address"
                } else {
                    "\(address), a \(verdict.range.rawValue) address"
                }
            throw WebhookConfigurationError(
                .webhookURLRefused,
                "`\(field)` host '\(host)' is \(what) (rule: \(verdict.range.rawValue)); the operator can allow its network with --webhook-allow-networks."
            )
        }
    }
}
