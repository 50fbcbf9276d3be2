import ErrorCodes
import Foundation
import StrictJSON

/// An APNs payload (`{"aps": {…}, …custom keys}`) as the content it becomes on the device: every `aps`
/// key of Apple's table mapped to its `UNNotificationContent` property, the custom keys beside `aps` as
/// `userInfo` (custom keys inside `aps` are ignored, as APNs does).
package struct APNsPayload: Sendable, Hashable {
    package var content: NotificationContent
    /// `content-available: 1`.
    package var contentAvailable: Bool
    /// A Live Activity's keys of `aps` (`event`, `timestamp`, `content-state`, …), as sent; nil when it has none.
    package var liveActivity: [String: JSONValue]?

    /// A background (silent) push: `content-available` with nothing for the user to see or hear.
    package var isBackground: Bool {
        contentAvailable && !content.hasAlertText && content.titleLocalization == nil && content.bodyLocalization == nil
            && content.badge == nil && content.sound == nil
    }

    /// Why a payload cannot be used: APNs' `reason` where it has one, else a code of ours, and what to fix.
    package struct Failure: Error, Sendable, Hashable {
        package var reason: ErrorCode
        package var message: String
    }

    package static let maxBytes = 4096

    package init(json bytes: [UInt8]) throws(Failure) {
        guard !bytes.isEmpty else { throw Failure(reason: .payloadEmpty, message: "The payload is empty; send {\"aps\": {…}}.") }
        guard bytes.count <= Self.maxBytes else {
            throw Failure(reason: .apnsPayloadTooLarge, message: "The payload is \(bytes.count) bytes; the limit is \(Self.maxBytes).")
        }
        let root: JSONValue
        do {
            root = try JSONValue.strictDecoder.decode(JSONValue.self, from: bytes)
        } catch {
            throw Failure(reason: .badPayload, message: "The payload is not valid JSON (RFC 8259, each key once): \(error).")
        }
        guard case .object(let object) = root else {
            throw Failure(reason: .badPayload, message: "The payload must be a JSON object with an `aps` dictionary.")
        }
        guard case .object(let aps)? = object["aps"] else {
            throw Failure(reason: .badPayload, message: "The payload has no `aps` dictionary.")
        }
        var content = NotificationContent()
        let reader = Reader(aps: aps)
        switch aps["alert"] {
        case nil: break
        case .string(let body)?: content.body = body
        case .object(let alert)?:
            let alertReader = Reader(aps: alert, path: "aps.alert")
            content.title = try alertReader.string("title")
            content.subtitle = try alertReader.string("subtitle")
            content.body = try alertReader.string("body")
            content.launchImageName = try alertReader.string("launch-image")
            content.titleLocalization = try alertReader.localized("title-loc-key", "title-loc-args")
            content.subtitleLocalization = try alertReader.localized("subtitle-loc-key", "subtitle-loc-args")
            content.bodyLocalization = try alertReader.localized("loc-key", "loc-args")
        case .some:
            throw Failure(reason: .badPayload, message: "`aps.alert` must be a string (the body) or a dictionary.")
        }
        content.badge = try reader.integer("badge")
        switch aps["sound"] {
        case nil: break
        case .string(let name)?: content.sound = name == "default" ? .default : .named(name)
        case .object(let sound)?:
            let soundReader = Reader(aps: sound, path: "aps.sound")
            let name = try soundReader.string("name")
            let volume = try soundReader.number("volume") ?? 1
            if try soundReader.integer("critical") == 1 {
                content.sound = .critical(name: name == "default" ? nil : name, volume: volume)
            } else {
                content.sound = name.map { $0 == "default" ? .default : .named($0) } ?? .default
            }
        case .some:
            throw Failure(reason: .badPayload, message: "`aps.sound` must be a string or a dictionary with `critical`, `name`, `volume`.")
        }
        content.threadIdentifier = try reader.string("thread-id")
        content.categoryIdentifier = try reader.string("category")
        content.targetContentIdentifier = try reader.string("target-content-id")
        content.mutableContent = try reader.integer("mutable-content") == 1 ? true : nil
        contentAvailable = try reader.integer("content-available") == 1
        if let level = try reader.string("interruption-level") {
            let levels: [String: InterruptionLevel] = [
                "passive": .passive, "active": .active, "time-sensitive": .timeSensitive, "critical": .critical,
            ]
            guard let mapped = levels[level] else {
                throw Failure(
                    reason: .badPayload,
                    message: "`aps.interruption-level` must be passive, active, time-sensitive or critical; got '\(level)'.")
            }
            content.interruptionLevel = mapped
        }
        content.relevanceScore = try reader.number("relevance-score")
        content.filterCriteria = try reader.string("filter-criteria")
        let activity = aps.filter { Self.liveActivityKeys.contains($0.key) }
        liveActivity = activity.isEmpty ? nil : activity
        let custom = object.filter { $0.key != "aps" }
        content.userInfo = custom.isEmpty ? nil : custom
        self.content = content
    }

    /// The keys of `aps` that update a Live Activity (ActivityKit's push payload).
    static let liveActivityKeys: Set<String> = [
        "event", "timestamp", "content-state", "stale-date", "dismissal-date", "attributes-type", "attributes",
    ]

    /// Typed reads from a dictionary of the payload, with the key's path in every error.
    private struct Reader {
        let aps: [String: JSONValue]
        var path = "aps"

        func string(_ key: String) throws(Failure) -> String? {
            switch aps[key] {
            case nil, .null?: return nil
            case .string(let value)?: return value
            default: throw Failure(reason: .badPayload, message: "`\(path).\(key)` must be a string.")
            }
        }

        func number(_ key: String) throws(Failure) -> Double? {
            switch aps[key] {
            case nil, .null?: return nil
            case .number(let value)?: return value
            default: throw Failure(reason: .badPayload, message: "`\(path).\(key)` must be a number.")
            }
        }

        func integer(_ key: String) throws(Failure) -> Int? {
            guard let value = try number(key) else { return nil }
            guard value == value.rounded(), abs(value) <= Double(Int32.max) else {
                throw Failure(reason: .badPayload, message: "`\(path).\(key)` must be a whole number.")
            }
            return Int(value)
        }

        func localized(_ keyName: String, _ argumentsName: String) throws(Failure) -> LocalizedText? {
            guard let key = try string(keyName) else { return nil }
            switch aps[argumentsName] {
            case nil, .null?: return LocalizedText(key: key)
            case .array(let values)?:
                var arguments: [String] = []
                for value in values {
                    switch value {
                    case .string(let text): arguments.append(text)
                    case .number(let number):
                        arguments.append(number == number.rounded() && abs(number) < 1e15 ? String(Int(number)) : String(number))
                    default: throw Failure(reason: .badPayload, message: "`\(path).\(argumentsName)` must hold strings.")
                    }
                }
                return LocalizedText(key: key, arguments: arguments)
            default:
                throw Failure(reason: .badPayload, message: "`\(path).\(argumentsName)` must be an array of strings.")
            }
        }
    }
}
