/// Decides a file's type from its content — the first and last bytes and the size — never from a name or
/// a Content-Type header, and spots files whose structure is cut short or contradicts itself.
package enum MediaSniffer {
    /// How many bytes from each end `detect` wants.
    package static let headBytes = 4096
    package static let tailBytes = 64

    package enum Verdict: Sendable, Equatable {
        case recognized(MediaType)
        case unrecognized
        /// The type is known from the signature, but the file is truncated or inconsistent.
        case corrupt(MediaType, String)
    }

    /// `head` is the first `min(size, headBytes)` bytes, `tail` the last `min(size, tailBytes)`.
    package static func detect(head: [UInt8], tail: [UInt8], size: Int) -> Verdict {
        let bytes = Bytes(head)
        if bytes.starts(with: [0xFF, 0xD8, 0xFF]) {
            // Ends with the EOI marker (some writers pad after it).
            return tail.windows(2).contains([0xFF, 0xD9]) ? .recognized(.jpeg) : .corrupt(.jpeg, "the JPEG has no end-of-image marker")
        }
        if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) {
            guard bytes.ascii(12, 4) == "IHDR" else { return .corrupt(.png, "the PNG does not start with an IHDR chunk") }
            return tail.count >= 12 && Bytes(Array(tail.suffix(12))).ascii(4, 4) == "IEND"
                ? .recognized(.png) : .corrupt(.png, "the PNG has no IEND chunk at its end")
        }
        if bytes.ascii(0, 6) == "GIF87a" || bytes.ascii(0, 6) == "GIF89a" {
            return tail.last == 0x3B ? .recognized(.gif) : .corrupt(.gif, "the GIF has no trailer")
        }
        if let riff = riffForm(bytes) {
            let type: MediaType
            switch riff {
            case "WAVE": type = .wav
            case "AVI ": type = .avi
            default: return .unrecognized
            }
            // The RIFF size counts everything after the first 8 bytes.
            let declared = Int(bytes.uint32LE(4) ?? 0) + 8
            return declared <= size ? .recognized(type) : .corrupt(type, "the file is \(size) bytes but its header says \(declared)")
        }
        if bytes.ascii(0, 4) == "FORM", let form = bytes.ascii(8, 4), form == "AIFF" || form == "AIFC" {
            let declared = Int(bytes.uint32BE(4) ?? 0) + 8
            return declared <= size ? .recognized(.aiff) : .corrupt(.aiff, "the file is \(size) bytes but its header says \(declared)")
        }
        if bytes.ascii(4, 4) == "ftyp", let brand = bytes.ascii(8, 4) {
            return isoMedia(bytes, brand: brand, size: size)
        }
        if bytes.starts(with: [0x00, 0x00, 0x01, 0xBA]), let marker = bytes[4] {
            // The pack header says which MPEG: '01' bits for MPEG-2, '0010' for MPEG-1.
            if marker & 0xC0 == 0x40 { return .recognized(.mpeg2) }
            if marker & 0xF0 == 0x20 { return .recognized(.mpeg) }
            return .corrupt(.mpeg, "the MPEG pack header is neither MPEG-1 nor MPEG-2")
        }
        if bytes.starts(with: [0x00, 0x00, 0x01, 0xB3]) { return .recognized(.mpeg) }
        if isTransportStream(bytes, size: size) { return .recognized(.mpeg2Transport) }
        if bytes.ascii(0, 3) == "ID3" { return .recognized(.mp3) }
        if isMP3Frame(bytes) { return .recognized(.mp3) }
        return .unrecognized
    }

    private static func riffForm(_ bytes: Bytes) -> String? {
        bytes.ascii(0, 4) == "RIFF" ? bytes.ascii(8, 4) : nil
    }

    /// ISO base media (MP4, M4A, HEIC): the `ftyp` box's major and compatible brands decide.
    private static func isoMedia(_ bytes: Bytes, brand: String, size: Int) -> Verdict {
        let boxSize = Int(bytes.uint32BE(0) ?? 0)
        var brands = [brand]
        var offset = 16
        while offset + 4 <= min(boxSize, bytes.count) {
            if let compatible = bytes.ascii(offset, 4) { brands.append(compatible) }
            offset += 4
        }
        let type: MediaType
        if brands.contains(where: { ["heic", "heix", "hevc", "hevx", "heim", "heis", "mif1", "msf1"].contains($0) }) && brand != "isom" {
            type = .heic
        } else if ["M4A ", "M4B ", "M4P "].contains(brand) {
            type = .m4a
        } else if ["isom", "iso2", "iso4", "iso5", "iso6", "mp41", "mp42", "avc1", "M4V ", "M4VH", "M4VP", "dash", "MSNV", "3gp4", "3gp5"]
            .contains(brand)
        {
            type = .mp4
        } else {
            return .unrecognized
        }
        guard boxSize >= 16, boxSize % 4 == 0, boxSize <= size else {
            return .corrupt(type, "the ftyp box size \(boxSize) does not fit the file")
        }
        return .recognized(type)
    }

    /// MPEG-2 transport: 188-byte packets, each starting with the sync byte 0x47.
    private static func isTransportStream(_ bytes: Bytes, size: Int) -> Bool {
        guard size >= 188 * 2, size % 188 == 0, bytes[0] == 0x47 else { return false }
        var offset = 188
        while offset < bytes.count {
            guard bytes[offset] == 0x47 else { return false }
            offset += 188
        }
        return true
    }

    /// An MPEG audio frame header: 11 sync bits, layer III, a valid bit rate and sample rate.
    private static func isMP3Frame(_ bytes: Bytes) -> Bool {
        guard let first = bytes[0], let second = bytes[1], let third = bytes[2] else { return false }
        let sync = first == 0xFF && second & 0xE0 == 0xE0
        let version = (second >> 3) & 0x3
        let layer = (second >> 1) & 0x3
        let bitrate = third >> 4
        let sampleRate = (third >> 2) & 0x3
        return sync && version != 0b01 && layer == 0b01 && bitrate != 0 && bitrate != 0xF && sampleRate != 0x3
    }
}

/// Bounds-checked reads from the head of a file.
private struct Bytes {
    let storage: [UInt8]
    init(_ storage: [UInt8]) { self.storage = storage }

    var count: Int { storage.count }

    subscript(_ index: Int) -> UInt8? { index < storage.count ? storage[index] : nil }

    func starts(with prefix: [UInt8]) -> Bool { storage.starts(with: prefix) }

    func ascii(_ offset: Int, _ length: Int) -> String? {
        guard offset + length <= storage.count else { return nil }
        let slice = storage[offset..<(offset + length)]
        guard slice.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) else { return nil }
        return String(decoding: slice, as: UTF8.self)
    }

    func uint32BE(_ offset: Int) -> UInt32? {
        guard offset + 4 <= storage.count else { return nil }
        return storage[offset..<(offset + 4)].reduce(0) { $0 << 8 | UInt32($1) }
    }

    func uint32LE(_ offset: Int) -> UInt32? {
        guard offset + 4 <= storage.count else { return nil }
        return storage[offset..<(offset + 4)].reversed().reduce(0) { $0 << 8 | UInt32($1) }
    }
}

extension Array where Element == UInt8 {
    fileprivate func windows(_ size: Int) -> [[UInt8]] {
        guard count >= size else { return [] }
        return (0...(count - size)).map { Array(self[$0..<($0 + size)]) }
    }
}
