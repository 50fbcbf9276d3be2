import Foundation
import NotificationCore

/// One center as stored: an install of an app on a device (or one user of it).
package struct CenterRecord: Sendable, Hashable {
    /// The app's name for the center (unique within the app only).
    package var id: String
    package var appID: String
    package var settings: NotificationSettings
    package var state: CenterState
    package var badge: Int
    package var prompt: AuthorizationPrompt?
    package var createdAt: Date
    /// Where the app pushes (`POST /3/device/<token>`): 64 hex digits, like an APNs device token. A
    /// new one (rotation) retires the old, which then answers `Unregistered`.
    package var pushToken: String

    package init(
        id: String, appID: String, settings: NotificationSettings = NotificationSettings(), state: CenterState = CenterState(),
        badge: Int = 0, prompt: AuthorizationPrompt? = nil, createdAt: Date, pushToken: String = CenterRecord.newPushToken()
    ) {
        self.pushToken = pushToken
        self.id = id
        self.appID = appID
        self.settings = settings
        self.state = state
        self.badge = badge
        self.prompt = prompt
        self.createdAt = createdAt
    }
}

extension CenterRecord {
    /// The center's key: its app and its id.
    package var key: CenterKey { CenterKey(appID: appID, centerID: id) }

    /// 32 random bytes as 64 lowercase hex digits.
    package static func newPushToken() -> String {
        var random = SystemRandomNumberGenerator()
        return (0..<4).map { _ in
            let hex = String(random.next(), radix: 16)
            return String(repeating: "0", count: 16 - hex.count) + hex
        }.joined()
    }
}
