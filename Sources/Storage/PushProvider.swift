/// The push providers a phone registers with.
package enum PushProvider: String, Sendable, Hashable, Codable, CaseIterable {
    /// Apple Push Notification service: iOS, iPadOS, macOS, watchOS apps.
    case apns
    /// Firebase Cloud Messaging (HTTP v1): Android apps, and iOS apps that use Firebase.
    case fcm
}
