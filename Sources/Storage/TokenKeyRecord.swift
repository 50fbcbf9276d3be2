import Foundation
import Memberwise

/// An app's key for the capability tokens the server hands out for it (response and attachment tokens):
/// its own, so that no other key — a VAPID key, another app's — makes or opens them. Sealed at rest.
@MemberwiseInit
package struct TokenKeyRecord: Sendable, Hashable {
    package var appID: String
    /// `atk_` and 24 hex digits: what a token names its key by.
    package var id: String
    /// 32 random bytes.
    package var secret: Data
    package var createdAt: Date
}
