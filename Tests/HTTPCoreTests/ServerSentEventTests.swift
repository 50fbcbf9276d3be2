import HTTPCore
import StrictJSON
import Testing

@Suite struct ServerSentEventTests {
    @Test func eventsAreEncodedLineByLine() {
        let event = ServerSentEvent(id: "7", event: "presented", data: "line one\nline two", retry: 1500)
        #expect(
            String(decoding: event.encoded, as: UTF8.self) == "id: 7\nevent: presented\nretry: 1500\ndata: line one\ndata: line two\n\n")
    }

    @Test func newlinesCannotBreakOutOfIdOrEventFields() {
        let event = ServerSentEvent(id: "1\ndata: injected", event: "a\rb", data: "x")
        #expect(String(decoding: event.encoded, as: UTF8.self) == "id: 1data: injected\nevent: ab\ndata: x\n\n")
    }

    @Test func jsonWriterEscapes() throws {
        var writer = JSONWriter()
        writer.object { $0.field("k\"", "a\\b\n\u{1}") }
        #expect(String(decoding: writer.bytes, as: UTF8.self) == #"{"k\"":"a\\b\n\u0001"}"#)
        // Every control character as the service's encoder writes it, `/` as it is.
        let controls = String((0..<0x20).map { Character(Unicode.Scalar(UInt8($0))) }) + "/é"
        var all = JSONWriter()
        all.object { $0.field("s", controls) }
        #expect(all.bytes == Array(#"{"s":"#.utf8) + (try WireFormat.bytes(controls)) + [UInt8(ascii: "}")])
    }
}
