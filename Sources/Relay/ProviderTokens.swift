import Foundation
import WebPush

/// The JWTs the relays sign.
package enum ProviderTokens {
    /// How long an APNs provider token is used: Apple accepts one for an hour, and refuses new ones more
    /// often than every 20 minutes.
    package static let apnsUseFor: TimeInterval = 50 * 60
    /// The OAuth scope of FCM HTTP v1.
    package static let fcmScope = "https://www.googleapis.com/auth/firebase.messaging"

    /// APNs' provider token: `{"alg": "ES256", "kid": <key id>}`, `{"iss": <team id>, "iat": <now>}`.
    package static func apns(_ credential: APNsCredential, now: Date) throws -> String {
        struct Header: Encodable {
            let alg = "ES256"
            var kid: String
        }
        struct Claims: Encodable {
            var iss: String
            var iat: Int
        }
        return try JWT.es256(
            header: Header(kid: credential.keyID), claims: Claims(iss: credential.teamID, iat: Int(now.timeIntervalSince1970)),
            key: try credential.signingKey())
    }

    /// The assertion a service account trades for an access token at `tokenURL` (RFC 7523).
    package static func googleAssertion(_ account: FCMServiceAccount, tokenURL: String, now: Date) throws -> String {
        struct Header: Encodable {
            let alg = "RS256"
            let typ = "JWT"
            var kid: String?
        }
        struct Claims: Encodable {
            var iss: String
            var scope: String
            var aud: String
            var iat: Int
            var exp: Int
        }
        let issued = Int(now.timeIntervalSince1970)
        return try JWT.rs256(
            header: Header(kid: account.privateKeyID),
            claims: Claims(iss: account.clientEmail, scope: fcmScope, aud: tokenURL, iat: issued, exp: issued + 3600),
            key: try account.signingKey())
    }
}
