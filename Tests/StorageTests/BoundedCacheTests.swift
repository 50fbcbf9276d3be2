import Testing

@testable import Storage

/// The caches' map: at most its capacity, one entry evicted at random when full.
@Suite struct BoundedCacheTests {
    @Test func aFullCacheEvictsOneEntryToMakeRoom() {
        var cache = BoundedCache<Int, String>(capacity: 3)
        for key in 0..<3 { cache[key] = "v\(key)" }
        cache[1] = "w1"
        #expect(cache.count == 3 && cache[1] == "w1", "an update takes no room")
        cache[3] = "v3"
        #expect(cache.count == 3 && cache[3] == "v3")
        #expect((0..<3).filter { cache[$0] != nil }.count == 2, "one of the others went")
    }

    @Test func removalsKeepEveryOtherEntryReachable() {
        var cache = BoundedCache<Int, Int>(capacity: 100)
        for key in 0..<100 { cache[key] = key * 10 }
        for key in stride(from: 0, to: 100, by: 3) { cache[key] = nil }
        #expect(cache.count == 66)
        for key in 0..<100 { #expect(cache[key] == (key % 3 == 0 ? nil : key * 10)) }
        // Room again for what was removed, and eviction still picks among the entries there are.
        for key in 100..<134 { cache[key] = key * 10 }
        #expect(cache.count == 100)
        cache[134] = 1340
        #expect(cache.count == 100 && cache[134] == 1340)
        cache.removeAll()
        #expect(cache.count == 0 && cache[134] == nil)
    }

    /// A pass over a few more keys than it holds, again and again (a burst to every center of an app
    /// larger than the cache): most reads find their entry. Emptying the full map instead found none.
    @Test func passesOverMoreKeysThanItHoldsMostlyHit() {
        var cache = BoundedCache<Int, Int>(capacity: 1000)
        var hits = 0
        for pass in 0..<5 {
            for key in 0..<1100 {
                if cache[key] != nil {
                    if pass > 0 { hits += 1 }
                } else {
                    cache[key] = key
                }
            }
        }
        // About 1000 / 1100 of each later pass is expected; far from this bound by chance alone.
        #expect(hits > 4 * 1100 * 8 / 10, "\(hits) hits in 4 passes of 1100")
        #expect(cache.count == 1000)
    }

    /// Bulk reads fill the room there is and take nobody's place: the entries single reads keep outlast a
    /// pass over more keys than the map holds, which still finds the capacity's worth of its keys.
    @Test func bulkInsertionsTakeOnlyFreeRoom() {
        var cache = BoundedCache<Int, Int>(capacity: 100)
        for key in 0..<10 { cache[key] = key }
        var hits = 0
        for pass in 0..<3 {
            for key in 1000..<1200 {
                if cache[key] != nil {
                    if pass > 0 { hits += 1 }
                } else {
                    cache.insertIfRoom(key, for: key)
                }
            }
        }
        #expect(cache.count == 100)
        #expect((0..<10).allSatisfy { cache[$0] == $0 }, "the single reads' entries stay")
        #expect(hits == 2 * 90, "each later pass finds the 90 keys that had room")
        cache.insertIfRoom(-1, for: 5)
        #expect(cache[5] == -1, "an update needs no room")
        cache[0] = nil
        cache.insertIfRoom(7, for: 7000)
        #expect(cache[7000] == 7 && cache.count == 100, "room made by a removal is taken")
    }
}
