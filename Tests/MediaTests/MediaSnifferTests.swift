import ErrorCodes
import NotificationCore
import TestSupport
import Testing

@testable import Media

@Suite struct MediaSnifferTests {
    static func verdict(_ bytes: [UInt8]) -> MediaSniffer.Verdict {
        MediaSniffer.detect(
            head: Array(bytes.prefix(MediaSniffer.headBytes)), tail: Array(bytes.suffix(MediaSniffer.tailBytes)), size: bytes.count)
    }

    @Test(arguments: [
        (MediaSamples.jpeg(), MediaType.jpeg), (MediaSamples.png(), .png), (MediaSamples.gif(), .gif), (MediaSamples.heic(), .heic),
        (MediaSamples.aiff(), .aiff), (MediaSamples.wav(), .wav), (MediaSamples.mp3(), .mp3), (MediaSamples.mp3WithTag(), .mp3),
        (MediaSamples.m4a(), .m4a), (MediaSamples.mpeg1(), .mpeg), (MediaSamples.mpeg2(), .mpeg2),
        (MediaSamples.transportStream(), .mpeg2Transport), (MediaSamples.mp4(), .mp4), (MediaSamples.avi(), .avi),
    ])
    func recognizesEachSupportedType(bytes: [UInt8], expected: MediaType) {
        #expect(Self.verdict(bytes) == .recognized(expected))
    }

    @Test(arguments: [
        Array("hello, this is plain text".utf8), Array("<svg xmlns='http://www.w3.org/2000/svg'/>".utf8),
        Array("%PDF-1.7\n".utf8) + Array(repeating: 0, count: 40),
        // QuickTime and WebP are real media, but not the framework's.
        MediaSamples.ftyp("qt  ", compatible: ["qt  "]) + MediaSamples.box("mdat", 8),
        MediaSamples.riff("WEBP", body: Array("VP8 ".utf8) + MediaSamples.le32(0)),
        [0xFF, 0xFB, 0xF0, 0x00],  // bad bit rate: not an MP3 frame
    ])
    func refusesOtherContent(bytes: [UInt8]) {
        #expect(Self.verdict(bytes) == .unrecognized)
    }

    @Test func spotsTruncatedFiles() {
        let png = MediaSamples.png()
        guard case .corrupt(.png, _) = Self.verdict(Array(png.dropLast(12))) else { Issue.record("PNG without IEND"); return }
        guard case .corrupt(.jpeg, _) = Self.verdict(Array(MediaSamples.jpeg().dropLast(2))) else {
            Issue.record("JPEG without EOI"); return
        }
        guard case .corrupt(.gif, _) = Self.verdict(Array(MediaSamples.gif().dropLast())) else {
            Issue.record("GIF without trailer"); return
        }
        guard case .corrupt(.wav, _) = Self.verdict(Array(MediaSamples.wav().dropLast(4))) else { Issue.record("short RIFF"); return }
        guard case .corrupt(.aiff, _) = Self.verdict(Array(MediaSamples.aiff().dropLast(4))) else { Issue.record("short FORM"); return }
        let mp4 = MediaSamples.mp4()
        guard case .corrupt(.mp4, _) = Self.verdict(Array(mp4.prefix(20))) else { Issue.record("ftyp past the end"); return }
    }

    /// The code of the `NotificationError` thrown, if any.
    static func code(_ body: () throws -> Any) -> String? {
        do {
            _ = try body()
            return nil
        } catch {
            return (error as? NotificationError)?.code.rawValue
        }
    }

    @Test func capsPerKindAreTheFrameworks() {
        #expect(MediaKind.image.maxBytes == 10_000_000)
        #expect(MediaKind.audio.maxBytes == 5_000_000)
        #expect(MediaKind.video.maxBytes == 50_000_000)
        #expect(MediaKind.largestBytes == 50_000_000)
    }

    @Test func sizeAndHintChecks() throws {
        let png = MediaSamples.png()
        let file = (head: png, tail: Array(png.suffix(64)), size: png.count, sha256: "")
        #expect(try MediaLibrary.type(of: file, typeHint: nil) == .png)
        #expect(try MediaLibrary.type(of: file, typeHint: "public.png") == .png)
        #expect(Self.code { try MediaLibrary.type(of: file, typeHint: "public.jpeg") } == "attachmentUnrecognizedType")
        #expect(Self.code { try MediaLibrary.type(of: file, typeHint: "public.svg") } == "attachmentUnrecognizedType")
        let atCap = (head: png, tail: Array(png.suffix(64)), size: 10_000_000, sha256: "")
        #expect(try MediaLibrary.type(of: atCap, typeHint: nil) == .png)
        let overCap = (head: png, tail: Array(png.suffix(64)), size: 10_000_001, sha256: "")
        #expect(Self.code { try MediaLibrary.type(of: overCap, typeHint: nil) } == "attachmentInvalidFileSize")
    }
}
