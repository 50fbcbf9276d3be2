import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Random identifiers and secrets in lowercase hex, from the system's secure generator.
package enum RandomID {
    /// Bytes drawn from the kernel a page at a time and handed out once each (zeroed as they go): a call
    /// into the kernel for every identifier (~3 µs on these machines, a push's token and every outbox
    /// message's id) cost more than the identifier. The bytes are the kernel's, only fetched ahead.
    private struct Pool {
        static let size = 4096
        var bytes = [UInt8](repeating: 0, count: size)
        /// Where the bytes not handed out yet begin: none at first.
        var next = size
    }

    private static let pool = Mutex(Pool())

    /// `bytes` random bytes as hex (twice as many digits).
    package static func hex(bytes: Int) -> String {
        String(unsafeUninitializedCapacity: bytes * 2) { digits in
            // All the bytes in one call into the kernel (`SystemRandomNumberGenerator` makes one for each eight),
            // drawn into the second half of the buffer, each then written as two digits from the front.
            let drawn = UnsafeMutableBufferPointer(rebasing: digits[bytes...])
            draw(into: drawn)
            for index in 0..<bytes {
                let byte = drawn[index]
                digits[2 * index] = hexDigits[Int(byte >> 4)]
                digits[2 * index + 1] = hexDigits[Int(byte & 15)]
            }
            return bytes * 2
        }
    }

    /// The wall clock's milliseconds since 1970 in 12 hex digits, then `bytes` random bytes in hex: an
    /// identifier that sorts by when it was made, so that an index of such identifiers takes each new one
    /// at its end. A random one lands on a random page of the index: a fan-out's commit of 1,024 outbox
    /// messages wrote a page of the outbox's `id` index for nearly every message.
    package static func timeOrdered(randomBytes bytes: Int) -> String {
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        return timeOrdered(milliseconds: UInt64(max(0, now.tv_sec)) * 1_000 + UInt64(max(0, now.tv_nsec)) / 1_000_000, randomBytes: bytes)
    }

    /// `timeOrdered(randomBytes:)` made at `milliseconds` since 1970 (its low 48 bits: until the year 10889).
    package static func timeOrdered(milliseconds: UInt64, randomBytes bytes: Int) -> String {
        let time = String(unsafeUninitializedCapacity: 12) { digits in
            for index in 0..<12 { digits[index] = hexDigits[Int((milliseconds >> UInt64(4 * (11 - index))) & 15)] }
            return 12
        }
        return time + hex(bytes: bytes)
    }

    /// Fills `buffer` from the pool (from the kernel for more than the pool holds).
    private static func draw(into buffer: UnsafeMutableBufferPointer<UInt8>) {
        let count = buffer.count
        guard count <= 256 else { return fill(buffer) }
        pool.withLock { pool in
            if pool.next + count > Pool.size {
                pool.bytes.withUnsafeMutableBufferPointer { fill($0) }
                pool.next = 0
            }
            let next = pool.next
            pool.bytes.withUnsafeMutableBufferPointer { bytes in
                for index in 0..<count {
                    buffer[index] = bytes[next + index]
                    bytes[next + index] = 0
                }
            }
            pool.next += count
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
