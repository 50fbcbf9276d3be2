import Synchronization
import Testing

@testable import Storage

/// The small map of values made last: each made once while it is held, the map emptied when full, and
/// the few asked for last kept through that (a batch asks for its centers' settings and states in turn).
@Suite struct SharedFormsTests {
    /// A map of `limit` entries, and how many times each key's value was made.
    private final class Counted: Sendable {
        let forms: SharedForms<String, String>
        let made = Mutex<[String: Int]>([:])

        init(limit: Int) { forms = SharedForms(limit: limit) }

        func ask(_ key: String) -> String {
            forms.value(for: key) {
                made.withLock { $0[key, default: 0] += 1 }
                return key.uppercased()
            }
        }
    }

    @Test func aValueIsMadeOnceWhileTheMapHoldsIt() {
        let counted = Counted(limit: 100)
        for _ in 0..<3 {
            for key in ["a", "b", "c", "d", "e", "f"] { #expect(counted.ask(key) == key.uppercased()) }
        }
        #expect(counted.made.withLock { $0 } == ["a": 1, "b": 1, "c": 1, "d": 1, "e": 1, "f": 1])
    }

    @Test func theFourAskedForLastOutlastTheMapsEmptying() {
        let counted = Counted(limit: 2)
        // The map empties at its limit: it holds "e" alone after these; the four last asked are kept aside.
        for key in ["a", "b", "c", "d", "e"] { _ = counted.ask(key) }
        for key in ["b", "c", "d", "e"] { #expect(counted.ask(key) == key.uppercased()) }
        #expect(counted.made.withLock { $0 } == ["a": 1, "b": 1, "c": 1, "d": 1, "e": 1], "b to e were not made again")
        #expect(counted.ask("a") == "A")
        #expect(counted.made.withLock { $0["a"] } == 2, "the fifth from last was made again")
    }
}
