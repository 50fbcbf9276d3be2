import Foundation
import Testing

@testable import API

@Suite struct SecretsTests {
    @Test func aTokenSplitsIntoItsIDAndSecretOnlyWithItsPrefix() {
        #expect(Secrets.parse("unk_0a1b_s3cr-t", prefix: "unk")! == ("0a1b", "s3cr-t"))
        // The secret is everything after the second underscore.
        #expect(Secrets.parse("unc_id_a_b", prefix: "unc")! == ("id", "a_b"))
        for broken in ["unk_id_s", "unc__s", "unc_id_", "unc_id", "unc", "", "xunc_id_s", "UNC_id_s"] {
            #expect(Secrets.parse(broken, prefix: "unc") == nil, "\(broken)")
        }
    }

    @Test func anIssuedTokenParsesBackToItsIDAndHash() throws {
        let issued = Secrets.issue(prefix: "unk")
        let (id, secret) = try #require(Secrets.parse(issued.token, prefix: "unk"))
        #expect(id == issued.id)
        #expect(Secrets.constantTimeEqual(Secrets.hash(secret), issued.hash))
        #expect(!Secrets.constantTimeEqual(Secrets.hash(secret + "x"), issued.hash))
    }

    /// Secrets are base64url of 32 random bytes: 43 symbols of 64 (once `+` and `/` both became `-`, so 63).
    @Test func secretsUseTheWholeBase64URLAlphabet() throws {
        var seen: Set<Character> = []
        for _ in 0..<200 {
            let (_, secret) = try #require(Secrets.parse(Secrets.issue(prefix: "unc").token, prefix: "unc"))
            #expect(secret.count == 43)
            seen.formUnion(secret)
        }
        #expect(seen == Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"))
    }

    @Test func theHashIsSHA256AndTheComparisonSeesEveryByte() {
        // SHA-256("abc"), FIPS 180-2's example.
        #expect(
            Secrets.hash("abc").map { String(format: "%02x", $0) }.joined()
                == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        let bytes = Data((0..<32).map(UInt8.init))
        for index in bytes.indices {
            var changed = bytes
            changed[index] ^= 0x80
            #expect(!Secrets.constantTimeEqual(bytes, changed))
        }
        #expect(Secrets.constantTimeEqual(bytes, Data(bytes)))
        #expect(!Secrets.constantTimeEqual(bytes, bytes.prefix(31)))
    }
}
