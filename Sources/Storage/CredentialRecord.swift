import Foundation
import Memberwise

/// A stored credential: an app key or a center token. Only a hash of the secret is kept.
@MemberwiseInit
package struct CredentialRecord: Sendable, Hashable {
    package enum Kind: String, Sendable, Hashable {
        case appKey, centerToken
    }

    package var id: String
    package var kind: Kind
    package var appID: String
    /// The center a center token acts for.
    package var centerID: String?
    package var secretHash: Data
    package var createdAt: Date
}
