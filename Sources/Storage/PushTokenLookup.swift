import Foundation
import NotificationCore

/// What a push token names.
package enum PushTokenLookup: Sendable, Hashable {
    case center(CenterRecord)
    /// No longer valid since `at` (rotated, or its center deleted); `appID` owned it.
    case retired(appID: String, at: Date)
    case unknown
}
