import ErrorCodes
import Foundation

/// The APNs request headers of a push (`apns-id`, `apns-collapse-id`, `apns-expiration`,
/// `apns-priority`, `apns-push-type`, `apns-topic`), checked as APNs checks them, with its `reason`
/// strings, against the app that sends and the payload.
package struct APNsRequest: Sendable, Hashable {
    package enum PushType: String, Sendable {
        case alert, background
    }

    package enum Expiration: Sendable, Hashable {
        /// No header: APNs' storage policy (kept up to 30 days while the device is offline).
        case storagePolicy
        /// `0`: one attempt now; not kept for an offline device.
        case immediately
        /// Kept for an offline device until this date.
        case until(Date)
    }

    package var id: String
    package var collapseID: String?
    package var expiration: Expiration
    package var priority: Int
    package var pushType: PushType

    /// How long APNs keeps a push for an offline device when no expiration was given.
    package static let storagePolicy: TimeInterval = 30 * 24 * 3600
    /// Every push type APNs knows; only `alert` and `background` are notifications.
    static let apnsPushTypes = [
        "alert", "background", "complication", "controls", "fileprovider", "liveactivity", "location", "mdm",
        "pushtotalk", "voip", "widgets",
    ]

    /// `header` reads a request header (nil when absent); `newID` makes an `apns-id` when there is none.
    package init(
        header: (String) -> String?, appID: String, payload: APNsPayload, newID: () -> String
    ) throws(APNsPayload.Failure) {
        guard let topic = header("apns-topic") else {
            throw .init(reason: .missingTopic, message: "Send `apns-topic` with the app id ('\(appID)').")
        }
        guard topic == appID else {
            throw .init(reason: .topicDisallowed, message: "This app key may push to topic '\(appID)' only; got '\(topic)'.")
        }
        if let type = header("apns-push-type") {
            guard let known = PushType(rawValue: type) else {
                let detail = Self.apnsPushTypes.contains(type) ? "is not a notification push; only alert and background are" : "is unknown"
                throw .init(reason: .invalidPushType, message: "apns-push-type '\(type)' \(detail).")
            }
            pushType = known
        } else {
            pushType = payload.isBackground ? .background : .alert
        }
        switch (pushType, payload.isBackground) {
        case (.background, false):
            throw .init(
                reason: .invalidPushType,
                message: "A background push carries `content-available: 1` and no alert, badge or sound; send this one as alert.")
        case (.alert, true):
            throw .init(
                reason: .invalidPushType, message: "A payload with only `content-available` is a background push; send it as background.")
        default: break
        }
        priority = try Self.priority(header("apns-priority")) ?? (pushType == .background ? 5 : 10)
        if pushType == .background, priority == 10 {
            throw .init(reason: .badPriority, message: "A background push must have apns-priority 5 (or 1), not 10.")
        }
        if let text = header("apns-id") {
            guard Self.isCanonicalUUID(text) else {
                throw .init(
                    reason: .badMessageId, message: "apns-id must be a UUID such as 123e4567-e89b-12d3-a456-4266554400a0; got '\(text)'.")
            }
            id = text.lowercased()
        } else {
            id = newID()
        }
        switch try Self.expirationSeconds(header("apns-expiration")) {
        case nil: expiration = .storagePolicy
        case 0: expiration = .immediately
        case let seconds?: expiration = .until(Date(timeIntervalSince1970: TimeInterval(seconds)))
        }
        collapseID = try Self.collapseID(header("apns-collapse-id"))
    }

    /// `apns-priority`, checked: 10, 5 or 1 (nil when absent).
    package static func priority(_ text: String?) throws(APNsPayload.Failure) -> Int? {
        guard let text else { return nil }
        guard let value = Int(text), [10, 5, 1].contains(value) else {
            throw .init(reason: .badPriority, message: "apns-priority must be 10, 5 or 1; got '\(text.prefix(40))'.")
        }
        return value
    }

    /// `apns-expiration`, checked: UNIX epoch seconds, 0 for not kept (nil when absent).
    package static func expirationSeconds(_ text: String?) throws(APNsPayload.Failure) -> Int64? {
        guard let text else { return nil }
        guard let seconds = Int64(text), seconds >= 0 else {
            throw .init(reason: .badExpirationDate, message: "apns-expiration must be UNIX epoch seconds, or 0; got '\(text.prefix(40))'.")
        }
        return seconds
    }

    /// `apns-collapse-id`, checked: 1 to 64 bytes of printable ASCII (nil when absent).
    package static func collapseID(_ collapse: String?) throws(APNsPayload.Failure) -> String? {
        guard let collapse else { return nil }
        guard !collapse.isEmpty, collapse.utf8.count <= 64 else {
            throw .init(reason: .badCollapseId, message: "apns-collapse-id must be 1 to 64 bytes; got \(collapse.utf8.count).")
        }
        // A header value, as openapi.yaml states it (`^[ -~]+$`): printable ASCII only.
        guard collapse.utf8.allSatisfy({ (0x20...0x7E).contains($0) }) else {
            throw .init(reason: .badCollapseId, message: "apns-collapse-id must be printable ASCII (space to '~').")
        }
        return collapse
    }

    /// Until when an offline device keeps the push (nil: not at all), for one received at `now`.
    package func keptUntil(receivedAt now: Date) -> Date? {
        switch expiration {
        case .immediately: nil
        case .storagePolicy: now.addingTimeInterval(Self.storagePolicy)
        case .until(let date): date
        }
    }

    /// The request the push becomes: the collapse id is the identifier (a later push replaces it), else the apns-id.
    package func request(for payload: APNsPayload) -> NotificationRequest {
        NotificationRequest(identifier: collapseID ?? id, content: payload.content, trigger: .push)
    }

    package static func isCanonicalUUID(_ text: String) -> Bool {
        let groups = text.split(separator: "-", omittingEmptySubsequences: false)
        return groups.map(\.count) == [8, 4, 4, 4, 12] && groups.allSatisfy { $0.allSatisfy(\.isHexDigit) }
    }
}
