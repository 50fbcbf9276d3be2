import Crypto
import Foundation

/// RFC 8292: the `Authorization: vapid t=<JWT>, k=<public key>` header of a push request.
package enum VAPID {
    /// The longest a token may live (RFC 8292 §2: at most 24 hours).
    package static let maxLifetime: TimeInterval = 24 * 3600

    private struct Header: Encodable {
        let typ = "JWT"
        let alg = "ES256"
    }

    package struct Claims: Codable, Equatable, Sendable {
        /// The push service's origin: scheme, host and port of the endpoint.
        package let aud: String
        /// Seconds since 1970 when the token stops being valid.
        package let exp: Int
        /// Who to contact: a `mailto:` or `https:` URL.
        package let sub: String
    }

    /// A signed ES256 JWT for `claims`.
    package static func token(_ claims: Claims, key: VAPIDKey) throws -> String {
        try JWT.es256(header: Header(), claims: claims, key: key.privateKey)
    }

    /// The header's value for a token made with `key`.
    package static func authorization(token: String, key: VAPIDKey) -> String {
        "vapid t=\(token), k=\(key.publicKey)"
    }

    /// The audience of an endpoint: its origin (`https://fcm.googleapis.com`), with a port only when it is
    /// not the scheme's default.
    package static func audience(of endpoint: URL) -> String? {
        guard let scheme = endpoint.scheme?.lowercased(), let host = endpoint.host?.lowercased() else { return nil }
        let defaultPort = scheme == "https" ? 443 : 80
        let port = endpoint.port.map { $0 == defaultPort ? "" : ":\($0)" } ?? ""
        let bracketed = host.contains(":") && !host.hasPrefix("[") ? "[\(host)]" : host
        return "\(scheme)://\(bracketed)\(port)"
    }
}
