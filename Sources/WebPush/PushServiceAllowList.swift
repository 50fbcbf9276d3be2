import Foundation

/// The push services a subscription's endpoint may name: the browser vendors' by default, and the
/// operator's additions. An endpoint outside it is refused before anything is stored, so that a
/// subscription cannot make the server call an arbitrary URL.
package struct PushServiceAllowList: Sendable, Equatable {
    /// Chrome and Edge (FCM's host alone: `*.googleapis.com` is every Google API, storage buckets included),
    /// Firefox (autopush), Safari (Apple), Edge on Windows (WNS). The wildcards are domains their vendors
    /// use for push alone.
    package static let browserVendors = [
        "fcm.googleapis.com", "*.push.services.mozilla.com", "web.push.apple.com", "*.push.apple.com", "*.notify.windows.com",
    ]

    /// Host patterns reached over https on port 443: `host` exactly, or `*.domain` for any host under it.
    package private(set) var hosts: [String]
    /// Exact origins the operator added (`http://127.0.0.1:8099`), any scheme: stand-ins, proxies.
    package private(set) var origins: [String]

    package struct Invalid: Error, Equatable {
        package let entry: String

        package init(entry: String) { self.entry = entry }
    }

    /// The vendors' hosts and the operator's `entries`: host patterns, or origins with a scheme.
    package init(adding entries: [String] = []) throws(Invalid) {
        hosts = Self.browserVendors
        origins = []
        for entry in entries.map({ $0.trimmingCharacters(in: .whitespaces).lowercased() }) where !entry.isEmpty {
            if entry.contains("://") {
                guard let url = URL(string: entry), let origin = VAPID.audience(of: url), origin == entry.trimmingTrailingSlash
                else { throw Invalid(entry: entry) }
                origins.append(origin)
            } else {
                let bare = entry.hasPrefix("*.") ? String(entry.dropFirst(2)) : entry
                guard !bare.isEmpty, bare.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "." || $0 == "-" }) else {
                    throw Invalid(entry: entry)
                }
                hosts.append(entry)
            }
        }
    }

    /// Whether a message may be sent to `endpoint`.
    package func allows(_ endpoint: URL) -> Bool {
        guard let origin = VAPID.audience(of: endpoint), endpoint.user == nil, endpoint.password == nil else { return false }
        if origins.contains(origin) { return true }
        guard endpoint.scheme?.lowercased() == "https", endpoint.port == nil || endpoint.port == 443, let host = endpoint.host?.lowercased()
        else { return false }
        return hosts.contains { pattern in
            pattern.hasPrefix("*.") ? host.hasSuffix(String(pattern.dropFirst(1))) : host == pattern
        }
    }
}

extension String {
    fileprivate var trimmingTrailingSlash: String { hasSuffix("/") ? String(dropLast()) : self }
}
