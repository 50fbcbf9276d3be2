import Foundation
import Synchronization

/// The secret last verified for each credential, so that a client sending the same token on every
/// request is not hashed (SHA-256) on every request.
///
/// An entry is a secret whose hash matched the credential's stored hash, and it counts only while the
/// credential still holds that hash: rotation, revocation and deletion replace or remove the stored
/// record, and with it what the entry is checked against. A presented secret is compared with the
/// entry in constant time; the store holds only secrets that were valid when presented.
final class VerifiedSecrets: Sendable {
    private struct Entry {
        var secret: [UInt8]
        var hash: Data
    }

    private static let capacity = 100_000
    private let entries = Mutex<[String: Entry]>([:])

    /// Whether `secret` is the one whose SHA-256 is `storedHash`, the stored hash of credential `id`.
    func matches(id: String, secret: String, storedHash: Data) -> Bool {
        let presented = Array(secret.utf8)
        if let entry = entries.withLock({ $0[id] }), entry.hash == storedHash {
            // The entry's secret is the one secret with this hash: anything else is wrong without hashing it.
            return Secrets.constantTimeEqual(entry.secret, presented)
        }
        guard Secrets.constantTimeEqual(Secrets.hash(secret), storedHash) else { return false }
        entries.withLock { entries in
            if entries.count >= Self.capacity { entries.removeAll(keepingCapacity: true) }
            entries[id] = Entry(secret: presented, hash: storedHash)
        }
        return true
    }
}
