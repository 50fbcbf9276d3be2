import Crypto
import Foundation
import NotificationCore
import PostgresStorage
import SQLiteStorage
import Storage
import TestSupport
import Testing
import Webhooks

/// Secrets at rest on every store: webhook signing secrets, relay keys, VAPID private keys, token keys and
/// idempotent answers (which may carry a minted credential) are sealed with the deployment's key — what
/// the database keeps shows none of them — open with it, refuse to open without it, and are sealed anew
/// by a rotation or when keys are first configured.
@Suite struct SecretsAtRestContractTests {
    typealias SealingStore = ContractStore & SecretStore
    static let now = StoreContractTests.now

    /// Opens stores of one kind on one database with the keys given, and shows what the database keeps.
    struct Factory: Sendable, CustomTestStringConvertible {
        let name: String
        let run:
            @Sendable (
                _ body: (
                    _ open: @escaping @Sendable (SecretBox) async throws -> any SealingStore,
                    _ kept: @escaping @Sendable () async throws -> Data
                ) async throws -> Void
            ) async throws -> Void
        var testDescription: String { name }

        static let sqlite = Factory(name: "SQLite") { body in
            let directory = FileManager.default.temporaryDirectory.appendingPathComponent("sealed-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: directory) }
            let path = directory.appendingPathComponent("usernotifyd.sqlite").path
            // The file and its WAL, as a backup would copy them.
            try await body({ try SQLiteStore(path: path, secrets: $0) }) {
                try Data(contentsOf: URL(fileURLWithPath: path)) + ((try? Data(contentsOf: URL(fileURLWithPath: path + "-wal"))) ?? Data())
            }
        }

        static let postgres = Factory(name: "PostgreSQL") { body in
            try await StoreFactory.withPostgresDatabase("sealed") { url, open in
                // Every table that holds a secret, row by row as text (bytea as hex), as a dump shows them.
                let tables = ["webhook_configurations", "relay_credentials", "vapid_keys", "token_keys", "idempotency_keys"]
                try await body({ try await open($0) }) {
                    var text = ""
                    for table in tables { text += try await TestPostgres.query(url, "SELECT t::text FROM \(table) t").joined().joined() }
                    return Data(text.utf8)
                }
            }
        }

        static let all: [Factory] = TestPostgres.isAvailable ? [.sqlite, .postgres] : [.sqlite]
    }

    /// The secrets written, and what each looks like where a database could show it (its bytes, or their hex).
    struct Written {
        var webhookSecret = WebhookSecret.generate().text
        var relayMaterial = Data("{\"key\":\"-----BEGIN PRIVATE KEY-----relay-marker-\(UUID().uuidString)\"}".utf8)
        var vapidKey = Data((0..<32).map { _ in UInt8.random(in: 0...255) })
        var tokenSecret = Data((0..<32).map { _ in UInt8.random(in: 0...255) })
        var idempotentBody = Array("{\"key\":\"unk_minted_\(UUID().uuidString)\"}".utf8)

        var forms: [(String, Data)] {
            [
                ("webhook secret", Data(webhookSecret.utf8)), ("relay key", relayMaterial), ("VAPID key", vapidKey),
                ("token key", tokenSecret), ("idempotent answer", Data(idempotentBody)),
            ].flatMap { name, bytes in [(name, bytes), (name + " as hex", Data(bytes.map { String(format: "%02x", $0) }.joined().utf8))] }
        }

        func write(_ store: any SealingStore) async throws {
            try await store.insertApp(AppRecord(id: "a", name: "A", createdAt: SecretsAtRestContractTests.now))
            try await store.setWebhookConfiguration(
                appID: "a", WebhookConfiguration(delegateURL: "https://example.com/hook", secrets: [webhookSecret]))
            try await store.setRelayCredential(
                RelayCredentialRecord(
                    appID: "a", provider: .apns, id: "rcr_1", fingerprint: "sha256:1", material: relayMaterial,
                    createdAt: SecretsAtRestContractTests.now))
            _ = try await store.installVAPIDKey(
                VAPIDKeyRecord(id: "vapid_1", privateKey: vapidKey, isPrimary: true, createdAt: SecretsAtRestContractTests.now),
                rotating: false)
            _ = try await store.tokenKey(
                appID: "a",
                orInstall: TokenKeyRecord(appID: "a", id: "atk_1", secret: tokenSecret, createdAt: SecretsAtRestContractTests.now))
            _ = try await reserve(store)
            try await store.completeIdempotencyKey(
                scope: "app:a", key: "k1", response: IdempotentResponse(status: 201, headers: [], body: idempotentBody))
        }

