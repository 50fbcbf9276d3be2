import ErrorCodes
import Foundation
import HTTPCore
import StrictJSON
import Testing

/// Request bodies are RFC 8259 JSON and nothing more: what Foundation's lenient parser let through is
/// refused with `malformedJSON` or `duplicateField`, and the values that do parse keep every byte.
@Suite struct StrictJSONTests {
    struct Item: Codable, Equatable {
        var identifier: String
        var count: Int?
        var ratio: Double?
    }

    func decode(_ json: String) throws -> Item {
        try JSONBody.decode(Item.self, from: Array(json.utf8))
    }

    func decode(bytes: [UInt8]) throws -> Item {
        try JSONBody.decode(Item.self, from: bytes)
    }

    @Test(arguments: [
        #"{"identifier":"tc",}"#, #"{"identifier":"tc",,"count":1}"#, #"{"identifier":["a",]}"#, #"{"identifier":'tc'}"#,
        #"{identifier:"tc"}"#, #"{"identifier":"tc"} x"#, #"{"identifier":"tc"}{"#, #"// c"# + "\n" + #"{"identifier":"tc"}"#,
        #"{"identifier":"tc","count":01}"#, #"{"identifier":"tc","count":NaN}"#, #"{"identifier":"tc","ratio":.5}"#,
        #"{"identifier":"tc","ratio":1.}"#, #"{"identifier":"tc","count":+1}"#, #"{"identifier":"t\x"}"#,
        #"{"identifier":"\ud800"}"#, #"{"identifier":"\udc00x"}"#, #"{"identifier":"\u12"}"#, "{\"identifier\":\"a\tb\"}",
        #"{"identifier":"tc","count":1,}"#, "", " ", #"{"identifier":"tc""#, #"{"identifier":True}"#,
    ])
    func nonStandardJSONIsMalformed(json: String) {
        #expect(throws: Problem.self) { try decode(json) }
        #expect {
            try decode(json)
        } throws: { ($0 as? Problem)?.code.rawValue == "malformedJSON" || ($0 as? Problem)?.code.rawValue == "invalidField" }
    }

    @Test func trailingCommasAreMalformedJSON() {
        #expect { try decode(#"{"identifier":"tc",}"#) } throws: { ($0 as? Problem)?.code.rawValue == "malformedJSON" }
    }

    @Test func duplicateMembersAreRefusedWithTheirName() {
        #expect {
            try decode(#"{"identifier":"a","identifier":"b"}"#)
        } throws: { error in
            guard let problem = error as? Problem else { return false }
            return problem.code.rawValue == "duplicateField" && problem.detail.contains("'identifier'")
        }
    }

    @Test func invalidUTF8IsMalformed() {
        let bytes = Array(#"{"identifier":""#.utf8) + [0xC3, 0x28] + Array(#""}"#.utf8)
        #expect { try decode(bytes: bytes) } throws: { ($0 as? Problem)?.code.rawValue == "malformedJSON" }
    }

    @Test func deepNestingIsRefusedNotACrash() {
        let json = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        #expect { try decode(json) } throws: { ($0 as? Problem)?.detail.contains("nested more than") == true }
    }

    @Test func escapesAndNULSurviveWhole() throws {
        let item = try decode(#"{"identifier":"a\u0000b \"q\" \\ \/ \ud83d\ude00 é"}"#)
        #expect(item.identifier == "a\u{0}b \"q\" \\ / 😀 é")
        #expect(item.identifier.unicodeScalars.count == 15)
    }

    @Test(arguments: [
        (#"{"identifier":"a","count":3.0}"#, 3), (#"{"identifier":"a","count":1e2}"#, 100), (#"{"identifier":"a","count":-0}"#, 0),
    ])
    func integralNumbersAreIntegers(json: String, count: Int) throws {
        #expect(try decode(json).count == count)
    }

    @Test(arguments: [#"{"identifier":"a","count":1.5}"#, #"{"identifier":"a","count":1e40}"#, #"{"identifier":"a","ratio":1e400}"#])
    func numbersOutOfRangeAreInvalidFields(json: String) {
        #expect { try decode(json) } throws: { ($0 as? Problem)?.code.rawValue == "invalidField" }
    }

    @Test func numbersKeepTheirPrecision() throws {
        #expect(try decode(#"{"identifier":"a","ratio":0.1}"#).ratio == 0.1)
        #expect(try decode(#"{"identifier":"a","count":9007199254740993}"#).count == 9_007_199_254_740_993)
    }
}

/// Free-form JSON (`userInfo`) keeps nulls wherever they are, nested in arrays and objects alike.
@Suite struct FreeFormJSONTests {
    struct Holder: Codable, Equatable {
        var info: [String: Value]
    }

    /// A JSON value, decoded the way `JSONValue` decodes (trying each kind in turn).
    enum Value: Codable, Equatable {
        case null, bool(Bool), number(Double), string(String), array([Value]), object([String: Value])

        init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            if container.decodeNil() {
                self = .null
            } else if let value = try? container.decode(Bool.self) {
                self = .bool(value)
            } else if let value = try? container.decode(Double.self) {
                self = .number(value)
            } else if let value = try? container.decode(String.self) {
                self = .string(value)
            } else if let value = try? container.decode([Value].self) {
                self = .array(value)
            } else {
                self = .object(try container.decode([String: Value].self))
            }
        }
    }

    @Test func nullsInsideFreeFormValuesStay() throws {
        let holder = try JSONBody.decode(Holder.self, from: Array(#"{"info":{"a":[[null]],"b":{"c":null,"d":[null,1,"x"]}}}"#.utf8))
        #expect(holder.info["a"] == .array([.array([.null])]))
        #expect(holder.info["b"] == .object(["c": .null, "d": .array([.null, .number(1), .string("x")])]))
    }
}

/// An add replies with its request's stored form and a member put in: the bytes must be the encoder's own.
@Suite struct WireFormatInsertionTests {
    struct Stored: Encodable {
        var content: [String: String]
        var identifier: String
        var trigger: [String: [Int]]?
    }

    struct Shown: Encodable {
        var content: [String: String]
        var identifier: String
        var nextTriggerDate: String
        var trigger: [String: [Int]]
    }

    @Test(arguments: [
        (["title": "Tea", "body": "a/b \"quoted\" ,\"trigger\":{}}"], "tea"),
        (["title": "ünïcödé ✓", "url": "https://example.com/x?y=1"], "id with \"trigger\":[1]}"),
    ])
    func insertingBeforeTheLastMemberWritesWhatTheEncoderWrites(content: [String: String], identifier: String) throws {
        let trigger = ["repeats": [1, 2, 3]]
        let stored = try WireFormat.bytes(Stored(content: content, identifier: identifier, trigger: trigger))
        let inserted = WireFormat.inserting(
            "nextTriggerDate", try WireFormat.bytes("2027-01-15T08:00:00.250Z"), beforeLast: "trigger", into: stored)
        let expected = try WireFormat.bytes(
            Shown(content: content, identifier: identifier, nextTriggerDate: "2027-01-15T08:00:00.250Z", trigger: trigger))
        #expect(inserted == expected)
    }

    @Test func anObjectThatDoesNotEndWithTheMemberIsRefused() throws {
        func inserted(_ object: [UInt8]) -> [UInt8]? {
            WireFormat.inserting("nextTriggerDate", Array("\"d\"".utf8), beforeLast: "trigger", into: object)
        }
        #expect(inserted(try WireFormat.bytes(Stored(content: ["title": "x"], identifier: "a", trigger: nil))) == nil, "no such member")
        #expect(
            inserted(try WireFormat.bytes(Stored(content: ["trigger": "x"], identifier: "a", trigger: nil))) == nil, "a nested member")
        #expect(
            inserted(try WireFormat.bytes(Stored(content: ["title": "x"], identifier: ",\"trigger\":1}", trigger: nil))) == nil,
            "the member's text inside a string")
        #expect(inserted(Array(#"{"content":{},"trigger":{},"zone":1}"#.utf8)) == nil, "a member after it")
        #expect(inserted(Array(#"{"content":{},"trigger":{}"#.utf8)) == nil, "an object left open")
        #expect(inserted(Array(#"{"a":"\\","trigger":[1]}"#.utf8)) == Array(#"{"a":"\\","nextTriggerDate":"d","trigger":[1]}"#.utf8))
    }
}
