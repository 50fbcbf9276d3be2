import Foundation
import NotificationCore
import Storage
import Testing

@testable import Scheduling

/// The scheduler's claimed requests come out earliest first, only once due, each once and whole.
@Suite struct ClaimedHeapTests {
    static let start = Date(timeIntervalSince1970: 1_000)

    /// A claimed request due `seconds` after the start (claims are of requests with a fire date).
    static func claimed(_ index: Int, at seconds: Double) -> StoredPending {
        StoredPending(
            pending: PendingRequest(
                center: CenterKey(appID: "a", centerID: "c\(index)"),
                request: NotificationRequest(identifier: "r\(index)", content: NotificationContent(title: "t\(index)")), addedAt: start,
                nextFireDate: start.addingTimeInterval(seconds)),
            revision: Int64(index), claim: 7, requestForm: Data("form \(index)".utf8))
    }

    @Test func dueRequestsComeOutEarliestFirstAndOnlyOnceDue() {
        var generator = SystemRandomNumberGenerator()
        let dates = (0..<500).map { _ in Double(Int.random(in: 0..<100, using: &generator)) }
        let items = dates.enumerated().map { Self.claimed($0.offset, at: $0.element) }
        var heap = ClaimedHeap()
        heap.insert(Array(items.prefix(250)))
        heap.insert(Array(items.dropFirst(250)))
        #expect(heap.count == 500 && heap.first == Self.start.addingTimeInterval(dates.min()!))

        let due = heap.removeDue(at: Self.start.addingTimeInterval(49))
        let fireDates = due.map { $0.pending.nextFireDate! }
        #expect(fireDates == fireDates.sorted(), "earliest first")
        #expect(Set(due) == Set(items.filter { $0.pending.nextFireDate! <= Self.start.addingTimeInterval(49) }), "each due one, whole")
        #expect(heap.count == 500 - due.count && heap.first.map { $0 > Self.start.addingTimeInterval(49) } != false)

        let rest = heap.removeDue(at: Self.start.addingTimeInterval(100))
        #expect(rest.map { $0.pending.nextFireDate! } == rest.map { $0.pending.nextFireDate! }.sorted())
        #expect(Set(due + rest) == Set(items) && heap.count == 0 && heap.first == nil)
    }

    /// What is left is handed back whole by `removeAll`, the earliest first out of `removeDue` before it.
    @Test func removeAllHandsBackWhatIsLeft() {
        var heap = ClaimedHeap()
        heap.insert([Self.claimed(1, at: 50), Self.claimed(2, at: 0), Self.claimed(3, at: 10)])
        #expect(heap.removeDue(at: Self.start).map(\.revision) == [2])
        #expect(Set(heap.removeAll().map(\.revision)) == [1, 3] && heap.count == 0)
    }
}
