import Crypto
import CryptoExtras
import Foundation
import Relay
import Synchronization
import Testing
import WebPush

@Suite struct ProviderTokenTests {
    static func parts(_ token: String) throws -> (header: [String: Any], claims: [String: Any], input: String, signature: [UInt8]) {
        let pieces = token.split(separator: ".").map(String.init)
        try #require(pieces.count == 3)
        func object(_ text: String) throws -> [String: Any] {
            try JSONSerialization.jsonObject(with: Data(Base64URL.decode(text) ?? [])) as? [String: Any] ?? [:]
        }
        return (try object(pieces[0]), try object(pieces[1]), pieces[0] + "." + pieces[1], Base64URL.decode(pieces[2]) ?? [])
    }

    @Test func theAPNsProviderTokenIsAnES256JWTTheKeysPublicHalfVerifies() throws {
        let key = P256.Signing.PrivateKey()
        let credential = try APNsCredential(
            keyID: "ABC123DEFG", teamID: "TEAM123456", topic: "com.example.tea", environment: .sandbox, privateKeyPEM: key.pemRepresentation
        )
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        let (header, claims, input, signature) = try Self.parts(try ProviderTokens.apns(credential, now: now))
        #expect(header as? [String: String] == ["alg": "ES256", "kid": "ABC123DEFG"])
        #expect(claims["iss"] as? String == "TEAM123456" && claims["iat"] as? Int == 1_800_000_000 && claims.count == 2)
        let ecdsa = try P256.Signing.ECDSASignature(rawRepresentation: signature)
        #expect(key.publicKey.isValidSignature(ecdsa, for: Data(input.utf8)))
        #expect(!P256.Signing.PrivateKey().publicKey.isValidSignature(ecdsa, for: Data(input.utf8)))
    }

    @Test func theGoogleAssertionIsAnRS256JWTForTheTokenURLAndFCMsScope() throws {
        let key = try _RSA.Signing.PrivateKey(keySize: .bits2048)
        let file: [String: Any] = [
            "type": "service_account", "project_id": "tea-app-1", "private_key_id": "k1", "private_key": key.pemRepresentation,
            "client_email": "relay@tea-app-1.iam.gserviceaccount.com", "token_uri": "https://evil.example/steal",
        ]
        let account = try FCMServiceAccount(json: try JSONSerialization.data(withJSONObject: file))
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        let token = try ProviderTokens.googleAssertion(account, tokenURL: "https://oauth2.googleapis.com/token", now: now)
        let (header, claims, input, signature) = try Self.parts(token)
        #expect(header as? [String: String] == ["alg": "RS256", "typ": "JWT", "kid": "k1"])
        #expect(claims["aud"] as? String == "https://oauth2.googleapis.com/token", "the deployment's token URL, never the file's")
        #expect(claims["scope"] as? String == "https://www.googleapis.com/auth/firebase.messaging")
        #expect(claims["iss"] as? String == "relay@tea-app-1.iam.gserviceaccount.com")
        #expect(claims["iat"] as? Int == 1_800_000_000 && claims["exp"] as? Int == 1_800_003_600)
        #expect(
            key.publicKey.isValidSignature(
                _RSA.Signing.RSASignature(rawRepresentation: signature), for: Data(input.utf8), padding: .insecurePKCS1v1_5))
    }

    @Test func credentialsAreCheckedAndFingerprintedByTheirPublicKey() throws {
        let key = P256.Signing.PrivateKey()
        let credential = try APNsCredential(
            keyID: "ABC123DEFG", teamID: "TEAM123456", topic: "com.example.tea", environment: .production,
            privateKeyPEM: key.pemRepresentation)
        let expected = "sha256:" + SHA256.hash(data: key.publicKey.derRepresentation).map { String(format: "%02x", $0) }.joined()
        #expect(credential.fingerprint == expected)
        #expect(throws: RelayInputError.self) {
            try APNsCredential(
                keyID: "ABC123DEFG", teamID: "TEAM123456", topic: "com.example.tea", environment: .production,
                privateKeyPEM: P384.Signing.PrivateKey().pemRepresentation)
        }
        let rsa = try _RSA.Signing.PrivateKey(keySize: .bits2048)
        #expect(throws: RelayInputError.self) {
            try APNsCredential(
                keyID: "ABC123DEFG", teamID: "TEAM123456", topic: "com.example.tea", environment: .production,
                privateKeyPEM: rsa.pemRepresentation)
        }
        var file: [String: Any] = ["type": "service_account", "project_id": "tea-app-1", "client_email": "a@b.c"]
        #expect(throws: RelayInputError.self) { try FCMServiceAccount(json: try JSONSerialization.data(withJSONObject: file)) }
        file["private_key"] = key.pemRepresentation
        #expect(throws: RelayInputError.self) { try FCMServiceAccount(json: try JSONSerialization.data(withJSONObject: file)) }
        file["private_key"] = rsa.pemRepresentation
        file["project_id"] = "Tea App"
        #expect(throws: RelayInputError.self) { try FCMServiceAccount(json: try JSONSerialization.data(withJSONObject: file)) }
        file["project_id"] = "tea-app-1"
        #expect(try FCMServiceAccount(json: try JSONSerialization.data(withJSONObject: file)).fingerprint.hasPrefix("sha256:"))
        #expect(throws: RelayInputError.self) { try FCMServiceAccount(json: Data("[1]".utf8)) }
    }
}

