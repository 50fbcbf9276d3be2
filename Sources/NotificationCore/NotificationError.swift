/// Why the center refused something. `code` is stable and machine-readable: the framework's `UNError`
/// case name where one fits (`notificationsNotAllowed`, `attachmentInvalidURL`…), else a name of ours.
/// `message` says what to fix.
package struct NotificationError: Error, Sendable, Hashable, CustomStringConvertible {
    package enum Kind: Sendable, Hashable {
        /// The input is wrong; fix it and retry (HTTP 400/422).
        case invalid
        /// The current state forbids it (HTTP 403/409).
        case refused
        /// The thing does not exist (HTTP 404).
        case notFound
        /// A limit was reached (HTTP 409/413).
        case limit
    }

    package let code: String
    package let kind: Kind
    package let message: String

    package init(code: String, kind: Kind, message: String) {
        self.code = code
        self.kind = kind
        self.message = message
    }

    package var description: String { "\(code): \(message)" }

    static func invalid(_ code: String, _ message: String) -> NotificationError {
        NotificationError(code: code, kind: .invalid, message: message)
    }
}

extension NotificationError {
    /// UNError.notificationsNotAllowed (1).
    package static let notificationsNotAllowed = NotificationError(
        code: "notificationsNotAllowed", kind: .refused,
        message:
            "Notifications are not allowed for this center: the user denied authorization. The user can allow them again in the center's settings."
    )

    package static func pendingLimitReached(_ limit: Int) -> NotificationError {
        NotificationError(
            code: "pendingLimitReached", kind: .limit,
            message: "The center already has \(limit) pending requests, its limit. Remove some, or replace one by reusing its identifier."
        )
    }

    package static func centerNotFound(_ id: String) -> NotificationError {
        NotificationError(code: "centerNotFound", kind: .notFound, message: "No center '\(id)' exists for this app.")
    }

    package static func notificationNotFound(_ identifier: String) -> NotificationError {
        NotificationError(
            code: "notificationNotFound", kind: .notFound, message: "No delivered notification '\(identifier)' is in this center.")
    }

    /// UNError.badgeInputInvalid (1600).
    package static func badgeInputInvalid(_ value: Int) -> NotificationError {
        .invalid("badgeInputInvalid", "The badge count must be from 0 (clear) to \(NotificationContent.maxCount); got \(value).")
    }
}
