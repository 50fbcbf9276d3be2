import Crypto
import Foundation
import Testing
import WebPush

/// The encryption against the RFCs' own examples, byte for byte, and against a receiver written here
/// from RFC 8291 §3.4 (what a browser does).
@Suite struct PushMessageEncryptionTests {
    /// RFC 8291 §5 and Appendix A.
    enum RFC8291 {
        static let plaintext = "When I grow up, I want to be a watermelon"
        static let uaPublic = "BCVxsr7N_eNgVRqvHtD0zTZsEc6-VV-JvLexhqUzORcxaOzi6-AYWXvTBHm4bjyPjs7Vd8pZGH6SRpkNtoIAiw4"
        static let uaPrivate = "q1dXpw3UpT5VOmu_cf_v6ih07Aems3njxI-JWgLcM94"
        static let auth = "BTBZMqHH6r4Tts7J_aSIgg"
        static let asPrivate = "yfWPiYE-n46HLnH0KqZOF1fJJU3MYrct3AELtAQ-oRw"
        static let asPublic = "BP4z9KsN6nGRTbVYI_c7VJSPQTBtkgcy27mlmlMoZIIgDll6e3vCYLocInmYWAmS6TlzAC8wEqKK6PBru3jl7A8"
        static let salt = "DGv6ra1nlYgDCS1FRnbzlw"
        static let body =
            "DGv6ra1nlYgDCS1FRnbzlwAAEABBBP4z9KsN6nGRTbVYI_c7VJSPQTBtkgcy27mlmlMoZIIgDll6e3vCYLocInmYWAmS6TlzAC8wEqKK6PBru3jl7A_yl95bQpu6cVPTpK4Mqgkf1CXztLVBSt2Ks3oZwbuwXPXLWyouBWLVWGNWQexSgSxsj_Qulcy4a-fN"
    }

