import Testing

@testable import SQLiteStorage

/// The in-memory claims of the SQLite store, on their own: tokens fence, leases end on the clock they are
/// given, a claim taken over is left alone by its old holder, and expired claims do not pile up.
@Suite struct ClaimTableTests {
    typealias Table = ClaimTable<String, Int>

    @Test func aClaimHoldsItsKeysAtTheirDetailsUntilItsLeaseEnds() {
        let table = Table()
        table.claim([("a", 1), ("b", 2)], token: 7, until: 100, now: 0)
        #expect(table.held(now: 100) == ["a": 1, "b": 2])
        #expect(table.held(now: 101).isEmpty, "ended")
        #expect(table.isHeld("a", token: 7), "the token fences: a claim whose lease ended holds until another takes it")
        #expect(!table.isHeld("a", token: 8))
        #expect(table.anyLive(now: 100) && !table.anyLive(now: 101))
    }

    @Test func aNewClaimTakesTheKeyOverAndTheOldHolderCanNeitherExtendNorReleaseIt() {
        let table = Table()
        table.claim([("a", 1)], token: 7, until: 100, now: 0)
        table.claim([("a", 2)], token: 8, until: 200, now: 150)
        #expect(table.token(of: "a") == 8)
        table.extend([("a", token: 7)], until: 1_000)
        table.release([("a", token: 7)])
        #expect(table.held(now: 200) == ["a": 2], "the new claim, as it was")
        table.extend([("a", token: 8)], until: 300)
        #expect(table.isHeld("a", token: 8) && table.held(now: 300) == ["a": 2])
        table.release([("a", token: 8)])
        #expect(table.token(of: "a") == nil)
    }

    @Test func droppingAKeyEndsWhateverClaimHeldIt() {
        let table = Table()
        table.claim([("a", 1)], token: 7, until: 100, now: 0)
        table.drop("a")
        #expect(!table.isHeld("a", token: 7))
    }

    @Test func expiredClaimsGoOnceTheTableHasGrownPastItsSweepMark() {
        let table = Table()
        table.claim((0..<1_024).map { ("old\($0)", $0) }, token: 1, until: 10, now: 0)
        #expect(table.token(of: "old0") == 1, "under the mark nothing is swept, expired or not")
        table.claim([("new", 0)], token: 2, until: 100, now: 50)
        #expect(table.token(of: "old0") == nil, "past it, what ended before now goes")
        #expect(table.token(of: "new") == 2)
    }
}
