import StrictJSON
import Testing

/// `WireReader` reads JSON as written, in place, or declines: every text that is not JSON, and every
/// value not of the kind asked (a number with a fraction for an integer, an escaped lone surrogate, text
/// that is not UTF-8, a member named twice), throws `Declined` rather than being read some other way.
@Suite struct WireReaderTests {
    static func reader(_ text: String) -> WireReader { WireReader(Array(text.utf8)) }

    @Test(arguments: [
        (#""plain""#, "plain"), (#""a\"b\\c\/d""#, #"a"b\c/d"#), (#""\b\f\n\r\t""#, "\u{8}\u{c}\n\r\t"),
        (#""caf\u00e9 \u00E9""#, "café é"), (#""\ud83d\ude00 and 😀""#, "😀 and 😀"), (#""\u0000""#, "\u{0}"),
        (#""""#, ""), (#""ünïcödé 你好""#, "ünïcödé 你好"),
    ])
    func stringsAreReadWithTheirEscapes(text: String, expected: String) throws {
        var reader = Self.reader(text)
        #expect(try reader.string() == expected)
        try reader.end()
    }

    @Test(arguments: [
        #""a\x""#, #""\ud800""#, #""\ud800\u0041""#, #""\udc00""#, #""\u12""#, "\"a\tb\"", #""unterminated"#, #"'single'"#, "42",
    ])
    func stringsThatAreNotJSONStringsAreDeclined(text: String) {
        var reader = Self.reader(text)
        #expect(throws: WireReader.Declined.self) { try reader.string() }
    }

    @Test func bytesThatAreNotUTF8AreDeclined() {
        var reader = WireReader([UInt8(ascii: "\""), 0xFF, 0xFE, UInt8(ascii: "\"")])
        #expect(throws: WireReader.Declined.self) { try reader.string() }
    }

    @Test(arguments: [("0", 0), ("-12", -12), ("9223372036854775807", Int.max), ("-9223372036854775808", Int.min), (" 7 ", 7)])
    func wholeNumbersAreIntegers(text: String, expected: Int) throws {
        var reader = Self.reader(text)
        #expect(try reader.integer() == expected)
        try reader.end()
    }

    @Test(arguments: ["01", "1.5", "1e3", "2.0", "9223372036854775808", "-", "12a", "\"1\"", "true", "+1"])
    func otherNumbersAreNotIntegers(text: String) {
        var reader = Self.reader(text)
        #expect(throws: WireReader.Declined.self) { try reader.integer() }
    }

    @Test func objectsAndArraysAreReadMemberByMember() throws {
        var reader = Self.reader(
            #" { "count": 2, "extra": {"a": [1, 2.5e-3, -0.0, {}]}, "iced" : false, "name": "tea", "note": null, "tags": ["green", "hot"] } "#
        )
        var read: [String] = []
        var values: [String: String] = [:]
        try reader.members { reader, name in
            read.append(name)
            switch name {
            case "name": values[name] = try reader.string()
            case "tags": values[name] = try reader.strings().joined(separator: ",")
            case "count": values[name] = try reader.optionalInteger().map(String.init)
            case "iced": values[name] = String(try reader.bool())
            case "note": values[name] = try reader.optionalString() ?? "null"
            default: values[name] = String(decoding: try reader.raw(), as: UTF8.self)
            }
        }
        try reader.end()
        #expect(
            values == [
                "name": "tea", "tags": "green,hot", "count": "2", "iced": "false", "note": "null",
                "extra": #"{"a": [1, 2.5e-3, -0.0, {}]}"#,
            ])
        #expect(read == ["count", "extra", "iced", "name", "note", "tags"])
    }

    @Test(arguments: [
        #"[1 2]"#, #"[1,]"#, #"{"a":}"#, #"{"a" 1}"#, #"{"a":1,}"#, #"{a:1}"#, "tru", "nul", "[01]", "[1.]", "[.5]", "[1e]", "[-]",
        #"{"a":1}}"#, #"["a"]]"#, "[", "{", #"{"a":1,"a":2}"#, String(repeating: "[", count: 200) + String(repeating: "]", count: 200),
    ])
    func textThatIsNotJSONIsDeclinedWhenSkipped(text: String) {
        var reader = Self.reader(text)
        #expect(throws: WireReader.Declined.self) {
            try reader.skip()
            try reader.end()
        }
    }

    /// Names come sorted, as `WireFormat` writes them: in another order, or one name twice, the object is
    /// declined.
    @Test(arguments: [#"{"title":"a","title":"b"}"#, #"{"title":"a","body":"b"}"#])
    func membersOutOfOrderOrNamedTwiceAreDeclined(text: String) {
        var reader = Self.reader(text)
        #expect(throws: WireReader.Declined.self) { try reader.members { reader, _ in _ = try reader.string() } }
    }
}
