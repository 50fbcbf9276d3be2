import Crypto
import Foundation

/// Seals the secrets the store keeps — webhook signing secrets, relay keys, VAPID private keys, token
/// keys, idempotent replies that carry a minted credential — with the deployment's keys (AES-256-GCM), so
/// that a copy of the database alone reveals none of them.
///
/// A sealed value is `UNS1` (4 bytes), the key's id (8 bytes: the start of SHA-256 of the key) and
/// AES-GCM's nonce, ciphertext and tag. Each is bound to where it is stored (`context`, e.g. the app whose
/// webhook settings it holds), so a sealed value copied into another row does not open. The first key
/// seals; the others only open (a rotation's old keys, until the store is sealed anew with the first).
/// Without keys, values are stored as they are (and a sealed one cannot be opened).
package struct SecretBox: Sendable {
    package struct Key: Sendable {
        /// The id a sealed value names its key by: 16 hex digits.
        package let id: String
        let key: SymmetricKey
        let idBytes: [UInt8]

        package init(_ key: SymmetricKey) {
            self.key = key
            idBytes = Array(key.withUnsafeBytes { SHA256.hash(data: $0) }.prefix(8))
            id = idBytes.map { String(format: "%02x", $0) }.joined()
        }
    }

    package enum Failure: Error, Equatable, CustomStringConvertible {
        /// The value was sealed with a key this box does not have.
        case unknownKey(String)
        /// The value was changed, or belongs to another row.
        case tampered(context: String)

        package var description: String {
            switch self {
            case .unknownKey(let id):
                "a secret in the database is sealed with key \(id), which the secrets key file does not hold (give --secrets-key-file the key, or the old key on a later line)"
            case .tampered(let context): "the sealed secret of \(context) does not open: it was changed or copied from elsewhere"
            }
        }
    }

    /// Keys by id; `primary` seals.
    package let keys: [String: Key]
    package let primary: Key?

    static let magic: [UInt8] = Array("UNS1".utf8)
    /// What comes before the AES-GCM box: the magic and the key's id.
    static let headerCount = 12

    /// A box with `keys`, the first sealing; none: values are kept as they are.
    package init(keys: [SymmetricKey] = []) {
        let made = keys.map(Key.init)
        primary = made.first
        self.keys = Dictionary(made.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// Whether `stored` is a sealed value (else it was stored as it is).
    package static func isSealed(_ stored: some Collection<UInt8>) -> Bool {
        stored.count > headerCount + 28 && stored.prefix(magic.count).elementsEqual(magic)
    }

    /// The id of the key that sealed `stored`, or nil when it is not sealed.
    package static func keyID(of stored: some Collection<UInt8>) -> String? {
        guard isSealed(stored) else { return nil }
        return stored.dropFirst(magic.count).prefix(8).map { String(format: "%02x", $0) }.joined()
    }

    /// The first bytes of every value the primary key seals (nil without keys): what a store compares a
    /// stored value's start with to find what needs sealing anew.
    package var primaryHeader: Data? { primary.map { Data(Self.magic + $0.idBytes) } }

    /// `plaintext` sealed with the primary key for `context`, or as it is when there are no keys.
    package func seal(_ plaintext: Data, context: String) throws -> Data {
        guard let primary else { return plaintext }
        let box = try AES.GCM.seal(plaintext, using: primary.key, authenticating: Data(context.utf8))
        guard let combined = box.combined else { throw Failure.tampered(context: context) }
        return Data(Self.magic + primary.idBytes) + combined
    }

    /// What `stored` holds: opened if sealed, else as it is.
    package func open(_ stored: Data, context: String) throws -> Data {
        guard let id = Self.keyID(of: stored) else { return stored }
        guard let key = keys[id] else { throw Failure.unknownKey(id) }
        do {
            let box = try AES.GCM.SealedBox(combined: stored.dropFirst(Self.headerCount))
            return try AES.GCM.open(box, using: key.key, authenticating: Data(context.utf8))
        } catch {
            throw Failure.tampered(context: context)
        }
    }

    /// `stored` sealed with the primary key, opened first if another key sealed it; nil when it is sealed
    /// with the primary already, or there is no key to seal with.
    package func resealed(_ stored: Data, context: String) throws -> Data? {
        guard let primary, Self.keyID(of: stored) != primary.id else { return nil }
        return try seal(try open(stored, context: context), context: context)
    }
}

extension SecretBox {
    /// The keys of a secrets key file: one key a line as base64 of 32 random bytes (`openssl rand -base64
    /// 32`), the first sealing and the others only opening; blank lines and `#` comments are skipped.
    package init(keyFile contents: String) throws(KeyFileError) {
        var keys: [SymmetricKey] = []
        for (index, line) in contents.split(whereSeparator: \.isNewline).enumerated() {
            let text = line.trimmingCharacters(in: .whitespaces)
            guard !text.isEmpty, !text.hasPrefix("#") else { continue }
            guard let bytes = Data(base64Encoded: text), bytes.count == 32 else { throw KeyFileError(line: index + 1) }
            keys.append(SymmetricKey(data: bytes))
        }
        guard !keys.isEmpty else { throw KeyFileError(line: nil) }
        self.init(keys: keys)
    }

    /// A new key file's text: one fresh key.
    package static func newKeyFile() -> String {
        "# usernotifyd secrets key: keep it apart from the database's backups. A rotation puts a new key on the\n"
            + "# first line and keeps the old one below it until the server has started once with both.\n"
            + SymmetricKey(size: .bits256).withUnsafeBytes { Data($0).base64EncodedString() } + "\n"
    }

    package struct KeyFileError: Error, Equatable, CustomStringConvertible {
        /// The line that is not a key, or nil when the file holds none.
        package let line: Int?

        package var description: String {
            if let line { return "line \(line) is not a key (base64 of 32 bytes, as `openssl rand -base64 32` prints)" }
            return "the file holds no key (base64 of 32 bytes, as `openssl rand -base64 32` prints)"
        }
    }
}

/// Where a store keeps sealed values: the table, the columns that name a row, the sealed column, and what
/// a row's value is bound to (its `context`). Both stores seal and open these, and seal them anew on start.
package struct SealedColumn: Sendable {
    package let table: String
    package let keys: [String]
    package let column: String
    package let context: @Sendable ([String]) -> String

    package static let webhookSecrets = SealedColumn(table: "webhook_configurations", keys: ["app_id"], column: "secrets") {
        "webhook-secrets:\($0[0])"
    }
    package static let relayCredential = SealedColumn(table: "relay_credentials", keys: ["app_id", "provider"], column: "material") {
        "relay-credential:\($0[0]):\($0[1])"
    }
    package static let vapidKey = SealedColumn(table: "vapid_keys", keys: ["id"], column: "private_key") { "vapid-key:\($0[0])" }
    package static let tokenKey = SealedColumn(table: "token_keys", keys: ["app_id"], column: "secret") { "token-key:\($0[0])" }
    /// A replayed answer may carry what the call minted (an app key, a center token).
    package static let idempotentBody = SealedColumn(table: "idempotency_keys", keys: ["scope", "key"], column: "body") {
        "idempotent-answer:\($0[0]):\($0[1])"
    }

    package static let all = [webhookSecrets, relayCredential, vapidKey, tokenKey, idempotentBody]
}

/// A record with one value sealed at rest: its column, and the values of the column's keys the sealed
/// value is bound to.
package protocol SealedRecord {
    static var sealedColumn: SealedColumn { get }
    static var sealedValue: WritableKeyPath<Self, Data> { get }
    var sealedKeys: [String] { get }
}

extension SealedRecord {
    /// The value as the store keeps it: sealed for this record.
    package func sealed(_ box: SecretBox) throws -> Data {
        try box.seal(self[keyPath: Self.sealedValue], context: Self.sealedColumn.context(sealedKeys))
    }

    /// The record as read, with its value opened.
    package func opened(_ box: SecretBox) throws -> Self {
        var opened = self
        opened[keyPath: Self.sealedValue] = try box.open(self[keyPath: Self.sealedValue], context: Self.sealedColumn.context(sealedKeys))
        return opened
    }
}

extension RelayCredentialRecord: SealedRecord {
    package static var sealedColumn: SealedColumn { .relayCredential }
    package static var sealedValue: WritableKeyPath<Self, Data> { \.material }
    package var sealedKeys: [String] { [appID, provider.rawValue] }
}

extension VAPIDKeyRecord: SealedRecord {
    package static var sealedColumn: SealedColumn { .vapidKey }
    package static var sealedValue: WritableKeyPath<Self, Data> { \.privateKey }
    package var sealedKeys: [String] { [id] }
}

extension TokenKeyRecord: SealedRecord {
    package static var sealedColumn: SealedColumn { .tokenKey }
    package static var sealedValue: WritableKeyPath<Self, Data> { \.secret }
    package var sealedKeys: [String] { [appID] }
}
