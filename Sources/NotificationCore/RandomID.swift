#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Random identifiers and secrets in lowercase hex, from the system's secure generator.
package enum RandomID {
    /// `bytes` random bytes as hex (twice as many digits).
    package static func hex(bytes: Int) -> String {
        String(unsafeUninitializedCapacity: bytes * 2) { digits in
            // All the bytes in one call into the kernel (`SystemRandomNumberGenerator` makes one for each eight),
            // drawn into the second half of the buffer, each then written as two digits from the front.
            let drawn = UnsafeMutableBufferPointer(rebasing: digits[bytes...])
            fill(drawn)
            for index in 0..<bytes {
                let byte = drawn[index]
                digits[2 * index] = hexDigits[Int(byte >> 4)]
                digits[2 * index + 1] = hexDigits[Int(byte & 15)]
            }
            return bytes * 2
        }
    }

    /// Fills `buffer` from the kernel's secure generator (`getentropy`: at most 256 bytes a call).
    private static func fill(_ buffer: UnsafeMutableBufferPointer<UInt8>) {
        for start in stride(from: 0, to: buffer.count, by: 256) {
            let count = min(256, buffer.count - start)
            guard getentropy(buffer.baseAddress! + start, count) == 0 else {
                // Not expected (Linux ≥ 3.17); the standard library's generator draws from the same source.
                var generator = SystemRandomNumberGenerator()
                for index in start..<buffer.count { buffer[index] = generator.next() }
                return
            }
        }
    }

    private static let hexDigits = Array("0123456789abcdef".utf8)
}
