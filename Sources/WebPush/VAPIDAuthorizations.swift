import Foundation
import Synchronization

/// VAPID headers cached per push service and key, so that a signature is made once per push service
/// every few hours rather than once per message. A token is made to live `lifetime` and renewed once
/// less than `renewal` of it is left; the caller gives the time (tests give theirs).
package final class VAPIDAuthorizations: Sendable {
    private struct Entry {
        let header: String
        let expires: Date
    }

    private let subject: String
    private let lifetime: TimeInterval
    private let renewal: TimeInterval
    private let entries = Mutex<[String: Entry]>([:])

    package init(subject: String, lifetime: TimeInterval = 12 * 3600, renewal: TimeInterval = 3600) {
        precondition(lifetime <= VAPID.maxLifetime && renewal < lifetime)
        self.subject = subject
        self.lifetime = lifetime
        self.renewal = renewal
    }

    /// The `Authorization` value for a message to `audience` signed with `key`, at `now`.
    package func header(audience: String, key: VAPIDKey, now: Date) throws -> String {
        let name = key.id + " " + audience
        if let entry = entries.withLock({ $0[name] }), entry.expires.timeIntervalSince(now) > renewal { return entry.header }
        let expires = Date(timeIntervalSince1970: (now.timeIntervalSince1970 + lifetime).rounded(.down))
        let token = try VAPID.token(.init(aud: audience, exp: Int(expires.timeIntervalSince1970), sub: subject), key: key)
        let header = VAPID.authorization(token: token, key: key)
        entries.withLock { $0[name] = Entry(header: header, expires: expires) }
        return header
    }
}
