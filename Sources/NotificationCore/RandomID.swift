/// Random identifiers and secrets in lowercase hex, from the system's secure generator.
package enum RandomID {
    /// `bytes` random bytes as hex (twice as many digits).
    package static func hex(bytes: Int) -> String {
        var generator = SystemRandomNumberGenerator()
        var digits: [UInt8] = []
        digits.reserveCapacity(bytes * 2)
        for _ in 0..<bytes {
            let byte = UInt8.random(in: 0...255, using: &generator)
            digits.append(hexDigits[Int(byte >> 4)])
            digits.append(hexDigits[Int(byte & 15)])
        }
        return String(decoding: digits, as: UTF8.self)
    }

    private static let hexDigits = Array("0123456789abcdef".utf8)
}
