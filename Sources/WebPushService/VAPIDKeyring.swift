import Foundation
import Memberwise
import Storage
import Synchronization
import WebPush

/// The service's VAPID keys, as every replica shares them through the store: made at first start, the
/// primary for new subscriptions, the older ones kept for the subscriptions made with them (each
/// message is signed with its subscription's key), rotated by the operator.
@MemberwiseInit
package final class VAPIDKeyring: Sendable {
    private let store: any PushSubscriptionStore
    private let keys = Mutex<[String: VAPIDKey]>([:])
    private let primaryID = Mutex<String?>(nil)

    /// Makes a key pair if the store has none (replicas starting together keep the first written).
    package func open(at date: Date) async throws {
        let candidate = VAPIDKey()
        remember(
            try await store.installVAPIDKey(
                VAPIDKeyRecord(id: candidate.id, privateKey: Data(candidate.rawPrivateKey), isPrimary: true, createdAt: date),
                rotating: false))
    }

    /// The key new subscriptions are made with, read from the store (another replica may have rotated).
    package func primary() async throws -> VAPIDKey {
        let records = try await store.vapidKeys()
        remember(records)
        guard let id = primaryID.withLock({ $0 }), let key = keys.withLock({ $0[id] }) else {
            throw StoreError(.notFound, "no VAPID key: the service has not opened its keys yet")
        }
        return key
    }

    /// The primary key as this replica last read it, without a read (the store's when none was read yet):
    /// for what any kept key may sign, such as a response token, which names its key.
    package func current() async throws -> VAPIDKey {
        if let id = primaryID.withLock({ $0 }), let key = keys.withLock({ $0[id] }) { return key }
        return try await primary()
    }

    /// A key by id: from memory, else from the store (a key another replica made).
    package func key(id: String) async throws -> VAPIDKey? {
        if let key = keys.withLock({ $0[id] }) { return key }
        remember(try await store.vapidKeys())
        return keys.withLock { $0[id] }
    }

    /// A new primary key; the old ones stay for their subscriptions. Returns every key, the primary first.
    package func rotate(at date: Date) async throws -> [VAPIDKeyRecord] {
        let key = VAPIDKey()
        let records = try await store.installVAPIDKey(
            VAPIDKeyRecord(id: key.id, privateKey: Data(key.rawPrivateKey), isPrimary: true, createdAt: date), rotating: true)
        remember(records)
        return records
    }

    /// Every key, the primary first, as the store has them.
    package func all() async throws -> [(record: VAPIDKeyRecord, key: VAPIDKey)] {
        let records = try await store.vapidKeys()
        remember(records)
        return records.compactMap { record in keys.withLock { $0[record.id] }.map { (record, $0) } }
    }

    private func remember(_ records: [VAPIDKeyRecord]) {
        let known = keys.withLock { Set($0.keys) }
        let decoded = records.filter { !known.contains($0.id) }.compactMap { record in
            (try? VAPIDKey(rawPrivateKey: Array(record.privateKey))).map { (record.id, $0) }
        }
        keys.withLock { keys in for (id, key) in decoded { keys[id] = key } }
        if let primary = records.first(where: \.isPrimary) { primaryID.withLock { $0 = primary.id } }
    }
}
