import HTTPCore
import Testing

@Suite struct ByteRangeTests {
    @Test(
        arguments: [
            (nil, ByteRange.whole), ("bytes=0-9", .part(0...9)), ("bytes=5-", .part(5...99)), ("bytes=-10", .part(90...99)),
            ("bytes=-500", .part(0...99)), ("bytes=90-500", .part(90...99)), ("bytes=100-", .unsatisfiable),
            ("bytes=100-200", .unsatisfiable),
            ("bytes=-0", .unsatisfiable), ("bytes=0-1,5-6", .whole), ("items=0-1", .whole), ("bytes=9-2", .whole), ("bytes=x-y", .whole),
            ("BYTES = 1-2", .whole), (" bytes=1-2 ", .part(1...2)),
        ] as [(String?, ByteRange)])
    func resolvesAgainstALengthOf100(header: String?, expected: ByteRange) {
        #expect(ByteRange(header: header, length: 100) == expected)
    }

    @Test func anEmptyFileHasNoSuffix() {
        #expect(ByteRange(header: "bytes=-1", length: 0) == .unsatisfiable)
        #expect(ByteRange(header: "bytes=0-", length: 0) == .unsatisfiable)
    }
}
