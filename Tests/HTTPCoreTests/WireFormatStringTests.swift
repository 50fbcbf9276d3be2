import Foundation
import StrictJSON
import Testing

/// The string writer that webhook bodies use instead of the encoder writes what the encoder writes.
@Suite struct WireFormatStringTests {
    @Test func everyASCIICharacterAsTheEncoderWritesIt() throws {
        for scalar in (0..<0x80).compactMap(Unicode.Scalar.init) {
            let text = "a\(Character(scalar))z"
            #expect(WireFormat.string(text) == (try WireFormat.bytes(text)), "U+\(String(scalar.value, radix: 16))")
        }
    }

    @Test(arguments: [
        "", "phone-1", "quote\"and\\slash/", "zone-ünïcode", "emoji 🛎️", "line\u{2028}separator", "del\u{7F}", "nul\u{0}",
        "\"\u{1}\n\\ends in an escape\t",
    ])
    func textAsTheEncoderWritesIt(_ text: String) throws {
        #expect(WireFormat.string(text) == (try WireFormat.bytes(text)))
    }
}
