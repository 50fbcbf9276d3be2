import ErrorCodes
import Memberwise

/// `UNNotificationContent`: what a notification shows and carries. Field names are the framework's.
@MemberwiseInit
package struct NotificationContent: Sendable, Hashable, Codable {
    package var title: String?
    package var subtitle: String?
    package var body: String?
    package var titleLocalization: LocalizedText?
    package var subtitleLocalization: LocalizedText?
    package var bodyLocalization: LocalizedText?
    /// nil leaves the badge unchanged, 0 clears it, n > 0 sets it.
    package var badge: Int?
    package var sound: NotificationSound?
    package var launchImageName: String?
    package var userInfo: [String: JSONValue]?
    package var attachments: [AttachmentReference]?
    package var categoryIdentifier: String?
    package var threadIdentifier: String?
    package var targetContentIdentifier: String?
    package var summaryArgument: String?
    package var summaryArgumentCount: Int?
    package var interruptionLevel: InterruptionLevel?
    package var relevanceScore: Double?
    package var filterCriteria: String?
    /// A communication notification's sender and conversation (`INSendMessageIntent`).
    package var communication: Communication?
    /// Like `aps.mutable-content`: the app's service extension may change the content before delivery.
    package var mutableContent: Bool?

    /// Whether the content has text for an alert (the framework alerts only then).
    package var hasAlertText: Bool {
        [title, subtitle, body].contains { !($0 ?? "").isEmpty }
            || titleLocalization != nil || subtitleLocalization != nil || bodyLocalization != nil
    }

    /// The level used when the content names none (the framework's presumed default).
    package var effectiveInterruptionLevel: InterruptionLevel { interruptionLevel ?? .active }

    /// Size limits, so that one request cannot fill the store.
    package static let maxTextLength = 4096
    package static let maxUserInfoBytes = 16 * 1024
    package static let maxAttachments = 10
    /// The largest badge or summary argument count (the framework's counts are 32-bit on the wire).
    package static let maxCount = Int(Int32.max)

    /// Refuses what the framework refuses and what would not fit, naming the field to fix.
    package func validate() throws(NotificationError) {
        for (name, value) in [("title", title), ("subtitle", subtitle), ("body", body), ("summaryArgument", summaryArgument)] {
            if let value, value.codePoints > Self.maxTextLength {
                throw .invalid(
                    .invalidContent, "`content.\(name)` is longer than \(Self.maxTextLength) characters (Unicode code points).")
            }
        }
        for (name, value) in [
            ("launchImageName", launchImageName), ("threadIdentifier", threadIdentifier),
            ("targetContentIdentifier", targetContentIdentifier), ("filterCriteria", filterCriteria),
        ] {
            if let value, !value.isIdentifierOrEmpty(max: Self.maxTextLength) {
                throw .invalid(
                    .invalidContent,
                    "`content.\(name)` must be at most \(Self.maxTextLength) characters (Unicode code points) with no control character."
                )
            }
        }
        for (name, text) in [
            ("titleLocalization", titleLocalization), ("subtitleLocalization", subtitleLocalization),
            ("bodyLocalization", bodyLocalization),
        ] {
            guard let text else { continue }
            guard text.key.isIdentifier(max: 255) else {
                throw .invalid(.invalidContent, "`content.\(name).key` must be 1 to 255 characters with no control character.")
            }
            guard text.arguments.count <= 32 else {
                throw .invalid(.invalidContent, "`content.\(name).arguments` has more than 32 arguments.")
            }
        }
        if let badge, badge < 0 || badge > Self.maxCount {
            throw .invalid(
                .badgeInputInvalid, "`content.badge` must be 0 (clear) to \(Self.maxCount), or absent (unchanged); got \(badge).")
        }
        try sound?.validate()
        try communication?.validate()
        if let categoryIdentifier, !categoryIdentifier.isIdentifier(max: 255) {
            throw .invalid(
                .invalidContent, "`content.categoryIdentifier` must be 1 to 255 characters with no control character, or absent.")
        }
        if let count = summaryArgumentCount, count < 1 || count > Self.maxCount {
            throw .invalid(.invalidContent, "`content.summaryArgumentCount` must be from 1 (the default) to \(Self.maxCount).")
        }
        if let score = relevanceScore, !(0...1).contains(score) {
            throw .invalid(.invalidContent, "`content.relevanceScore` must be from 0.0 to 1.0; got \(score).")
        }
        if let userInfo, (try? JSONValue.object(userInfo).encodedSize()) ?? 0 > Self.maxUserInfoBytes {
            throw .invalid(.invalidContent, "`content.userInfo` is larger than \(Self.maxUserInfoBytes) bytes of JSON.")
        }
        if let attachments {
            guard attachments.count <= Self.maxAttachments else {
                throw .invalid(.invalidAttachment, "`content.attachments` has more than \(Self.maxAttachments) attachments.")
            }
            for (index, attachment) in attachments.enumerated() { try attachment.validate(at: index) }
        }
    }
}

extension JSONValue {
    /// Bytes of the value's JSON text.
    func encodedSize() throws -> Int {
        switch self {
        case .null: 4
        case .bool(let value): value ? 4 : 5
        case .number(let value): String(value).utf8.count
        case .string(let value): value.utf8.count + 2
        case .array(let values): try values.reduce(2) { $0 + (try $1.encodedSize()) + 1 }
        case .object(let values): try values.reduce(2) { $0 + $1.key.utf8.count + 4 + (try $1.value.encodedSize()) }
        }
    }
}
