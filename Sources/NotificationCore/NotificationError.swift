import ErrorCodes
import Memberwise

/// Why the center refused something. `code` is stable and machine-readable: the framework's `UNError`
/// case name where one fits (`notificationsNotAllowed`, `attachmentInvalidURL`…), else a name of ours.
/// `message` says what to fix.
@MemberwiseInit
package struct NotificationError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What kind of refusal it is; the API maps each kind to one HTTP status, in one place.
    package enum Kind: Sendable, Hashable {
        /// The input is wrong; fix it and retry (HTTP 422).
        case invalid
        /// The user or the app's state forbids it (HTTP 403).
        case forbidden
        /// The current state conflicts with it (HTTP 409).
        case refused
        /// The thing does not exist (HTTP 404).
        case notFound
        /// A count limit was reached (HTTP 409).
        case limit
        /// A file is larger than its kind allows (HTTP 413).
        case tooLarge
        /// A file's content is not a supported type (HTTP 415).
        case unsupportedType
        /// The app's storage quota is full (HTTP 507).
        case quota
    }

    package let code: ErrorCode
    package let kind: Kind
    package let message: String

    package var description: String { "\(code.rawValue): \(message)" }

    package static func invalid(_ code: ErrorCode, _ message: String) -> NotificationError {
        NotificationError(code: code, kind: .invalid, message: message)
    }

    package static func notFound(_ code: ErrorCode, _ message: String) -> NotificationError {
        NotificationError(code: code, kind: .notFound, message: message)
    }

    package static func limit(_ code: ErrorCode, _ message: String) -> NotificationError {
        NotificationError(code: code, kind: .limit, message: message)
    }
}

extension NotificationError {
    /// UNError.notificationsNotAllowed (1): `add` on a center whose user has not allowed notifications,
    /// with what the app can do about `status`.
    package static func notificationsNotAllowed(_ status: AuthorizationStatus) -> NotificationError {
        let reason =
            switch status {
            case .notDetermined:
                "the user has not answered yet. Request authorization (POST /v1/centers/{id}/authorization) and add once the user allowed it."
            default:
                "the user denied authorization. The user can allow them again in the center's settings."
            }
        return NotificationError(
            code: .notificationsNotAllowed, kind: .forbidden, message: "Notifications are not allowed for this center: " + reason)
    }

    package static func pendingLimitReached(_ limit: Int) -> NotificationError {
        .limit(
            .pendingLimitReached,
            "The center already has \(limit) pending requests, its limit. Remove some, or replace one by reusing its identifier.")
    }

    package static func centerExists(_ id: String) -> NotificationError {
        NotificationError(code: .centerExists, kind: .refused, message: "This app already has a center '\(id)'; choose another id.")
    }

    package static func centerNotFound(_ id: String) -> NotificationError {
        .notFound(.centerNotFound, "No center '\(id)' exists for this app.")
    }

    package static func notificationNotFound(_ identifier: String) -> NotificationError {
        .notFound(.notificationNotFound, "No delivered notification '\(identifier)' is in this center.")
    }

    /// UNError.attachmentNotInDataStore (103).
    package static func attachmentNotInDataStore(_ mediaID: String) -> NotificationError {
        .invalid(
            .attachmentNotInDataStore,
            "No media '\(mediaID)' is in this app's data store: upload it first (POST /v1/media), or it went with the last request or notification holding it."
        )
    }

    /// UNError.attachmentInvalidFileSize (102), for a file larger than any kind allows.
    package static func attachmentTooLarge(size: Int, limit: Int) -> NotificationError {
        NotificationError(
            code: .attachmentInvalidFileSize, kind: .tooLarge,
            message: "The file is \(size) bytes or more; no attachment may be larger than \(limit) bytes (video).")
    }

    /// UNError.attachmentMoveIntoDataStoreFailed (104), for the app's quota.
    package static func mediaQuotaExceeded(quota: Int, used: Int, size: Int) -> NotificationError {
        NotificationError(
            code: .attachmentMoveIntoDataStoreFailed, kind: .quota,
            message:
                "The app's media quota of \(quota) bytes cannot take this \(size)-byte file (\(used) bytes in use). Remove requests or delivered notifications holding attachments to give space back."
        )
    }

    package static func pushSubscriptionLimitReached(_ limit: Int) -> NotificationError {
        .limit(
            .pushSubscriptionLimitReached,
            "The center has \(limit) push subscriptions, the most it may; remove one it no longer uses first.")
    }

    package static func deviceLimitReached(_ limit: Int) -> NotificationError {
        .limit(.deviceLimitReached, "The center has \(limit) device registrations, the most it may; remove one it no longer uses first.")
    }

    /// UNError.badgeInputInvalid (1600).
    package static func badgeInputInvalid(_ value: Int) -> NotificationError {
        .invalid(.badgeInputInvalid, "The badge count must be from 0 (clear) to \(NotificationContent.maxCount); got \(value).")
    }
}
