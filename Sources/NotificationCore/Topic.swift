import ErrorCodes
import Foundation
import Memberwise

/// A topic of an app: what its users subscribe their centers to (ntfy's topics, FCM's topics, Apple's
/// broadcast channels), so that one broadcast reaches every center subscribed.
@MemberwiseInit
package struct Topic: Codable, Sendable, Hashable {
    /// The app's own name for it: 1 to 64 ASCII letters, digits, `.`, `_` and `-`.
    package var identifier: String
    package var displayName: String
    package var createdAt: Date
    /// How many centers are subscribed (when read).
    package var subscriberCount: Int?

    /// The most topics an app may have (Apple's broadcast channels: 10,000 per app and environment).
    package static let perApp = 10_000
    /// The most topics one center may be subscribed to (an FCM instance: 2,000).
    package static let perCenter = 2_000
    package static let maxIdentifierLength = 64
    package static let maxDisplayNameLength = 200

    package static func validateIdentifier(_ identifier: String, field: String = "identifier") throws(NotificationError) {
        guard (1...maxIdentifierLength).contains(identifier.utf8.count),
            identifier.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "._-".contains($0)) })
        else {
            throw NotificationError.invalid(
                .invalidIdentifier,
                "`\(field)` must be 1 to \(maxIdentifierLength) ASCII letters, digits, '.', '_' or '-'; got '\(identifier.prefix(80))'.")
        }
    }

    package func validate() throws(NotificationError) {
        try Self.validateIdentifier(identifier)
        guard displayName.isIdentifier(max: Self.maxDisplayNameLength) else {
            throw NotificationError.invalid(
                .invalidName, "`displayName` must be 1 to \(Self.maxDisplayNameLength) characters with no control character.")
        }
    }
}

extension NotificationError {
    package static func topicNotFound(_ identifier: String) -> NotificationError {
        .notFound(.topicNotFound, "This app has no topic '\(identifier)'; create it first (POST /v1/topics).")
    }

    package static func topicExists(_ identifier: String) -> NotificationError {
        NotificationError(
            code: .topicExists, kind: .refused, message: "This app already has a topic '\(identifier)'; choose another identifier.")
    }

    package static func topicLimitReached(perApp limit: Int) -> NotificationError {
        .limit(.topicLimitReached, "The app has \(limit) topics, the most it may; delete one it no longer uses first.")
    }

    package static func topicLimitReached(perCenter limit: Int) -> NotificationError {
        .limit(.topicLimitReached, "The center is subscribed to \(limit) topics, the most it may; unsubscribe it from one first.")
    }
}