@Suite struct RenewingTokensTests {
    final class Clock: Sendable {
        let now = Mutex(Date(timeIntervalSince1970: 0))
    }

    actor Counter {
        var made = 0
        func next() -> Int {
            made += 1
            return made
        }
    }

    @Test func aTokenIsKeptUntilItsUseEndsAndForgottenWhenTheServiceSaysItExpired() async throws {
        let clock = Clock()
        let tokens = RenewingTokens(now: { clock.now.withLock { $0 } })
        let counter = Counter()
        let make: @Sendable () async throws -> (token: String, useFor: TimeInterval) = { ("t\(await counter.next())", 3000) }
        #expect(try await tokens.token(for: "k", make: make) == "t1")
        clock.now.withLock { $0 = $0.addingTimeInterval(2999) }
        #expect(try await tokens.token(for: "k", make: make) == "t1")
        #expect(try await tokens.token(for: "other", make: make) == "t2", "one per credential")
        clock.now.withLock { $0 = $0.addingTimeInterval(1) }
        #expect(try await tokens.token(for: "k", make: make) == "t3", "renewed when its use ends")
        await tokens.expire("t1", of: "k")
        #expect(try await tokens.token(for: "k", make: make) == "t3", "an older token's expiry leaves the new one")
        await tokens.expire("t3", of: "k")
        #expect(try await tokens.token(for: "k", make: make) == "t4")
    }

    @Test func callersThatFindNoTokenWaitForTheOneBeingMade() async throws {
        let tokens = RenewingTokens(now: { Date(timeIntervalSince1970: 1_800_000_000) })
        let counter = Counter()
        let gate = AsyncStream<Void>.makeStream()
        let make: @Sendable () async throws -> (token: String, useFor: TimeInterval) = {
            let number = await counter.next()
            for await _ in gate.stream { break }
            return ("t\(number)", 3000)
        }
        let results = try await withThrowingTaskGroup(of: String.self) { group in
            for _ in 0..<20 { group.addTask { try await tokens.token(for: "k", make: make) } }
            // Once every other caller waits for the one making it, the token comes.
            while await tokens.waiting(for: "k") < 19 { await Task.yield() }
            gate.continuation.yield()
            return try await group.reduce(into: [String]()) { $0.append($1) }
        }
        #expect(Set(results) == ["t1"] && results.count == 20)
        #expect(await counter.made == 1)
    }

    @Test func aFailureReachesEveryWaiterAndTheNextCallTriesAgain() async throws {
        struct Refused: Error {}
        let tokens = RenewingTokens(now: { Date(timeIntervalSince1970: 1_800_000_000) })
        await #expect(throws: Refused.self) { try await tokens.token(for: "k") { throw Refused() } }
        #expect(try await tokens.token(for: "k") { ("fresh", 60) } == "fresh")
    }
}
