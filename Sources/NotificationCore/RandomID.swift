/// Random identifiers and secrets in lowercase hex, from the system's secure generator.
package enum RandomID {
    /// `bytes` random bytes as hex (twice as many digits).
    package static func hex(bytes: Int) -> String {
        var generator = SystemRandomNumberGenerator()
        return (0..<bytes).map { _ in
            let byte = UInt8.random(in: 0...255, using: &generator)
            return String(hexDigits[Int(byte >> 4)]) + String(hexDigits[Int(byte & 15)])
        }.joined()
    }

    private static let hexDigits = Array("0123456789abcdef")
}
