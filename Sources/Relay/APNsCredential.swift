import Crypto
import Foundation

/// An app's APNs token-based authentication: the signing key Apple issued (the `.p8` file: a P-256 key,
/// PKCS #8 PEM), its key id, the team that owns it, the app's bundle id (`apns-topic`), and which of
/// Apple's environments its devices use unless a device says otherwise.
package struct APNsCredential: Sendable, Codable, Equatable {
    package enum Environment: String, Sendable, Codable, CaseIterable {
        /// `api.push.apple.com`: App Store, TestFlight and ad-hoc builds.
        case production
        /// `api.sandbox.push.apple.com`: builds run from Xcode.
        case sandbox
    }

    package var keyID: String
    package var teamID: String
    package var topic: String
    package var environment: Environment
    package var privateKeyPEM: String

    /// Checks every part: a key id and a team id of Apple's shape (10 letters and digits), a bundle id,
    /// a PEM that holds a P-256 private key.
    package init(keyID: String, teamID: String, topic: String, environment: Environment, privateKeyPEM: String) throws(RelayInputError) {
        guard Self.isAppleID(keyID) else {
            throw RelayInputError(.credential, "`keyID` must be the 10 letters and digits Apple shows for the key (e.g. ABC123DEFG).")
        }
        guard Self.isAppleID(teamID) else {
            throw RelayInputError(.credential, "`teamID` must be the 10 letters and digits of the Apple developer team.")
        }
        guard Self.isBundleID(topic) else {
            throw RelayInputError(.credential, "`topic` must be the app's bundle id (e.g. com.example.app), at most 255 characters.")
        }
        guard privateKeyPEM.utf8.count <= 8192, (try? P256.Signing.PrivateKey(pemRepresentation: privateKeyPEM)) != nil else {
            throw RelayInputError(
                .credential,
                "`privateKey` must be the PEM of the .p8 file Apple issued: a P-256 private key (-----BEGIN PRIVATE KEY-----).")
        }
        self.keyID = keyID
        self.teamID = teamID
        self.topic = topic
        self.environment = environment
        self.privateKeyPEM = privateKeyPEM
    }

    /// The signing key (checked when the credential was made).
    package func signingKey() throws -> P256.Signing.PrivateKey {
        try P256.Signing.PrivateKey(pemRepresentation: privateKeyPEM)
    }

    /// `sha256:` and the hex SHA-256 of the public key's SubjectPublicKeyInfo (DER): what
    /// `openssl pkey -in AuthKey.p8 -pubout -outform DER | sha256sum` prints.
    package var fingerprint: String {
        ((try? signingKey().publicKey.derRepresentation).map(Fingerprint.of)) ?? ""
    }

    static func isAppleID(_ text: String) -> Bool {
        text.utf8.count == 10
            && text.utf8.allSatisfy { (0x30...0x39).contains($0) || (0x41...0x5A).contains($0) || (0x61...0x7A).contains($0) }
    }

    static func isBundleID(_ text: String) -> Bool {
        (1...255).contains(text.utf8.count)
            && text.utf8.allSatisfy {
                (0x30...0x39).contains($0) || (0x41...0x5A).contains($0) || (0x61...0x7A).contains($0) || $0 == 0x2D || $0 == 0x2E
            }
            && !text.hasPrefix(".") && !text.hasSuffix(".")
    }
}

/// The fingerprint of a public key: `sha256:` and the hex digest of its DER.
package enum Fingerprint {
    package static func of(_ der: Data) -> String {
        "sha256:" + SHA256.hash(data: der).map { String(format: "%02x", $0) }.joined()
    }
}
