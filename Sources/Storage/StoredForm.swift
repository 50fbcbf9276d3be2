import Foundation
import NotificationCore
import StrictJSON

/// How both stores keep values, so that their SQL shares its logic: JSON (sorted keys, slashes left
/// alone, dates as milliseconds) in blob columns, dates as milliseconds since 1970, random fencing tokens.
/// A value without dates (a request, a presentation not held for a summary) is therefore stored in its
/// wire form, byte for byte: a `presented` event is made of the stored request and presentation as they are.
package protocol StoredForm {}

private let storedEncoder: JSONEncoder = {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    encoder.dateEncodingStrategy = .millisecondsSince1970
    return encoder
}()

private let storedDecoder: JSONDecoder = {
    let decoder = JSONDecoder()
    decoder.dateDecodingStrategy = .millisecondsSince1970
    return decoder
}()

extension Presentation {
    /// The wire form of a stored presentation: the same bytes (`held` false), but for one held for a
    /// Scheduled Summary, whose date the stores keep as milliseconds.
    package static func wireForm(stored: Data, held: Bool) throws -> Data {
        guard held else { return stored }
        return Data(try WireFormat.bytes(try storedDecoder.decode(Presentation.self, from: stored)))
    }
}

extension NotificationRequest {
    /// The request as the stores keep it, which is also its wire form byte for byte (it holds no dates):
    /// an add encodes it once, stores these bytes and replies with them.
    package func storedForm() throws -> Data { try storedEncoder.encode(self) }
}

/// Values many rows share byte for byte, decoded once: centers authorized alike have the same settings,
/// and most have the same state, so a campaign to a million centers need not decode them a million times.
private let sharedForms = SharedForms<SharedFormKey, any Sendable>()

private struct SharedFormKey: Hashable, Sendable {
    var type: ObjectIdentifier
    var bytes: Data
}

/// The same the other way: the bytes of the values encoded last.
private let sharedBytes = SharedForms<SharedValueKey, Data>()

/// The bytes of the presentations encoded last, by the presentation itself: every firing encodes one, and
/// a batch's are a few alike (no `AnyHashable` box to make and compare for each).
private let sharedPresentations = SharedForms<Presentation, Data>()

/// A value of a `Sendable` type (`encodeShared` demands it), so the box is too.
private struct SharedValueKey: Hashable, @unchecked Sendable {
    var value: AnyHashable
}

extension StoredForm {
    /// `decode`, through a small cache of the values decoded last: for forms that repeat across rows.
    package static func decodeShared<T: Decodable & Sendable>(_ type: T.Type, _ data: Data) throws -> T {
        let value = try sharedForms.value(for: SharedFormKey(type: ObjectIdentifier(type), bytes: data)) { try decode(type, data) }
        // The key holds the type, so the value is a T.
        return value as! T
    }

    /// `encode`, through a small cache of the values encoded last: for forms that repeat across rows.
    package static func encodeShared<T: Encodable & Hashable & Sendable>(_ value: T) throws -> Data {
        try sharedBytes.value(for: SharedValueKey(value: AnyHashable(value))) { try encode(value) }
    }

    /// `encodeShared` for the form every firing encodes.
    package static func encodeShared(_ presentation: Presentation) throws -> Data {
        try sharedPresentations.value(for: presentation) { try encode(presentation) }
    }

    package static func encode<T: Encodable>(_ value: T) throws -> Data { try storedEncoder.encode(value) }
    package static func decode<T: Decodable>(_ type: T.Type, _ data: Data) throws -> T { try storedDecoder.decode(type, from: data) }
    package static func milliseconds(_ date: Date) -> Int64 { Int64((date.timeIntervalSince1970 * 1000).rounded()) }
    package static func date(_ milliseconds: Int64) -> Date { Date(timeIntervalSince1970: Double(milliseconds) / 1000) }
    /// A new random token (revisions, claims): unique in practice, and no shared counter to update.
    package static func newToken() -> Int64 { Int64.random(in: 1...Int64.max) }
}
