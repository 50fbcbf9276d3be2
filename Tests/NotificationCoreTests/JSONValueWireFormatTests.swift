import Foundation
import StrictJSON
import TestSupport
import Testing

@testable import NotificationCore

/// `JSONValue.wireBytes()` writes what `WireFormat.bytes` (the service's `JSONEncoder`) writes, byte for
/// byte: APNs and FCM payloads changed writer, not form.
@Suite struct JSONValueWireFormatTests {
    static func expectSame(_ value: JSONValue, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let expected = String(decoding: try WireFormat.bytes(value), as: UTF8.self)
        let written = String(decoding: try value.wireBytes(), as: UTF8.self)
        #expect(written == expected, sourceLocation: sourceLocation)
    }

    @Test(arguments: [
        0, -0.0, 1, -1, 0.5, 0.1, 100, 1e-7, 123_456_789.125, 999_999_999_999_999, 1e15, -1e15, 1.5e16, 1e16, 1e21, 3e300,
        2.5e-300, Double.leastNonzeroMagnitude, Double.greatestFiniteMagnitude, 9_007_199_254_740_992, -123.456,
    ])
    func numbers(_ value: Double) throws {
        try Self.expectSame(.number(value))
        try Self.expectSame(.array([.number(value)]))
    }

    @Test(arguments: [
        "", "plain", "a/b/c", #"quote " and backslash \"#, "\u{0}\u{1}\u{8}\u{9}\u{A}\u{B}\u{C}\u{D}\u{1F}", "\u{7F}\u{80}\u{2028}\u{2029}",
        "é e\u{301} 😀 ｚ \u{FFFD} \u{10FFFF}",
    ])
    func strings(_ value: String) throws {
        try Self.expectSame(.string(value))
        try Self.expectSame(.object([value: .string(value)]))
    }

    /// Keys in the encoder's order: by their scalars as written (a decomposed `é` sorts by its `e`, a
    /// scalar beyond the BMP after U+E000, digits before `_` before letters), not `String`'s order.
    @Test func keysSortAsTheEncoderSortsThem() throws {
        let keys = [
            "", "B", "Z", "_x", "a", "a-b", "a10", "a2", "a_b", "aa", "ab", "e\u{301}x", "éa", "ｚ", "😀", "\u{E000}", "\u{10000}",
            "\u{FB01}",
        ]
        try Self.expectSame(.object(Dictionary(uniqueKeysWithValues: keys.enumerated().map { ($1, .number(Double($0))) })))
    }

    @Test func anAPNsPayloadAsAWhole() throws {
        try Self.expectSame(
            .object([
                "aps": .object([
                    "alert": .object(["title": .string("Tea"), "body": .string("Your tea has steeped.\nEnjoy.")]), "badge": .number(3),
                    "sound": .object(["critical": .number(1), "name": .string("default"), "volume": .number(0.8)]),
                    "interruption-level": .string("time-sensitive"), "mutable-content": .number(1), "relevance-score": .number(0.25),
                ]),
                "usernotifyd": .object(["center": .string("phone-1"), "identifier": .string("tea"), "responseToken": .string("wpr_x.y")]),
                "custom": .array([.null, .bool(true), .bool(false), .array([]), .object([:]), .string("https://example.com/a?b=c")]),
            ]))
    }

    /// Random documents from a fixed seed: every shape nested in every other.
    @Test func randomDocuments() throws {
        var random = SeededRandom(seed: 0x5EED)
        for _ in 0..<500 { try Self.expectSame(Self.randomValue(depth: 0, &random)) }
    }

    @Test func nonFiniteNumbersThrowAsTheEncoderDoes() {
        for value in [Double.nan, .infinity, -.infinity] {
            #expect(throws: EncodingError.self) { try JSONValue.array([.number(value)]).wireBytes() }
            #expect(throws: EncodingError.self) { try WireFormat.bytes(JSONValue.array([.number(value)])) }
        }
    }

    private static func randomValue(depth: Int, _ random: inout SeededRandom) -> JSONValue {
        let alphabet = Array("aZ_-/\"\\\n\u{1}é😀e\u{301} 09.")
        func text() -> String { String((0..<Int.random(in: 0...6, using: &random)).map { _ in alphabet.randomElement(using: &random)! }) }
        switch Int.random(in: 0..<(depth < 3 ? 7 : 5), using: &random) {
        case 0: return .null
        case 1: return .bool(Bool.random(using: &random))
        case 2:
            let scale = [1.0, 0.001, 1e10, 1e16, 1e-9, 1e300].randomElement(using: &random)!
            let number = Double.random(in: -1000...1000, using: &random) * scale
            return .number(Bool.random(using: &random) ? number.rounded() : number)
        case 3, 4: return .string(text())
        case 5: return .array((0..<Int.random(in: 0...4, using: &random)).map { _ in randomValue(depth: depth + 1, &random) })
        default:
            var members: [String: JSONValue] = [:]
            for _ in 0..<Int.random(in: 0...5, using: &random) { members[text()] = randomValue(depth: depth + 1, &random) }
            return .object(members)
        }
    }
}
