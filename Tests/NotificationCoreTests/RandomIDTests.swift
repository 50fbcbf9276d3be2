import Foundation
import NotificationCore
import Testing

@Suite struct RandomIDTests {
    @Test(arguments: [0, 1, 7, 8, 12, 16, 255, 256, 257, 600])
    func everyByteBecomesTwoLowercaseHexDigits(bytes: Int) {
        let id = RandomID.hex(bytes: bytes)
        #expect(id.utf8.count == bytes * 2)
        #expect(
            id.utf8.allSatisfy {
                (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains($0)
            })
    }

    @Test func drawsDoNotRepeatAndUseEveryDigit() {
        let ids = (0..<1000).map { _ in RandomID.hex(bytes: 16) }
        #expect(Set(ids).count == ids.count)
        // 32,000 digits: each of the 16 comes ~2,000 times; one missing or rare would mean bytes not drawn.
        var counts: [Character: Int] = [:]
        for id in ids { for digit in id { counts[digit, default: 0] += 1 } }
        #expect(counts.count == 16)
        #expect(counts.values.allSatisfy { (1_600...2_400).contains($0) })
        // Nor the second half of a long draw (beyond one `getentropy` call) left as it was.
        let long = RandomID.hex(bytes: 600)
        #expect(Set(long.suffix(400)).count == 16)
    }

    @Test func timeOrderedIDsSortByTheirMillisecondThenAreRandom() throws {
        let early = RandomID.timeOrdered(milliseconds: 0x0193_8a2f_00ff, randomBytes: 10)
        #expect(early.hasPrefix("01938a2f00ff"))
        #expect(early.utf8.count == 12 + 20)
        // Whatever their random parts, a later millisecond sorts after; the same one twice differs.
        for _ in 0..<100 {
            let later = RandomID.timeOrdered(milliseconds: 0x0193_8a2f_0100, randomBytes: 10)
            #expect(later > early)
            #expect(later.dropFirst(12) != RandomID.timeOrdered(milliseconds: 0x0193_8a2f_0100, randomBytes: 10).dropFirst(12))
        }
        // Made now: the wall clock's milliseconds.
        let before = UInt64(Date().timeIntervalSince1970 * 1_000) - 1
        let now = try #require(UInt64(RandomID.timeOrdered(randomBytes: 4).prefix(12), radix: 16))
        let after = UInt64(Date().timeIntervalSince1970 * 1_000) + 1
        #expect((before...after).contains(now))
    }
}
