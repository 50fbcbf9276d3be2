/// Base64url without padding (RFC 4648 §5), as Web Push writes keys, salts, tokens and JWTs. By hand: a
/// push encodes several of these, and Foundation's base64 plus string replacement cost more than the rest.
package enum Base64URL {
    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".utf8)
    private static let values: [UInt8] = {
        var values = [UInt8](repeating: 0xFF, count: 256)
        for (index, byte) in alphabet.enumerated() { values[Int(byte)] = UInt8(index) }
        return values
    }()

    package static func encode(_ bytes: some Sequence<UInt8>) -> String {
        bytes.withContiguousStorageIfAvailable(encode) ?? Array(bytes).withUnsafeBufferPointer(encode)
    }

    /// Written straight into the string's storage: a token or a key is encoded on every push.
    private static func encode(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        String(unsafeUninitializedCapacity: (bytes.count * 4 + 2) / 3) { output in
            var (index, written) = (0, 0)
            /// The first `digits` of the four six-bit digits of `value`'s low 24 bits.
            func put(_ value: UInt32, _ digits: Int) {
                var shift: UInt32 = 18
                for _ in 0..<digits {
                    output[written] = alphabet[Int(value >> shift & 63)]
                    written += 1
                    shift &-= 6
                }
            }
            while index + 3 <= bytes.count {
                put(UInt32(bytes[index]) << 16 | UInt32(bytes[index + 1]) << 8 | UInt32(bytes[index + 2]), 4)
                index += 3
            }
            switch bytes.count - index {
            case 1: put(UInt32(bytes[index]) << 16, 2)
            case 2: put(UInt32(bytes[index]) << 16 | UInt32(bytes[index + 1]) << 8, 3)
            default: break
            }
            return written
        }
    }

    /// The bytes of a base64url text (padding optional); nil if it is not base64url.
    package static func decode(_ text: String) -> [UInt8]? {
        var digits = Array(text.utf8)
        while digits.last == UInt8(ascii: "=") { digits.removeLast() }
        guard digits.count % 4 != 1 else { return nil }
        var output: [UInt8] = []
        output.reserveCapacity(digits.count * 3 / 4)
        var accumulator: UInt32 = 0
        var bits = 0
        for digit in digits {
            let value = values[Int(digit)]
            guard value != 0xFF else { return nil }
            accumulator = accumulator << 6 | UInt32(value)
            bits += 6
            if bits >= 8 {
                bits -= 8
                output.append(UInt8(accumulator >> UInt32(bits) & 0xFF))
            }
        }
        // The bits left over must be zero (a canonical encoding).
        guard accumulator & ((1 << UInt32(bits)) - 1) == 0 else { return nil }
        return output
    }
}