        func reserve(_ store: any SealingStore) async throws -> IdempotencyReservation {
            let now = SecretsAtRestContractTests.now
            return try await store.reserveIdempotencyKey(
                scope: "app:a", key: "k1", fingerprint: [1], at: now, staleBefore: now.addingTimeInterval(-60),
                expiredBefore: now.addingTimeInterval(-86_400))
        }

        /// Reads every secret back and compares it with what was written.
        func expectReadable(_ store: any SealingStore) async throws {
            #expect(try await store.webhookConfiguration(appID: "a")?.secrets == [webhookSecret])
            #expect(try await store.relayCredential(appID: "a", provider: .apns)?.material == relayMaterial)
            #expect(try await store.vapidKeys().first?.privateKey == vapidKey)
            #expect(try await store.tokenKey(appID: "a")?.secret == tokenSecret)
            guard case .completed(_, let response) = try await reserve(store) else {
                Issue.record("the idempotent answer is gone")
                return
            }
            #expect(response.body == idempotentBody)
        }
    }

    static func expectNoneShown(_ kept: Data, _ written: Written, _ comment: Comment) {
        for (name, bytes) in written.forms { #expect(kept.range(of: bytes) == nil, "\(comment): the \(name) is readable") }
    }

    static func key() -> SymmetricKey { SymmetricKey(size: .bits256) }

    @Test(arguments: Factory.all)
    func secretsAreSealedAtRestAndOpenOnlyWithTheirKey(_ factory: Factory) async throws {
        try await factory.run { open, kept in
            let first = Self.key()
            let written = Written()
            try await written.write(try await open(SecretBox(keys: [first])))
            Self.expectNoneShown(try await kept(), written, "sealed")
            try await written.expectReadable(try await open(SecretBox(keys: [first])))
            #expect(try await open(SecretBox(keys: [first])).sealSecrets() == 0, "nothing to seal anew")

            // Without the key nothing opens, and the store says which key it needs.
            let bare = try await open(SecretBox())
            let needed = SecretBox.Key(first).id
            await #expect(throws: SecretBox.Failure.unknownKey(needed)) { try await bare.sealSecrets() }
            await #expect(throws: SecretBox.Failure.unknownKey(needed)) { try await bare.webhookConfiguration(appID: "a") }
            await #expect(throws: SecretBox.Failure.unknownKey(needed)) { try await bare.relayCredential(appID: "a", provider: .apns) }
            await #expect(throws: SecretBox.Failure.unknownKey(needed)) { try await bare.vapidKeys() }
            await #expect(throws: SecretBox.Failure.self) { try await open(SecretBox(keys: [Self.key()])).sealSecrets() }

            // A rotation: the new key first, the old one after it; the start seals everything anew, and
            // from then on the new key alone opens it.
            let second = Self.key()
            #expect(try await open(SecretBox(keys: [second, first])).sealSecrets() == 5)
            let rotated = try await open(SecretBox(keys: [second]))
            try await written.expectReadable(rotated)
            #expect(try await rotated.sealSecrets() == 0)
            Self.expectNoneShown(try await kept(), written, "rotated")
        }
    }

    /// What was stored before keys were configured (a database from an earlier version) is sealed by the
    /// first start with a key, and is no longer shown where it was.
    @Test(arguments: Factory.all)
    func secretsStoredInTheClearAreSealedByTheFirstStartWithAKey(_ factory: Factory) async throws {
        try await factory.run { open, kept in
            let written = Written()
            try await written.write(try await open(SecretBox()))
            let before = try await kept()
            #expect(written.forms.contains { $0.0.hasPrefix("webhook secret") && before.range(of: $0.1) != nil }, "in the clear before")
            let key = Self.key()
            #expect(try await open(SecretBox(keys: [key])).sealSecrets() == 5)
            try await written.expectReadable(try await open(SecretBox(keys: [key])))
            Self.expectNoneShown(try await kept(), written, "sealed after")
        }
    }

    /// A sealed value is bound to its row: copied into another app's, it does not open.
    @Test func aSealedValueCopiedToAnotherRowDoesNotOpen() throws {
        let box = SecretBox(keys: [Self.key()])
        let sealed = try box.seal(Data("whsec_x".utf8), context: SealedColumn.webhookSecrets.context(["a"]))
        #expect(throws: SecretBox.Failure.tampered(context: "webhook-secrets:b")) {
            try box.open(sealed, context: SealedColumn.webhookSecrets.context(["b"]))
        }
        #expect(try box.open(sealed, context: SealedColumn.webhookSecrets.context(["a"])) == Data("whsec_x".utf8))
    }
}
