import Foundation
import Memberwise

/// An app's credential for one push provider, as stored: the material (the provider's key, which the API
/// never shows again) and what identifies it.
@MemberwiseInit
package struct RelayCredentialRecord: Sendable, Hashable {
    package var appID: String
    package var provider: PushProvider
    /// `rcr_` and 24 hex digits: a new one on every rotation.
    package var id: String
    /// `sha256:` of the public key.
    package var fingerprint: String
    /// The credential as JSON (`APNsCredential`, `FCMServiceAccount`).
    package var material: Data
    package var createdAt: Date
}
