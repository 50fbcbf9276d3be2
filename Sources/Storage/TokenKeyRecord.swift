import Foundation

/// An app's key for the capability tokens the server hands out for it (response and attachment tokens):
/// its own, so that no other key — a VAPID key, another app's — makes or opens them. Sealed at rest.
package struct TokenKeyRecord: Sendable, Hashable {
    package var appID: String
    /// `atk_` and 24 hex digits: what a token names its key by.
    package var id: String
    /// 32 random bytes.
    package var secret: Data
    package var createdAt: Date

    package init(appID: String, id: String, secret: Data, createdAt: Date) {
        self.appID = appID
        self.id = id
        self.secret = secret
        self.createdAt = createdAt
    }
}
