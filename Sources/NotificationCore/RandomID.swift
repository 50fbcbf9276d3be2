/// Random identifiers and secrets in lowercase hex, from the system's secure generator.
package enum RandomID {
    /// `bytes` random bytes as hex (twice as many digits).
    package static func hex(bytes: Int) -> String {
        var generator = SystemRandomNumberGenerator()
        return String(unsafeUninitializedCapacity: bytes * 2) { digits in
            // Eight bytes a draw: each draw from the system's generator is a call into the kernel.
            var word: UInt64 = 0
            for index in 0..<bytes {
                if index % 8 == 0 { word = generator.next() }
                let byte = UInt8(truncatingIfNeeded: word)
                word >>= 8
                digits[2 * index] = hexDigits[Int(byte >> 4)]
                digits[2 * index + 1] = hexDigits[Int(byte & 15)]
            }
            return bytes * 2
        }
    }

    private static let hexDigits = Array("0123456789abcdef".utf8)
}
