import Foundation
import HTTPCore
import NotificationCore
import StrictJSON

/// The request-decoding edge, as libFuzzer targets: each takes the fuzzer's bytes and must neither crash
/// nor trap, whatever they are. Errors are the expected outcome for most inputs; a 500 (a `Problem` that
/// is not the client's fault) or a precondition failure is a bug.
enum FuzzTargets {
    /// The targets by name (`USERNOTIFYD_FUZZ_TARGET`; also the corpus directories under `Fuzz/Corpus`).
    static let all: [String: @Sendable ([UInt8]) -> Void] = [
        "json-bodies": jsonBodies,
        "rfc3339": rfc3339,
        "wire-reader": wireReader,
        "byte-range": byteRange,
        "apns": apns,
        "apns-channels": apnsChannels,
        "http": HTTPFuzzServer.exchange,
    ]

    /// The JSON bodies of the write operations, decoded and validated as their handlers do: the first
    /// byte picks the operation's type, the rest is the body.
    static func jsonBodies(_ bytes: [UInt8]) {
        guard let selector = bytes.first else { return }
        let body = Array(bytes.dropFirst())
        switch selector % 8 {
        case 0:  // addNotificationRequest
            if let request = try? JSONBody.decode(NotificationRequest.self, from: body) { _ = try? request.validate() }
        case 1:  // setNotificationCategories
            struct Categories: Decodable { var categories: [NotificationCategory] }
            if let body = try? JSONBody.decode(Categories.self, from: body) { _ = try? NotificationCategory.validate(body.categories) }
        case 2:  // updateNotificationSettings
            if let change = try? JSONBody.decode(NotificationSettingsChange.self, from: body) {
                var settings = NotificationSettings()
                _ = try? change.apply(to: &settings)
            }
        case 3:  // updateCenterState, createCenter's time zone and locale
            if let change = try? JSONBody.decode(CenterStateChange.self, from: body) {
                var state = CenterState()
                _ = try? change.apply(to: &state)
            }
        case 4:  // respondToNotification
            _ = try? JSONBody.decode(NotificationResponse.self, from: body)
        case 5:  // requestAuthorization
            struct AuthorizationRequest: Decodable { var options: Set<AuthorizationOption> }
            _ = try? JSONBody.decode(AuthorizationRequest.self, from: body)
        case 6:  // setStringTable, and the localized texts it fills in
            struct StringTable: Decodable { var strings: [String: String] }
            if let table = try? JSONBody.decode(StringTable.self, from: body) {
                for text in table.strings.values.prefix(8) { _ = StringTables.format(text, ["a", "1", "%@"]) }
            }
        default:  // any JSON at all, through the strict parser
            _ = try? JSONBody.decode(JSONValue.self, from: body)
        }
    }

    /// RFC 3339 dates, as bodies and query strings carry them; a date that parses must print and parse
    /// back to the same instant.
    static func rfc3339(_ bytes: [UInt8]) {
        guard let text = String(validating: bytes, as: UTF8.self), let date = RFC3339.date(from: text) else { return }
        let printed = WireFormat.timestamp(date)
        guard let again = RFC3339.date(from: printed), abs(again.timeIntervalSince(date)) < 0.001 else {
            fatalError("'\(text)' parsed to \(date), printed as '\(printed)', which does not parse back")
        }
    }

    /// `Range` headers against lengths: whatever range is chosen lies inside the file.
    static func byteRange(_ bytes: [UInt8]) {
        guard bytes.count >= 2 else { return }
        let length = Int(bytes[0]) << 8 | Int(bytes[1])
        let header = String(decoding: bytes.dropFirst(2), as: UTF8.self)
        let range = ByteRange(header: header, length: length)
        if case .part(let bytes) = range {
            guard bytes.lowerBound >= 0, bytes.upperBound < length else { fatalError("'\(header)' on \(length) bytes chose \(bytes)") }
        }
    }

    /// The APNs payload of a push (`POST /3/device/…`), parsed and turned into content.
    static func apns(_ bytes: [UInt8]) {
        guard let payload = try? APNsPayload(json: bytes) else { return }
        _ = try? payload.content.validate()
    }

    /// A message on an APNs broadcast channel (`POST /4/broadcasts/apps/{bundle}`): header lines
    /// (`name: value`), a blank line, the payload. The first byte picks the channel's storage policy. The
    /// `apns-channel-id` line, when there is one, must name a channel that reads back as itself; a message
    /// whose headers and payload pass has an identifier `add` takes.
    static func apnsChannels(_ bytes: [UInt8]) {
        guard let selector = bytes.first else { return }
        let rest = bytes.dropFirst()
        let split = rest.indices.first { rest[$0] == 10 && $0 + 1 < rest.endIndex && rest[$0 + 1] == 10 }
        var headers: [String: String] = [:]
        for line in String(decoding: rest[..<(split ?? rest.endIndex)], as: UTF8.self).split(separator: "\n") {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        if let id = headers["apns-channel-id"], let named = APNsChannel(channelID: id) {
            guard APNsChannel(topic: named.topic) == named, APNsChannel(channelID: named.channelID) == named else {
                fatalError("'\(id)' named \(named), which does not read back as itself")
            }
        }
        let channel = APNsChannel(policy: selector & 1 == 0 ? .noMessageStored : .mostRecentMessageStored)
        guard let payload = try? APNsPayload(json: Array(rest[(split.map { $0 + 2 } ?? rest.endIndex)...])),
            let published = try? APNsBroadcast(header: { headers[$0] }, payload: payload, channel: channel)
        else { return }
        do {
            try NotificationRequest.validateIdentifier(published.notification.identifier, field: "identifier")
        } catch {
            fatalError("a broadcast's identifier '\(published.notification.identifier)' is refused: \(error.message)")
        }
        _ = try? published.notification.content.validate()
    }

    /// `WireReader` against the strict parser: text it reads through to the end is JSON the parser takes
    /// (it only ever declines more), and a string it reads is the string the parser reads.
    static func wireReader(_ bytes: [UInt8]) {
        var reader = WireReader(bytes)
        let read =
            (try? { () throws -> Void in
                try reader.skip()
                try reader.end()
            }()) != nil
        let parsed = try? JSONParser.parse(bytes)
        if read, parsed == nil {
            fatalError("WireReader read text the parser refuses: \(String(decoding: bytes.prefix(200), as: UTF8.self))")
        }
        if case .string(let text)? = parsed {
            var reader = WireReader(bytes)
            if let string = try? reader.string(), string != text {
                fatalError("WireReader read the string \(string.debugDescription), the parser \(text.debugDescription)")
            }
        }
    }
}
