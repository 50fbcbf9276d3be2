import CryptoExtras
import Foundation
import Memberwise

/// An app's Firebase service account, the JSON file the Firebase console downloads: what FCM HTTP v1
/// needs of it — the project, the account's e-mail, and its RSA private key, which signs the assertion
/// traded for an access token. The file's other members (`token_uri` among them) are not used: the token
/// endpoint is the deployment's, so an uploaded file cannot point the server anywhere.
@MemberwiseInit
package struct FCMServiceAccount: Sendable, Codable, Equatable {
    package var projectID: String
    package var clientEmail: String
    package var privateKeyID: String?
    package var privateKeyPEM: String

    private struct File: Decodable {
        var type: String?
        var project_id: String?
        var private_key_id: String?
        var private_key: String?
        var client_email: String?
    }

    /// Reads and checks the downloaded file.
    package init(json: Data) throws(RelayInputError) {
        guard json.count <= 16 * 1024, let file = try? JSONDecoder().decode(File.self, from: json) else {
            throw RelayInputError(.credential, "`serviceAccount` must be the service account's JSON file as Firebase downloads it.")
        }
        guard file.type == "service_account" else {
            throw RelayInputError(.credential, "`serviceAccount.type` must be \"service_account\" (a key file of a service account).")
        }
        guard let project = file.project_id, Self.isProjectID(project) else {
            throw RelayInputError(
                .credential, "`serviceAccount.project_id` must be the Firebase project's id (6 to 30 lowercase letters, digits, hyphens).")
        }
        guard let email = file.client_email, email.contains("@"), email.utf8.count <= 320 else {
            throw RelayInputError(.credential, "`serviceAccount.client_email` must be the service account's e-mail address.")
        }
        guard let pem = file.private_key, !pem.isEmpty else {
            throw RelayInputError(.credential, "`serviceAccount.private_key` is missing: download a new key for the service account.")
        }
        guard let key = try? _RSA.Signing.PrivateKey(pemRepresentation: pem), key.keySizeInBits >= 2048 else {
            throw RelayInputError(.credential, "`serviceAccount.private_key` must be the PEM of an RSA private key of at least 2048 bits.")
        }
        self.init(projectID: project, clientEmail: email, privateKeyID: file.private_key_id, privateKeyPEM: pem)
    }

    package func signingKey() throws -> _RSA.Signing.PrivateKey {
        try _RSA.Signing.PrivateKey(pemRepresentation: privateKeyPEM)
    }

    /// `sha256:` and the hex SHA-256 of the public key's SubjectPublicKeyInfo (DER).
    package var fingerprint: String {
        ((try? signingKey().publicKey.derRepresentation).map(Fingerprint.of)) ?? ""
    }

    static func isProjectID(_ text: String) -> Bool {
        (6...30).contains(text.utf8.count) && text.first?.isLetter == true
            && text.utf8.allSatisfy { (0x30...0x39).contains($0) || (0x61...0x7A).contains($0) || $0 == 0x2D }
    }
}
