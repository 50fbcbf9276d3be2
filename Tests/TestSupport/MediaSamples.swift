/// Small but structurally real media files, built byte by byte, for the sniffer and the API tests.
package enum MediaSamples {
    package static func png(padding: Int = 0) -> [UInt8] {
        var bytes: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        bytes += [0, 0, 0, 13] + Array("IHDR".utf8) + [0, 0, 0, 1, 0, 0, 0, 1, 8, 6, 0, 0, 0] + [0x1F, 0x15, 0xC4, 0x89]
        if padding > 0 { bytes += be32(padding) + Array("tEXt".utf8) + Array(repeating: 0x41, count: padding) + [0, 0, 0, 0] }
        bytes += [0, 0, 0, 0] + Array("IEND".utf8) + [0xAE, 0x42, 0x60, 0x82]
        return bytes
    }

    /// A PNG, a WAV and an MP4 of exactly `size` bytes (for the caps).
    package static func png(size: Int) -> [UInt8] { png(padding: size - png().count - 12) }
    package static func wav(size: Int) -> [UInt8] { wav(padding: size - wav().count) }
    package static func mp4(size: Int) -> [UInt8] { mp4(padding: size - mp4().count) }

    package static func jpeg(padding: Int = 0) -> [UInt8] {
        [0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x10] + Array("JFIF".utf8) + [0, 1, 1, 0, 0, 1, 0, 1, 0, 0] + Array(repeating: 0, count: padding)
            + [0xFF, 0xD9]
    }

    package static func gif() -> [UInt8] {
        Array("GIF89a".utf8) + [1, 0, 1, 0, 0, 0, 0] + [0x2C, 0, 0, 0, 0, 1, 0, 1, 0, 0, 2, 2, 0x44, 0x01, 0] + [0x3B]
    }

    package static func heic() -> [UInt8] { ftyp("heic", compatible: ["mif1", "heic"]) + box("meta", 8) }
    package static func m4a() -> [UInt8] { ftyp("M4A ", compatible: ["M4A ", "mp42", "isom"]) + box("mdat", 16) }
    package static func mp4(padding: Int = 0) -> [UInt8] { ftyp("isom", compatible: ["isom", "iso2", "mp41"]) + box("mdat", 16 + padding) }

    package static func wav(padding: Int = 0) -> [UInt8] {
        riff("WAVE", body: Array("fmt ".utf8) + le32(16) + Array(repeating: 0, count: 16 + padding))
    }
    package static func avi() -> [UInt8] { riff("AVI ", body: Array("LIST".utf8) + le32(4) + Array("hdrl".utf8)) }

    package static func aiff() -> [UInt8] {
        let body = Array("AIFF".utf8) + Array("COMM".utf8) + be32(18) + Array(repeating: 0, count: 18)
        return Array("FORM".utf8) + be32(body.count) + body
    }

    package static func mp3() -> [UInt8] { [0xFF, 0xFB, 0x90, 0x64] + Array(repeating: 0, count: 413) }
    package static func mp3WithTag() -> [UInt8] { Array("ID3".utf8) + [4, 0, 0, 0, 0, 0, 0] + mp3() }
    package static func mpeg1() -> [UInt8] { [0x00, 0x00, 0x01, 0xBA, 0x21, 0x00, 0x01, 0x00, 0x01, 0x80, 0x1B, 0x91] + [0, 0, 1, 0xB9] }
    package static func mpeg2() -> [UInt8] {
        [0x00, 0x00, 0x01, 0xBA, 0x44, 0x00, 0x04, 0x00, 0x04, 0x01, 0x01, 0x89, 0xC3, 0xF8] + [0, 0, 1, 0xB9]
    }

    package static func transportStream() -> [UInt8] {
        (0..<3).flatMap { _ in [0x47, 0x40, 0x00, 0x10] + Array(repeating: 0xFF, count: 184) }
    }

    package static func ftyp(_ brand: String, compatible: [String]) -> [UInt8] {
        let body = Array(brand.utf8) + [0, 0, 2, 0] + compatible.flatMap { Array($0.utf8) }
        return be32(body.count + 8) + Array("ftyp".utf8) + body
    }

    package static func box(_ type: String, _ size: Int) -> [UInt8] { be32(size) + Array(type.utf8) + Array(repeating: 0, count: size - 8) }

    package static func riff(_ form: String, body: [UInt8]) -> [UInt8] {
        Array("RIFF".utf8) + le32(body.count + 4) + Array(form.utf8) + body
    }

    package static func be32(_ value: Int) -> [UInt8] { [24, 16, 8, 0].map { UInt8((value >> $0) & 0xFF) } }
    package static func le32(_ value: Int) -> [UInt8] { [0, 8, 16, 24].map { UInt8((value >> $0) & 0xFF) } }
}
