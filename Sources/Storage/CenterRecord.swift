import Foundation
import NotificationCore

/// One center as stored: an install of an app on a device (or one user of it).
package struct CenterRecord: Sendable, Hashable {
    package var id: String
    package var appID: String
    package var settings: NotificationSettings
    package var state: CenterState
    package var badge: Int
    package var prompt: AuthorizationPrompt?
    package var createdAt: Date

    package init(
        id: String, appID: String, settings: NotificationSettings = NotificationSettings(), state: CenterState = CenterState(),
        badge: Int = 0, prompt: AuthorizationPrompt? = nil, createdAt: Date
    ) {
        self.id = id
        self.appID = appID
        self.settings = settings
        self.state = state
        self.badge = badge
        self.prompt = prompt
        self.createdAt = createdAt
    }
}