    static func bytes(_ base64URL: String) throws -> [UInt8] { try #require(Base64URL.decode(base64URL)) }

    @Test func theRFC8291ExampleIsReproducedByteForByte() throws {
        let keys = try PushSubscriptionKeys(p256dh: RFC8291.uaPublic, auth: RFC8291.auth)
        let sender = try P256.KeyAgreement.PrivateKey(rawRepresentation: Self.bytes(RFC8291.asPrivate))
        #expect(Base64URL.encode(sender.publicKey.x963Representation) == RFC8291.asPublic)
        let body = try PushMessageEncryption.encrypt(
            Array(RFC8291.plaintext.utf8), for: keys, pad: false, ephemeralKey: sender, salt: Self.bytes(RFC8291.salt))
        #expect(Base64URL.encode(body) == RFC8291.body)
    }

    /// RFC 8188 §3.1: "I am the walrus", one record of 4096, no key id; with its intermediate key and nonce.
    @Test func theRFC8188ExampleIsReproducedByteForByte() throws {
        let keyMaterial = SymmetricKey(data: try Self.bytes("yqdlZ-tYemfogSmv7Ws5PQ"))
        let salt = try Self.bytes("I1BsxtFttlv3u_Oo94xnmw")
        let (key, nonce) = ContentEncoding.derive(keyMaterial: keyMaterial, salt: salt)
        #expect(key.withUnsafeBytes { Base64URL.encode($0) } == "_wniytB-ofscZDh4tbSjHw")
        #expect(Base64URL.encode(nonce) == "Bcs8gkIRKLI8GeI8")
        let body = try ContentEncoding.encrypt(Array("I am the walrus".utf8), keyMaterial: keyMaterial, salt: salt, keyID: [])
        #expect(Base64URL.encode(body) == "I1BsxtFttlv3u_Oo94xnmwAAEAAA-NAVub2qFgBEuQKRapoZu-IxkIva3MEB1PD-ly8Thjg")
    }

    /// What a browser does with a body (RFC 8291 §3.4, RFC 8188 §2): the plaintext and the padding's length.
    static func receive(_ body: [UInt8], privateKey: P256.KeyAgreement.PrivateKey, auth: [UInt8]) throws -> (String, Int) {
        let salt = Array(body[0..<16])
        let keyIDLength = Int(body[20])
        let senderPoint = Array(body[21..<(21 + keyIDLength)])
        let sender = try P256.KeyAgreement.PublicKey(x963Representation: senderPoint)
        let shared = try privateKey.sharedSecretFromKeyAgreement(with: sender)
        let info = Array("WebPush: info\0".utf8) + Array(privateKey.publicKey.x963Representation) + senderPoint
        let keyMaterial = shared.hkdfDerivedSymmetricKey(using: SHA256.self, salt: auth, sharedInfo: info, outputByteCount: 32)
        let (key, nonce) = ContentEncoding.derive(keyMaterial: keyMaterial, salt: salt)
        let record = Array(body[(21 + keyIDLength)...])
        let box = try AES.GCM.SealedBox(
            nonce: AES.GCM.Nonce(data: nonce), ciphertext: record.dropLast(16), tag: record.suffix(16))
        var plain = Array(try AES.GCM.open(box, using: key))
        let padding = plain.count - 1 - (plain.lastIndex(of: 2) ?? 0)
        plain = Array(plain[..<(plain.lastIndex(of: 2) ?? 0)])
        #expect(plain.count + 1 + padding == Array(try AES.GCM.open(box, using: key)).count)
        return (String(decoding: plain, as: UTF8.self), padding)
    }

    @Test func theRFCExampleOpensWithTheReceiversKey() throws {
        let receiver = try P256.KeyAgreement.PrivateKey(rawRepresentation: Self.bytes(RFC8291.uaPrivate))
        let (text, padding) = try Self.receive(Self.bytes(RFC8291.body), privateKey: receiver, auth: Self.bytes(RFC8291.auth))
        #expect(text == RFC8291.plaintext && padding == 0)
    }

    @Test func everyBodyIsPaddedToTheSameLengthAndOpens() throws {
        let browser = P256.KeyAgreement.PrivateKey()
        let auth = Array(SymmetricKey(size: .bits128).withUnsafeBytes { Array($0) })
        let keys = try PushSubscriptionKeys(p256dh: Base64URL.encode(browser.publicKey.x963Representation), auth: Base64URL.encode(auth))
        for text in ["", "{\"title\":\"Tea is ready\"}", String(repeating: "é", count: 1996) + "x"] {
            let body = try PushMessageEncryption.encrypt(Array(text.utf8), for: keys)
            #expect(body.count == 4096)
            let (opened, padding) = try Self.receive(body, privateKey: browser, auth: auth)
            #expect(opened == text && padding == PushMessageEncryption.maxPlaintext - text.utf8.count)
        }
        let first = try PushMessageEncryption.encrypt([1, 2, 3], for: keys)
        let second = try PushMessageEncryption.encrypt([1, 2, 3], for: keys)
        #expect(first.prefix(16) != second.prefix(16) && first[21..<86] != second[21..<86], "a fresh salt and key per message")
    }

    @Test func eachMessagesKeyIsFreshAndAgreesWithTheBrowsers() throws {
        let browser = P256.KeyAgreement.PrivateKey()
        let keys = (0..<64).map { _ in PushMessageEncryption.ephemeralKey() }
        #expect(Set(keys.map(\.rawRepresentation)).count == 64)
        for key in keys.prefix(4) {
            let sender = try key.sharedSecretFromKeyAgreement(with: browser.publicKey)
            let receiver = try browser.sharedSecretFromKeyAgreement(with: key.publicKey)
            #expect(sender == receiver)
        }
    }

    @Test func aPlaintextThatCannotBePaddedIsRefused() throws {
        let keys = try PushSubscriptionKeys(p256dh: RFC8291.uaPublic, auth: RFC8291.auth)
        #expect(PushMessageEncryption.maxPlaintext == 3993)
        #expect(throws: PushMessageEncryption.TooLarge(bytes: 3994)) {
            try PushMessageEncryption.encrypt([UInt8](repeating: 65, count: 3994), for: keys)
        }
    }

    @Test(arguments: [
        ("", RFC8291.auth, PushSubscriptionKeys.Invalid.p256dh),
        ("BCVxsr7N_eNgVRqvHtD0zTZsEc6", RFC8291.auth, .p256dh),
        // 65 bytes starting 0x04 but not on the curve (the RFC's x with y + 1).
        ("BCVxsr7N_eNgVRqvHtD0zTZsEc6-VV-JvLexhqUzORcxaOzi6-AYWXvTBHm4bjyPjs7Vd8pZGH6SRpkNtoIAiw8", RFC8291.auth, .p256dh),
        ("not base64url!", RFC8291.auth, .p256dh),
        (RFC8291.uaPublic, "BTBZMqHH6r4Tts7J_aSI", .auth),
        (RFC8291.uaPublic, "", .auth),
    ])
    func keysThatAreNotASubscriptionsAreRefused(p256dh: String, auth: String, invalid: PushSubscriptionKeys.Invalid) {
        #expect(throws: invalid) { try PushSubscriptionKeys(p256dh: p256dh, auth: auth) }
    }
}
